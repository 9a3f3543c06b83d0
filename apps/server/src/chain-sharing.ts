import { randomUUID } from 'node:crypto';
import { embeddedKeyPaths, openChain, type Chain } from './chain/index.js';
import { keyPairText, signerFromSecretKey, signerFromText } from './chain/keys.js';
import { CHAIN_TRANSFER_JOB, openSharedEmbeddedChain, type SharedChain } from './chain/owner.js';
import type { Config } from './config.js';
import { createWorker, type ProcessingLog, type Worker } from './processing/index.js';
import type { Repositories } from './repositories/index.js';
import type { Clock } from './services/clock.js';
import { ANCHOR_RECEIPTS_JOB, type Services } from './services/index.js';

/** Transfers the chain's owner sends at once. */
const TRANSFER_CONCURRENCY = 4;
/** How often the owner looks for handed-over transfers: a member waits on each. */
const TRANSFER_POLL_MS = 100;

/**
 * The chain this process pays on. The embedded chain on PostgreSQL is shared by every process on
 * the database (chain/owner.ts): its keys are the database's (server_secrets, made by the first
 * process from its DATA_DIR/chain files if it has them), its state is saved there, and one
 * process at a time sends. On SQLite (one machine) and on a real cluster, as before: the
 * embedded chain in this process, or any process sending through SOLANA_RPC_URL.
 */
export async function openAppChain(
  config: Config,
  repositories: Repositories,
  now: Clock,
  log: ProcessingLog,
): Promise<Chain | null> {
  const settings = config.faucet;
  if (
    !settings.enabled ||
    settings.cluster !== 'embedded' ||
    config.database.dialect !== 'postgres'
  ) {
    return openChain(settings, config.dataDir);
  }
  const paths = embeddedKeyPaths(config.dataDir);
  const shared = async (name: string, path: string) => {
    const offered = await keyPairText(path);
    return signerFromText(
      await repositories.storage.sharedSecret(name, () => offered, now().toISOString()),
      name,
    );
  };
  const faucet = settings.secretKey
    ? await signerFromSecretKey(settings.secretKey, 'FAUCET_SECRET_KEY')
    : await shared('embedded-chain-faucet-key', paths.faucet);
  const mint = await shared('embedded-chain-mint-key', paths.mint);
  return openSharedEmbeddedChain({
    faucet,
    mint,
    store: repositories.chain,
    queue: (kind, subjectId) =>
      repositories.jobs.enqueue({
        id: randomUUID(),
        kind,
        subjectId,
        maxAttempts: config.processing.maxAttempts,
        at: now().toISOString(),
      }),
    now,
    candidate: config.chainOwner.candidate,
    leaseSeconds: config.chainOwner.leaseSeconds,
    transferWaitMs: config.chainOwner.transferTimeoutSeconds * 1000,
    log,
  });
}

export function isSharedChain(chain: Chain | null): chain is SharedChain {
  return chain !== null && 'owns' in chain && 'onOwnership' in chain;
}

/**
 * While this process owns the shared chain, a worker sends the transfers other processes hand
 * over (`chain-transfer` jobs, which no other worker claims). Returns what stops it all on close:
 * the worker first (its transfers in flight finish), then the chain (ownership given back).
 */
export async function startChainOwnerDuties(deps: {
  chain: SharedChain;
  services: Pick<Services, 'ledger'> & { receipts?: Pick<Services['receipts'], 'anchorEpoch'> };
  repositories: Repositories;
  config: Config;
  now: Clock;
  log: ProcessingLog;
}): Promise<() => Promise<void>> {
  const { chain, services } = deps;
  const worker: Worker = createWorker({
    jobs: deps.repositories.jobs,
    handlers: {
      // `kind:id` of a ledger row (chain/owner.ts `handOver`); services/ledger/ sends it.
      [CHAIN_TRANSFER_JOB]: async (subject) => {
        const [kind = '', id = ''] = subject.split(':', 2);
        await services.ledger.sendHandedOver(kind, id);
      },
      // Receipts' roots (issue 29): only the owner writes to the shared chain.
      ...(services.receipts && {
        [ANCHOR_RECEIPTS_JOB]: (epochId: string) => services.receipts!.anchorEpoch(Number(epochId)),
      }),
    },
    settings: {
      concurrency: TRANSFER_CONCURRENCY,
      leaseSeconds: deps.config.processing.leaseSeconds,
      maxLeaseExpiries: deps.config.processing.maxLeaseExpiries,
      pollMs: TRANSFER_POLL_MS,
    },
    now: deps.now,
    log: deps.log,
  });
  let stopping: Promise<void> = Promise.resolve();
  chain.onOwnership((owned) => {
    if (owned) {
      void stopping.then(() => worker.start());
    } else {
      stopping = worker.stop();
    }
  });
  await chain.start();
  return async () => {
    await worker.stop();
    await chain.close();
  };
}
