import { randomUUID } from 'node:crypto';
import type { Address, Signature } from '@solana/kit';
import { MESSAGES } from '@symposia/shared';
import type { Chain, PreparedTransfer } from '../../chain/index.js';
import { DuplicateKeyError } from '../../repositories/errors.js';
import {
  TRANSFER_REQUEST_UNIQUE,
  type LedgerRepository,
  type LedgerTransaction,
  type ReleaseHook,
  type TokenTransfer,
} from '../../repositories/ledger-repository.js';
import type { Clock } from '../clock.js';
import { ConflictError } from '../errors.js';
import { ChainOperationError, FaucetUnavailableError } from './errors.js';
import { errorFor, failureOf, isAnswer, type Failure } from './failures.js';

/**
 * One discipline for every token that leaves the faucet's account, whatever asked for it:
 *
 *   reserve  — in one locked transaction, a `pending` row (and whatever the kind takes with it)
 *              before anything is sent; the same request_id again finds that row instead;
 *   record   — the transaction's signature is written before it leaves, so its fate can be
 *              looked up on chain whatever happens next;
 *   send     — from this process, or handed over to the chain's owner (chain/owner.ts) as a
 *              `chain-transfer` job naming the kind and the row;
 *   settle   — `sent` or `failed`; a row pending too long is settled from the chain;
 *   replay   — a retry is answered with the first attempt's outcome;
 *   release  — a failure that certainly sent nothing frees the reservation, and the kind's
 *              `release` hook gives back what it took, in the same transaction.
 *
 * A kind (the faucet, reward claims, a bounty one day) declares its name, memo, messages and
 * release hook, and keeps only its own validation and limits (inside `reserve`).
 */
export interface TransferKind {
  /** The rows' `kind`, and how a hand-over names it. */
  name: string;
  /** Each transaction's memo is `${memo}:${row id}`, tracing it to its row. */
  memo: string;
  messages: {
    /** Asked while the chain is off (FAUCET_ENABLED=false). */
    disabled: string;
    /** A retry that outwaited its first attempt, still in flight (409). */
    pending: string;
  };
  /** What a released transfer gives back, in the transaction that fails it (none: nothing). */
  release?: ReleaseHook;
}

/** A paid transfer: where the tokens went, how many, by which transaction and when. */
export interface TransferResult {
  address: string;
  units: bigint;
  signature: string;
  /** When the transfer was confirmed, ISO 8601 UTC. */
  time: string;
  explorerUrl: string | null;
}

/** What a kind's reservation works with, inside the ledger's locked transaction. */
export interface Reserving {
  /** The reservation's time (the new row's `created_at`). */
  at: Date;
  /** For the kind's own repository (its limits, what it takes with the row). */
  ledger: LedgerTransaction;
  /** Writes the pending row of this member and request_id. */
  insert(fields: { address: string; amountUnits: bigint; ip?: string }): Promise<TokenTransfer>;
}

/** The row a request_id already has (to replay), or what the kind's reservation answered. */
export type Reserved<T> = { first: TokenTransfer } | { answer: T };

export type Ledger = ReturnType<typeof createLedger>;
export type KindLedger = ReturnType<Ledger['kind']>;

/** How long a retried request waits for its first attempt, still in flight, to end. */
const DEFAULT_PENDING_WAIT_MS = 20_000;
const DEFAULT_PENDING_POLL_MS = 100;
/**
 * After this long a pending transfer is settled from the chain: a signed transaction's blockhash
 * is valid for 150 blocks (about a minute), so by then it has landed or never will.
 */
const DEFAULT_STALE_AFTER_MS = 3 * 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createLedger(deps: {
  transfers: LedgerRepository;
  /** Null when the chain is turned off (FAUCET_ENABLED=false): nothing can be paid. */
  chain: Chain | null;
  now: Clock;
  pendingWaitMs?: number;
  pendingPollMs?: number;
  staleAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { transfers, chain, now } = deps;
  const pendingWaitMs = deps.pendingWaitMs ?? DEFAULT_PENDING_WAIT_MS;
  const pendingPollMs = deps.pendingPollMs ?? DEFAULT_PENDING_POLL_MS;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const sleep = deps.sleep ?? wait;

  function ledgerOf(kind: TransferKind) {
    function requireChain(): Chain {
      if (!chain) throw new FaucetUnavailableError(kind.messages.disabled, 'FAUCET_ENABLED=false');
      return chain;
    }

    function resultOf(transfer: TokenTransfer, signature: string, time: string): TransferResult {
      return {
        address: transfer.address,
        units: transfer.amountUnits,
        signature,
        time,
        explorerUrl: chain?.explorerUrl(signature) ?? null,
      };
    }

    /** Records a failure that certainly sent nothing (releasing it), then throws its answer. */
    async function fail(id: string, failure: Failure): Promise<never> {
      // An uncertain one stays pending, holding its reservation, until the chain can tell.
      if (failure.definitive) {
        const failed = {
          status: 'failed',
          errorKind: failure.kind,
          error: failure.message,
          completedAt: now().toISOString(),
        } as const;
        await transfers.complete(id, failed, kind.release);
      }
      throw errorFor(failure.kind, failure.message, failure.logDetail);
    }

    /**
     * Settles a transfer pending too long from what the chain knows: landed (sent), or landed
     * and failed (failed, released). One that never got a signature never sent anything (the
     * signature is recorded first, and only while the row is pending), so it is released too —
     * unless a late sender recorded one since `transfer` was read: the release checks that in
     * its own UPDATE, and the next look asks the chain.
     * Not found keeps it pending: a node with short history cannot prove it never landed, and
     * keeping the reservation is what makes paying twice impossible.
     */
    async function settle(transfer: TokenTransfer): Promise<TokenTransfer> {
      const since = transfer.sentAt ?? transfer.createdAt;
      if (now().getTime() - Date.parse(since) < staleAfterMs) return transfer;
      const failed = {
        status: 'failed',
        errorKind: 'chain',
        error: MESSAGES.tokenTransferFailed,
        completedAt: now().toISOString(),
      } as const;
      if (!transfer.signature) {
        await transfers.releaseUnsent(transfer.id, failed, kind.release);
      } else {
        const status = await requireChain()
          .signatureStatus(transfer.signature as Signature)
          .catch(() => null);
        if (status === 'confirmed') {
          await transfers.complete(transfer.id, {
            status: 'sent',
            signature: transfer.signature,
            completedAt: now().toISOString(),
          });
        } else if (status === 'failed') {
          await transfers.complete(transfer.id, failed, kind.release);
        }
      }
      return (await transfers.find(transfer.id)) ?? transfer;
    }

    /** The first attempt's answer for a retried request_id, waiting while it is in flight. */
    async function replay(first: TokenTransfer, waitMs = pendingWaitMs): Promise<TransferResult> {
      let transfer = first;
      const deadline = Date.now() + waitMs;
      while (transfer.status === 'pending') {
        transfer = await settle(transfer);
        if (transfer.status !== 'pending' || Date.now() >= deadline) break;
        await sleep(pendingPollMs);
        transfer = (await transfers.find(transfer.id)) ?? transfer;
      }
      if (transfer.status === 'sent' && transfer.signature) {
        return resultOf(transfer, transfer.signature, transfer.completedAt ?? transfer.createdAt);
      }
      if (transfer.status === 'failed') {
        throw errorFor(
          transfer.errorKind ?? 'chain',
          transfer.error ?? MESSAGES.tokenTransferFailed,
        );
      }
      throw new ConflictError(kind.messages.pending);
    }

    /** Sends the reserved transfer's tokens and records the outcome. */
    async function send(transfer: TokenTransfer, current: Chain): Promise<TransferResult> {
      let prepared: PreparedTransfer;
      try {
        prepared = await current.prepareTransfer(
          transfer.address as Address,
          transfer.amountUnits,
          `${kind.memo}:${transfer.id}`,
        );
      } catch (error) {
        return fail(transfer.id, failureOf(error, 'prepare'));
      }
      // The signature goes into the ledger before the transaction leaves, so its fate can be
      // looked up whatever happens next. If the row was given up meanwhile, nothing is sent.
      let recorded: boolean;
      try {
        recorded = await transfers.recordSignature(
          transfer.id,
          prepared.signature,
          now().toISOString(),
        );
      } catch (error) {
        return fail(transfer.id, failureOf(error, 'prepare'));
      }
      if (!recorded) {
        throw new ChainOperationError(MESSAGES.tokenTransferFailed, 'settled before sending');
      }
      try {
        await prepared.send();
      } catch (error) {
        return fail(transfer.id, failureOf(error, 'send'));
      }
      const time = now().toISOString();
      // The tokens are paid; should this write fail, the row keeps its signature and is settled
      // as sent later, so the answer is still the truth.
      await transfers
        .complete(transfer.id, { status: 'sent', signature: prepared.signature, completedAt: time })
        .catch(() => false);
      return resultOf(transfer, prepared.signature, time);
    }

    return {
      kind,
      /** The chain, or the kind's "disabled" refusal (503) while it is off. */
      chain: requireChain,
      settle,
      replay,

      /** The member's transfers of this kind still pending, oldest first. */
      pendingOf: (userId: string) => transfers.pendingOf(kind.name, userId),

      /**
       * Reserves a transfer for the member's `requestId`: in one transaction locked against
       * every other reservation of `lock`, either the row that request_id already has (`first`,
       * to replay) or whatever `work` answers — having inserted the pending row, or refused.
       * A concurrent attempt with the same request_id that won the insert is a `first` too.
       */
      async reserve<T>(
        ask: { userId: string; requestId: string; lock: string },
        work: (reserving: Reserving) => Promise<T>,
      ): Promise<Reserved<T>> {
        const current = requireChain();
        try {
          return await transfers.exclusive(ask.lock, async (ledger): Promise<Reserved<T>> => {
            const first = await ledger.findByRequestId(kind.name, ask.userId, ask.requestId);
            if (first) return { first };
            const at = now();
            const insert: Reserving['insert'] = async (fields) => {
              const row = {
                id: randomUUID(),
                kind: kind.name,
                userId: ask.userId,
                requestId: ask.requestId,
                address: fields.address,
                amountUnits: fields.amountUnits,
                ip: fields.ip ?? null,
                cluster: current.cluster,
                mint: current.mint as string,
                createdAt: at.toISOString(),
              };
              await ledger.insert(row);
              return {
                ...row,
                status: 'pending',
                signature: null,
                errorKind: null,
                error: null,
                sentAt: null,
                completedAt: null,
              };
            };
            return { answer: await work({ at, ledger, insert }) };
          });
        } catch (error) {
          if (
            !(error instanceof DuplicateKeyError) ||
            error.constraint !== TRANSFER_REQUEST_UNIQUE
          ) {
            throw error;
          }
          const first = await transfers.findByRequestId(kind.name, ask.userId, ask.requestId);
          if (!first) throw error;
          return { first };
        }
      },

      /**
       * Pays the reserved transfer: sent from here, or — when another process owns the chain
       * (chain/owner.ts) — handed over to it, waiting for its answer in the ledger.
       */
      async pay(transfer: TokenTransfer): Promise<TransferResult> {
        const current = requireChain();
        const { relay } = current;
        if (relay && !(await relay.sendsHere())) {
          await relay.handOver(kind.name, transfer.id);
          return replay(transfer, relay.waitMs);
        }
        return send(transfer, current);
      },

      /**
       * The chain owner's side of a hand-over (a `chain-transfer` job): sends the pending row
       * `id` another process reserved. A row already sent or settled is left alone; an outcome
       * the member is told (a refusal, a failed transfer) is recorded in the ledger and ends the
       * job; anything else (the database, ownership moving on) throws, so the job runs again.
       */
      async sendHandedOver(id: string): Promise<void> {
        const current = requireChain();
        const transfer = await transfers.find(id);
        if (!transfer || transfer.kind !== kind.name) return;
        if (transfer.status !== 'pending' || transfer.signature !== null) return;
        if (current.relay && !(await current.relay.sendsHere())) {
          throw new Error('this process no longer owns the chain');
        }
        try {
          await send(transfer, current);
        } catch (error) {
          if (!isAnswer(error)) throw error;
        }
      },
    };
  }

  const kinds = new Map<string, { declared: TransferKind; ledger: ReturnType<typeof ledgerOf> }>();

  return {
    /**
     * The ledger of one kind, declared once per ledger: its rows, memo, messages and release.
     * A service declares its kind when it is built (so the chain owner can send its hand-overs).
     */
    kind(declared: TransferKind) {
      const known = kinds.get(declared.name);
      if (known && known.declared !== declared) {
        throw new Error(`the ledger kind ${declared.name} is declared twice`);
      }
      if (known) return known.ledger;
      const ledger = ledgerOf(declared);
      kinds.set(declared.name, { declared, ledger });
      return ledger;
    },

    /** Sends a transfer handed over to this process (a `chain-transfer` job's kind and id). */
    async sendHandedOver(kind: string, id: string): Promise<void> {
      const known = kinds.get(kind);
      if (!known) throw new Error(`unknown ledger kind ${kind}`);
      await known.ledger.sendHandedOver(id);
    },
  };
}
