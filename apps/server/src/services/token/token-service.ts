import { randomUUID } from 'node:crypto';
import { address as toAddress, isAddress, type Address } from '@solana/kit';
import {
  MESSAGES,
  TOKEN_AMOUNT_MAX_LENGTH,
  TOKEN_DECIMALS,
  type FaucetRequestBody,
} from '@symposia/shared';
import {
  formatTokenAmount,
  networkName,
  parseTokenAmount,
  type Chain,
  type Cluster,
  type FaucetLimits,
  type FaucetSettings,
} from '../../chain/index.js';
import { FAUCET_KIND, type FaucetRepository } from '../../repositories/faucet-repository.js';
import type { TokenTransfer } from '../../repositories/ledger-repository.js';
import { InvalidInputError, TooManyAttemptsError } from '../errors.js';
import type { Ledger, TransferKind, TransferResult } from '../ledger/index.js';
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
export type TokenTransferResult = TransferResult;

/** Who asks and from where; the limits count per member, per receiving address and per IP. */
export interface FaucetCaller {
  userId: string;
  ip: string;
}

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * The faucet's kind of ledger transfer (services/ledger/). Its reservation frees itself when it
 * fails (the limits count only pending and sent rows), so a release gives nothing back.
 */
export const FAUCET_TRANSFERS: TransferKind = {
  name: FAUCET_KIND,
  memo: 'symposia-faucet',
  messages: { disabled: MESSAGES.faucetDisabled, pending: MESSAGES.faucetRequestPending },
};

/** What the faucet's reservation answers: a refusal by a limit, or the new row. */
type Reservation = { refused: { at: number; fitsAt: number } } | { created: TokenTransfer };

export function createTokenService(deps: {
  /** The one ledger of outgoing transfers; the faucet's kind is declared on it here. */
  ledger: Ledger;
  faucet: FaucetRepository;
  /** Null when the faucet is turned off (FAUCET_ENABLED=false). */
  chain: Chain | null;
  settings: Pick<FaucetSettings, 'cluster' | 'limits' | 'mint'>;
}) {
  const { faucet, chain, settings } = deps;
  const transfers = deps.ledger.kind(FAUCET_TRANSFERS);
  const rules = limitRules(settings.limits);

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

  return {
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
      transfers.chain();
      const { receiver, units } = validate(body);
      const requestId = body.request_id?.trim() || randomUUID();
      const address = receiver as string;

      // Every faucet reservation takes one lock: the global limits count them all.
      const ask = { userId: caller.userId, requestId, lock: FAUCET_KIND };
      const reserved = await transfers.reserve(ask, async (reserving): Promise<Reservation> => {
        const at = reserving.at.getTime();
        const since = new Date(at - FAUCET_WINDOW_MS).toISOString();
        const keys = { user: caller.userId, address, ip: caller.ip, global: '' };
        const usage = await faucet.usage(
          reserving.ledger,
          { userId: caller.userId, address, ip: caller.ip },
          since,
        );
        const broken = brokenRules(rules, usage, units);
        if (broken.length > 0) {
          let fitsAt = at;
          for (const rule of broken) {
            const rows = await faucet.reservations(
              reserving.ledger,
              rule.scope,
              keys[rule.scope],
              since,
            );
            fitsAt = Math.max(fitsAt, nextFitAt(rule, rows, units));
          }
          return { refused: { at, fitsAt } };
        }
        return {
          created: await reserving.insert({ address, amountUnits: units, ip: caller.ip }),
        };
      });

      if ('first' in reserved) {
        const { first } = reserved;
        // The same id for another request is a client bug or a probe: neither gets the first
        // request's answer (nor, by a changed amount, a second payment).
        if (first.address !== address || first.amountUnits !== units) {
          throw new InvalidInputError([
            { field: 'request_id', message: MESSAGES.faucetRequestIdReused },
          ]);
        }
        return transfers.replay(first);
      }
      if ('refused' in reserved.answer) {
        const { at, fitsAt } = reserved.answer.refused;
        throw new TooManyAttemptsError(
          Math.max(1, Math.ceil((fitsAt - at) / 1000)),
          MESSAGES.faucetLimitReached(formatClaimTime(fitsAt)),
        );
      }
      return transfers.pay(reserved.answer.created);
    },
  };
}
