import { randomUUID } from 'node:crypto';
import { address as toAddress, isAddress, type Address, type Signature } from '@solana/kit';
import { MESSAGES, type ClaimRewardsBody } from '@symposia/shared';
import { formatTokenAmount, type Chain, type PreparedTransfer } from '../../chain/index.js';
import type { User } from '../../domain/user.js';
import { authorize, decideRewardClaim } from '../../policies/index.js';
import { DuplicateKeyError } from '../../repositories/errors.js';
import type {
  NewRewardClaim,
  RewardClaim,
  RewardClaimRepository,
} from '../../repositories/reward-claim-repository.js';
import type { Clock } from '../clock.js';
import { ConflictError, InvalidInputError } from '../errors.js';
import { ChainOperationError, FaucetUnavailableError } from '../token/errors.js';
import { errorFor, failureOf, isAnswer, type Failure } from '../token/token-service.js';

/** A paid claim: where the tokens went, how many, by which transaction and when. */
export interface RewardClaimResult {
  address: string;
  units: bigint;
  signature: string;
  /** When the transfer was confirmed, ISO 8601 UTC. */
  time: string;
  explorerUrl: string | null;
}

export interface RewardClaimSettings {
  /** REWARD_MIN_CLAIM_AGE_SECONDS: how old an account must be to claim. */
  minClaimAgeSeconds: number;
  /** REWARD_MIN_CLAIM in the token's smallest unit: the smallest balance a claim pays. */
  minClaimUnits: bigint;
}

export type RewardClaimService = ReturnType<typeof createRewardClaimService>;

/** How long a retried claim waits for its first attempt, still in flight, to end. */
const DEFAULT_PENDING_WAIT_MS = 20_000;
const DEFAULT_PENDING_POLL_MS = 100;
/**
 * After this long a pending claim is settled from the chain: a signed transaction's blockhash is
 * valid for about a minute, so by then it has landed or never will (as the faucet does).
 */
const DEFAULT_STALE_AFTER_MS = 3 * 60_000;

type Reservation =
  | { kind: 'first'; first: RewardClaim }
  | { kind: 'below-minimum'; units: bigint }
  | { kind: 'created'; claim: NewRewardClaim };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Claiming contribution rewards: the member's whole claimable balance (every credited payout no
 * claim has taken) is paid to one address with the faucet's transfer (account activation,
 * associated token account, `transferChecked`), in the faucet's ledger discipline — reserved in
 * one transaction before anything is sent, the signature stored before sending, a retried
 * request_id answered with the first result, a failure that certainly sent nothing released.
 */
export function createRewardClaimService(deps: {
  claims: RewardClaimRepository;
  /** Null when the chain is turned off (FAUCET_ENABLED=false): nothing can be paid. */
  chain: Chain | null;
  settings: RewardClaimSettings;
  now: Clock;
  pendingWaitMs?: number;
  pendingPollMs?: number;
  staleAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { claims, chain, settings, now } = deps;
  const pendingWaitMs = deps.pendingWaitMs ?? DEFAULT_PENDING_WAIT_MS;
  const pendingPollMs = deps.pendingPollMs ?? DEFAULT_PENDING_POLL_MS;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const sleep = deps.sleep ?? wait;

  function requireChain(): Chain {
    if (!chain) {
      throw new FaucetUnavailableError(MESSAGES.rewardClaimsDisabled, 'FAUCET_ENABLED=false');
    }
    return chain;
  }

  /**
   * The receiving address, as the faucet checks it. The server keeps no record of members'
   * wallets (the connection lives in the browser), so the web app sends the connected wallet's
   * address; without one the member must type it.
   */
  function receiverOf(body: ClaimRewardsBody): Address {
    const text = body.address?.trim() ?? '';
    if (!text) {
      throw new InvalidInputError([{ field: 'address', message: MESSAGES.enterReceivingAddress }]);
    }
    if (!isAddress(text)) {
      throw new InvalidInputError([{ field: 'address', message: MESSAGES.invalidSolanaAddress }]);
    }
    return toAddress(text);
  }

  function resultOf(claim: RewardClaim, signature: string, time: string): RewardClaimResult {
    return {
      address: claim.address,
      units: claim.amountUnits,
      signature,
      time,
      explorerUrl: chain?.explorerUrl(signature) ?? null,
    };
  }

  async function fail(id: string, failure: Failure): Promise<never> {
    // Only a failure that certainly sent nothing ends the claim (and gives its payouts back);
    // an uncertain one stays pending until the chain can tell (`settle`).
    if (failure.definitive) {
      await claims.complete(id, {
        status: 'failed',
        errorKind: failure.kind,
        error: failure.message,
        completedAt: now().toISOString(),
      });
    }
    throw errorFor(failure.kind, failure.message, failure.logDetail);
  }

  /**
   * Settles a claim pending too long from what the chain knows: landed (sent), or landed and
   * failed (failed, payouts released). One that never got a signature never sent anything.
   * Not found keeps it pending: a node with short history cannot prove it never landed, and
   * keeping the payouts reserved is what makes paying twice impossible.
   */
  async function settle(claim: RewardClaim, current: Chain): Promise<RewardClaim> {
    const since = claim.sentAt ?? claim.createdAt;
    if (now().getTime() - Date.parse(since) < staleAfterMs) return claim;
    const failed = {
      status: 'failed',
      errorKind: 'chain',
      error: MESSAGES.tokenTransferFailed,
      completedAt: now().toISOString(),
    } as const;
    if (!claim.signature) {
      await claims.complete(claim.id, failed);
    } else {
      const status = await current.signatureStatus(claim.signature as Signature).catch(() => null);
      if (status === 'confirmed') {
        await claims.complete(claim.id, {
          status: 'sent',
          signature: claim.signature,
          completedAt: now().toISOString(),
        });
      } else if (status === 'failed') {
        await claims.complete(claim.id, failed);
      }
    }
    return (await claims.find(claim.id)) ?? claim;
  }

  /** The first attempt's answer for a retried request_id, waiting while it is in flight. */
  async function replay(
    first: RewardClaim,
    current: Chain,
    waitMs = pendingWaitMs,
  ): Promise<RewardClaimResult> {
    let claim = first;
    const deadline = Date.now() + waitMs;
    while (claim.status === 'pending') {
      claim = await settle(claim, current);
      if (claim.status !== 'pending' || Date.now() >= deadline) break;
      await sleep(pendingPollMs);
      claim = (await claims.find(claim.id)) ?? claim;
    }
    if (claim.status === 'sent' && claim.signature) {
      return resultOf(claim, claim.signature, claim.completedAt ?? claim.createdAt);
    }
    if (claim.status === 'failed') {
      throw errorFor(claim.errorKind ?? 'chain', claim.error ?? MESSAGES.tokenTransferFailed);
    }
    throw new ConflictError(MESSAGES.rewardClaimPending);
  }

  /**
   * Pays the reserved claim: sent from here, or — when another process owns the chain
   * (chain/owner.ts) — handed over to it, waiting for its answer in the ledger.
   */
  async function pay(claim: RewardClaim, current: Chain): Promise<RewardClaimResult> {
    const { relay } = current;
    if (relay && !(await relay.sendsHere())) {
      await relay.handOver('reward', claim.id);
      return replay(claim, current, relay.waitMs);
    }
    return send(claim, current);
  }

  /** Sends the reserved claim's tokens and records the outcome (the faucet's `send`). */
  async function send(claim: RewardClaim, current: Chain): Promise<RewardClaimResult> {
    let prepared: PreparedTransfer;
    try {
      prepared = await current.prepareTransfer(
        claim.address as Address,
        claim.amountUnits,
        `symposia-reward:${claim.id}`,
      );
    } catch (error) {
      return fail(claim.id, failureOf(error, 'prepare'));
    }
    let recorded: boolean;
    try {
      recorded = await claims.recordSignature(claim.id, prepared.signature, now().toISOString());
    } catch (error) {
      return fail(claim.id, failureOf(error, 'prepare'));
    }
    if (!recorded) {
      throw new ChainOperationError(MESSAGES.tokenTransferFailed, 'claim settled before sending');
    }
    try {
      await prepared.send();
    } catch (error) {
      return fail(claim.id, failureOf(error, 'send'));
    }
    const time = now().toISOString();
    // The tokens are paid; should this write fail, the row keeps its signature and is settled
    // as sent later, so the answer is still the truth.
    await claims
      .complete(claim.id, { status: 'sent', signature: prepared.signature, completedAt: time })
      .catch(() => false);
    return resultOf(claim, prepared.signature, time);
  }

  return {
    /**
     * The chain owner's side of a hand-over (a `chain-transfer` job): sends the pending claim
     * `id` another process reserved. A claim already sent or settled is left alone; an outcome
     * the member is told (a refusal, a failed transfer) is recorded in the ledger and ends the
     * job; anything else (the database, ownership moving on) throws, so the job runs again.
     */
    async sendHandedOver(id: string): Promise<void> {
      const current = requireChain();
      const claim = await claims.find(id);
      if (!claim || claim.status !== 'pending' || claim.signature !== null) return;
      if (current.relay && !(await current.relay.sendsHere())) {
        throw new Error('this process no longer owns the chain');
      }
      try {
        await send(claim, current);
      } catch (error) {
        if (!isAnswer(error)) throw error;
      }
    },

    /**
     * The member claims everything claimable. 403 while the account is younger than
     * REWARD_MIN_CLAIM_AGE_SECONDS (with the time it may), 422 for a bad address or a balance
     * below REWARD_MIN_CLAIM (with both amounts). The same request_id again returns the first
     * answer and never pays twice; concurrent claims of one member pay once.
     */
    async claim(user: User, body: ClaimRewardsBody): Promise<RewardClaimResult> {
      const current = requireChain();
      const receiver = receiverOf(body);
      const at = now();
      authorize(decideRewardClaim(user, { at, minAccountAgeSeconds: settings.minClaimAgeSeconds }));
      const requestId = body.request_id.trim();

      // Claims whose answer was lost long ago: settled first, so that what they reserved and
      // never paid is claimable again.
      for (const stale of await claims.pendingOf(user.id)) {
        if (stale.requestId !== requestId) await settle(stale, current);
      }

      let reserved: Reservation;
      try {
        reserved = await claims.exclusive(user.id, async (locked): Promise<Reservation> => {
          const first = await locked.findByRequestId(user.id, requestId);
          if (first) return { kind: 'first', first };
          const payouts = await locked.unclaimedPayouts(user.id);
          const units = payouts.reduce((sum, payout) => sum + payout.units, 0n);
          if (units === 0n || units < settings.minClaimUnits)
            return { kind: 'below-minimum', units };
          const claim = {
            id: randomUUID(),
            userId: user.id,
            requestId,
            address: receiver as string,
            amountUnits: units,
            createdAt: at.toISOString(),
          };
          await locked.insert(
            claim,
            payouts.map((payout) => payout.epochId),
          );
          return { kind: 'created', claim };
        });
      } catch (error) {
        // A concurrent attempt with the same request_id won the insert: answer as a retry.
        if (!(error instanceof DuplicateKeyError)) throw error;
        const first = await claims.findByRequestId(user.id, requestId);
        if (!first) throw error;
        reserved = { kind: 'first', first };
      }

      switch (reserved.kind) {
        case 'first':
          // The same id for another address is a client bug or a probe: it gets neither the
          // first claim's answer nor a second payment.
          if (reserved.first.address !== receiver) {
            throw new InvalidInputError([
              { field: 'request_id', message: MESSAGES.rewardClaimRequestIdReused },
            ]);
          }
          return replay(reserved.first, current);
        case 'below-minimum':
          throw new InvalidInputError([
            {
              field: 'claimable',
              message: MESSAGES.rewardClaimBelowMinimum(
                formatTokenAmount(settings.minClaimUnits),
                formatTokenAmount(reserved.units),
              ),
            },
          ]);
        case 'created':
          return pay(
            {
              ...reserved.claim,
              status: 'pending',
              signature: null,
              errorKind: null,
              error: null,
              sentAt: null,
              completedAt: null,
            },
            current,
          );
      }
    },
  };
}
