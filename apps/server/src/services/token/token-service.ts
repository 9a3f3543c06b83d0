import { randomUUID } from 'node:crypto';
import { address as toAddress, isAddress, type Address, type Signature } from '@solana/kit';
import {
  MESSAGES,
  TOKEN_AMOUNT_MAX_LENGTH,
  TOKEN_DECIMALS,
  type FaucetRequestBody,
} from '@symposia/shared';
import {
  FaucetTransferError,
  formatTokenAmount,
  networkName,
  parseTokenAmount,
  type Chain,
  type Cluster,
  type FaucetLimits,
  type FaucetSettings,
  type PreparedTransfer,
} from '../../chain/index.js';
import type {
  FaucetErrorKind,
  FaucetRepository,
  FaucetRequest,
  NewFaucetRequest,
} from '../../repositories/faucet-repository.js';
import type { Clock } from '../clock.js';
import { ConflictError, InvalidInputError, TooManyAttemptsError } from '../errors.js';
import { ChainOperationError, FaucetUnavailableError } from './errors.js';
import { brokenRules, FAUCET_WINDOW_MS, formatClaimTime, limitRules, nextFitAt } from './limits.js';

/** What GET /token/info says. Amounts in the token's smallest unit. */
export interface FaucetInfo {
  enabled: boolean;
  cluster: Cluster;
  networkName: string;
  mint: string;
  decimals: number;
  limits: FaucetLimits;
  explorerTxBase: string | null;
}

/** A paid request (spec §2: receiving address, amount, transaction hash and time). */
export interface TokenTransferResult {
  address: string;
  units: bigint;
  signature: string;
  /** When the transfer was confirmed, ISO 8601 UTC. */
  time: string;
  explorerUrl: string | null;
}

/** Who asks and from where; the limits count per member, per receiving address and per IP. */
export interface FaucetCaller {
  userId: string;
  ip: string;
}

export type TokenService = ReturnType<typeof createTokenService>;

/** How long a retried request waits for its first attempt, still in flight, to end. */
const DEFAULT_PENDING_WAIT_MS = 20_000;
const DEFAULT_PENDING_POLL_MS = 100;
/**
 * After this long a pending request is settled from the chain: a signed transaction's blockhash
 * is valid for 150 blocks (about a minute), so by then it has landed or never will.
 */
const DEFAULT_STALE_AFTER_MS = 3 * 60_000;

type Reservation =
  | { kind: 'first'; first: FaucetRequest }
  | { kind: 'refused'; at: number; fitsAt: number }
  | { kind: 'created'; request: NewFaucetRequest };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failed transfer as the member is told it: exported for reward claims, which pay the same way. */
export type Failure = {
  kind: FaucetErrorKind;
  message: string;
  definitive: boolean;
  logDetail: string;
};

/**
 * Turns the chain's verdict into the spec's message (§8), the kind of failure (which decides the
 * HTTP status) and whether it is final. `phase` tells a lookup that failed before anything was
 * built (the receiving account could not be verified) from a send that could not be finished.
 */
export function failureOf(error: unknown, phase: 'prepare' | 'send'): Failure {
  if (!(error instanceof FaucetTransferError)) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // Before sending nothing can have left; after, an unknown error may hide a sent transaction.
    return {
      kind: 'chain',
      message: MESSAGES.tokenTransferFailed,
      definitive: phase === 'prepare',
      logDetail: detail,
    };
  }
  const { problem, reason } = error;
  const logDetail = `${problem}: ${error.detail}`;
  const final = (kind: FaucetErrorKind, message: string): Failure => ({
    kind,
    message,
    definitive: true,
    logDetail,
  });
  switch (problem) {
    case 'source-account-missing':
      return final('unavailable', MESSAGES.sourceAccountMissing);
    case 'source-token-account-missing':
      return final('unavailable', MESSAGES.sourceTokenAccountMissing);
    case 'insufficient-sol':
      return final('unavailable', MESSAGES.insufficientSol);
    case 'out-of-tokens':
    case 'mint-invalid':
      return final('unavailable', MESSAGES.tokenOperationFailed(reason));
    case 'receiver-invalid':
      return final('invalid', MESSAGES.accountVerificationFailed(reason));
    case 'activation-failed':
      return final('chain', MESSAGES.accountActivationFailed(reason));
    case 'token-operation-failed':
      return final('chain', MESSAGES.tokenOperationFailed(reason));
    case 'chain-unavailable':
      return final(
        'chain',
        phase === 'prepare'
          ? MESSAGES.accountVerificationFailed(reason)
          : MESSAGES.tokenTransferFailed,
      );
    case 'rejected':
      return final('chain', MESSAGES.tokenTransferFailed);
    case 'uncertain':
      return { kind: 'chain', message: MESSAGES.tokenTransferFailed, definitive: false, logDetail };
  }
}

/** Whether a transfer's error is its outcome as the member is told it (recorded in the ledger). */
export function isAnswer(error: unknown): boolean {
  return (
    error instanceof FaucetUnavailableError ||
    error instanceof ChainOperationError ||
    error instanceof InvalidInputError
  );
}

export function errorFor(kind: FaucetErrorKind, message: string, logDetail?: string): Error {
  switch (kind) {
    case 'unavailable':
      return new FaucetUnavailableError(message, logDetail);
    case 'invalid':
      return new InvalidInputError([{ field: 'address', message }]);
    case 'chain':
      return new ChainOperationError(message, logDetail);
  }
}

export function createTokenService(deps: {
  ledger: FaucetRepository;
  /** Null when the faucet is turned off (FAUCET_ENABLED=false). */
  chain: Chain | null;
  settings: Pick<FaucetSettings, 'cluster' | 'limits' | 'mint'>;
  now: Clock;
  pendingWaitMs?: number;
  pendingPollMs?: number;
  staleAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { ledger, chain, settings, now } = deps;
  const rules = limitRules(settings.limits);
  const pendingWaitMs = deps.pendingWaitMs ?? DEFAULT_PENDING_WAIT_MS;
  const pendingPollMs = deps.pendingPollMs ?? DEFAULT_PENDING_POLL_MS;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const sleep = deps.sleep ?? wait;

  function requireChain(): Chain {
    if (!chain) throw new FaucetUnavailableError(MESSAGES.faucetDisabled, 'FAUCET_ENABLED=false');
    return chain;
  }

  /** The address and amount, or a 422 naming every field that is wrong (spec §5, §8). */
  function validate(body: FaucetRequestBody): { receiver: Address; units: bigint } {
    const errors: { field: string; message: string }[] = [];
    const text = body.address?.trim() ?? '';
    if (!text) errors.push({ field: 'address', message: MESSAGES.enterReceivingAddress });
    else if (!isAddress(text))
      errors.push({ field: 'address', message: MESSAGES.invalidSolanaAddress });
    // Checked before parsing, so that what parsing costs is bounded by this length.
    const tooLong = typeof body.amount === 'string' && body.amount.length > TOKEN_AMOUNT_MAX_LENGTH;
    const units = body.amount === undefined || tooLong ? null : parseTokenAmount(body.amount);
    if (tooLong) {
      errors.push({
        field: 'amount',
        message: MESSAGES.tokenAmountTooLong(TOKEN_AMOUNT_MAX_LENGTH),
      });
    } else if (units === null || units <= 0n) {
      errors.push({ field: 'amount', message: MESSAGES.tokenAmountInvalid });
    } else if (units < settings.limits.minPerRequest) {
      errors.push({
        field: 'amount',
        message: MESSAGES.tokenAmountTooSmall(
          Number(formatTokenAmount(settings.limits.minPerRequest)),
        ),
      });
    } else if (units > settings.limits.perRequest) {
      errors.push({
        field: 'amount',
        message: MESSAGES.tokenAmountTooLarge(
          Number(formatTokenAmount(settings.limits.perRequest)),
        ),
      });
    }
    if (errors.length > 0 || units === null) throw new InvalidInputError(errors);
    return { receiver: toAddress(text), units };
  }

  function resultOf(request: FaucetRequest, signature: string, time: string): TokenTransferResult {
    return {
      address: request.address,
      units: request.amountUnits,
      signature,
      time,
      explorerUrl: chain?.explorerUrl(signature) ?? null,
    };
  }

  function failureStored(request: FaucetRequest): Error {
    return errorFor(request.errorKind ?? 'chain', request.error ?? MESSAGES.tokenTransferFailed);
  }

  async function fail(id: string, failure: Failure): Promise<never> {
    if (failure.definitive) {
      await ledger.complete(id, {
        status: 'failed',
        errorKind: failure.kind,
        error: failure.message,
        completedAt: now().toISOString(),
      });
    }
    throw errorFor(failure.kind, failure.message, failure.logDetail);
  }

  /**
   * Settles a request that has been pending too long, from what the chain knows: its transaction
   * landed (sent) or landed and failed (failed, the reservation released). A request that never
   * got a signature never sent anything (the signature is recorded first, and only while the row
   * is pending), so it is failed too.
   */
  async function settle(request: FaucetRequest, current: Chain): Promise<FaucetRequest> {
    const since = request.sentAt ?? request.createdAt;
    if (now().getTime() - Date.parse(since) < staleAfterMs) return request;
    const failed = {
      status: 'failed',
      errorKind: 'chain',
      error: MESSAGES.tokenTransferFailed,
      completedAt: now().toISOString(),
    } as const;
    if (!request.signature) {
      await ledger.complete(request.id, failed);
    } else {
      const status = await current
        .signatureStatus(request.signature as Signature)
        .catch(() => null);
      if (status === 'confirmed') {
        await ledger.complete(request.id, {
          status: 'sent',
          signature: request.signature,
          completedAt: now().toISOString(),
        });
      } else if (status === 'failed') {
        await ledger.complete(request.id, failed);
      }
      // Not found: most likely it never landed, but a node with short history cannot prove it;
      // the reservation stays (it leaves the window after 24 h), so no limit can be overshot.
    }
    return (await ledger.find(request.id)) ?? request;
  }

  /** The first attempt's answer for a retried request_id, waiting while it is in flight. */
  async function replay(
    first: FaucetRequest,
    current: Chain,
    waitMs = pendingWaitMs,
  ): Promise<TokenTransferResult> {
    let request = first;
    const deadline = Date.now() + waitMs;
    while (request.status === 'pending') {
      request = await settle(request, current);
      if (request.status !== 'pending' || Date.now() >= deadline) break;
      await sleep(pendingPollMs);
      request = (await ledger.find(request.id)) ?? request;
    }
    if (request.status === 'sent' && request.signature) {
      return resultOf(request, request.signature, request.completedAt ?? request.createdAt);
    }
    if (request.status === 'failed') throw failureStored(request);
    throw new ConflictError(MESSAGES.faucetRequestPending);
  }

  /**
   * Pays the reserved request: sent from here, or — when another process owns the chain
   * (chain/owner.ts) — handed over to it, waiting for its answer in the ledger.
   */
  async function pay(request: FaucetRequest, current: Chain): Promise<TokenTransferResult> {
    const { relay } = current;
    if (relay && !(await relay.sendsHere())) {
      await relay.handOver('faucet', request.id);
      return replay(request, current, relay.waitMs);
    }
    return send(request, current);
  }

  /** Sends the reserved request's tokens and records the outcome. */
  async function send(request: FaucetRequest, current: Chain): Promise<TokenTransferResult> {
    let prepared: PreparedTransfer;
    try {
      prepared = await current.prepareTransfer(
        request.address as Address,
        request.amountUnits,
        `symposia-faucet:${request.id}`,
      );
    } catch (error) {
      return fail(request.id, failureOf(error, 'prepare'));
    }
    // The signature goes into the ledger before the transaction leaves, so its fate can be
    // looked up whatever happens next. If the row was given up meanwhile, nothing is sent.
    let recorded: boolean;
    try {
      recorded = await ledger.recordSignature(request.id, prepared.signature, now().toISOString());
    } catch (error) {
      return fail(request.id, failureOf(error, 'prepare'));
    }
    if (!recorded)
      throw new ChainOperationError(MESSAGES.tokenTransferFailed, 'request settled before sending');
    try {
      await prepared.send();
    } catch (error) {
      return fail(request.id, failureOf(error, 'send'));
    }
    const time = now().toISOString();
    // The tokens are paid; should this write fail, the row keeps its signature and is settled
    // as sent later, so the answer is still the truth.
    await ledger
      .complete(request.id, { status: 'sent', signature: prepared.signature, completedAt: time })
      .catch(() => false);
    return resultOf(request, prepared.signature, time);
  }

  return {
    /**
     * The chain owner's side of a hand-over (a `chain-transfer` job): sends the pending request
     * `id` another process reserved. A request already sent or settled is left alone; an outcome
     * the member is told (a refusal, a failed transfer) is recorded in the ledger and ends the
     * job; anything else (the database, ownership moving on) throws, so the job runs again.
     */
    async sendHandedOver(id: string): Promise<void> {
      const current = requireChain();
      const request = await ledger.find(id);
      if (!request || request.status !== 'pending' || request.signature !== null) return;
      if (current.relay && !(await current.relay.sendsHere())) {
        throw new Error('this process no longer owns the chain');
      }
      try {
        await send(request, current);
      } catch (error) {
        if (!isAnswer(error)) throw error;
      }
    },

    info(): FaucetInfo {
      return {
        enabled: chain !== null,
        cluster: chain?.cluster ?? settings.cluster,
        networkName: chain?.networkName ?? networkName(settings.cluster),
        mint: chain?.mint ?? settings.mint ?? '',
        decimals: TOKEN_DECIMALS,
        limits: settings.limits,
        explorerTxBase: chain?.explorerTxBase ?? null,
      };
    },

    /**
     * A member asks for tokens. The request is validated, then reserved in the ledger against
     * every limit in one locked transaction (refused: 429 with the time it would fit), then paid.
     * The same request_id again returns the first answer and never pays twice; used again for
     * another address or amount, it is refused (422).
     */
    async request(caller: FaucetCaller, body: FaucetRequestBody): Promise<TokenTransferResult> {
      const current = requireChain();
      const { receiver, units } = validate(body);
      const requestId = body.request_id?.trim() || randomUUID();
      const draft = {
        id: randomUUID(),
        userId: caller.userId,
        requestId,
        address: receiver as string,
        ip: caller.ip,
        amountUnits: units,
        cluster: current.cluster,
        mint: current.mint as string,
      };

      const reserved = await ledger.exclusive(async (locked): Promise<Reservation> => {
        const first = await locked.findByRequestId(caller.userId, requestId);
        if (first) return { kind: 'first', first };
        const at = now();
        const since = new Date(at.getTime() - FAUCET_WINDOW_MS).toISOString();
        const keys = { user: caller.userId, address: draft.address, ip: caller.ip, global: '' };
        const usage = await locked.usage(
          { userId: caller.userId, address: draft.address, ip: caller.ip },
          since,
        );
        const broken = brokenRules(rules, usage, units);
        if (broken.length > 0) {
          let fitsAt = at.getTime();
          for (const rule of broken) {
            const rows = await locked.reservations(rule.scope, keys[rule.scope], since);
            fitsAt = Math.max(fitsAt, nextFitAt(rule, rows, units));
          }
          return { kind: 'refused', at: at.getTime(), fitsAt };
        }
        const request = { ...draft, createdAt: at.toISOString() };
        await locked.insert(request);
        return { kind: 'created', request };
      });

      if (reserved.kind === 'first') {
        const { first } = reserved;
        // The same id for another request is a client bug or a probe: neither gets the first
        // request's answer (nor, by a changed amount, a second payment).
        if (first.address !== draft.address || first.amountUnits !== units) {
          throw new InvalidInputError([
            { field: 'request_id', message: MESSAGES.faucetRequestIdReused },
          ]);
        }
        return replay(first, current);
      }
      if (reserved.kind === 'refused') {
        const { at, fitsAt } = reserved;
        throw new TooManyAttemptsError(
          Math.max(1, Math.ceil((fitsAt - at) / 1000)),
          MESSAGES.faucetLimitReached(formatClaimTime(fitsAt)),
        );
      }
      return pay(
        {
          ...reserved.request,
          status: 'pending',
          signature: null,
          errorKind: null,
          error: null,
          sentAt: null,
          completedAt: null,
        },
        current,
      );
    },
  };
}
