import { MESSAGES } from '@symposia/shared';
import type { PostRepository } from '../../repositories/index.js';
import { TooManyAttemptsError, UploadLimitError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';

/** One upload's bytes counted against its member's storage quota. */
export interface QuotaMeter {
  /** Passes the bytes through, failing with a 413 error as soon as they would go over. */
  meter(content: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array>;
  /** Counts bytes known up front (an avatar, once re-encoded), with the same failure. */
  take(bytes: number): void;
  /** The upload is recorded: its bytes now count as stored. Call before end. */
  commit(): void;
  /** The upload is over (recorded or not); bytes not committed stop counting. */
  end(): void;
}

export type UploadAllowance = ReturnType<typeof createUploadAllowance>;

interface MemberUsage {
  /** What the database said when this process's first current upload of the member began. */
  stored: Promise<number>;
  /** Bytes of uploads recorded since then, by this process. */
  recorded: number;
  /** Bytes of this process's uploads in progress. */
  inFlight: number;
  meters: number;
}

const UNLIMITED: QuotaMeter = {
  meter: (content) => content,
  take: () => undefined,
  commit: () => undefined,
  end: () => undefined,
};

/**
 * How much a member may upload: a number of uploads per window (UPLOAD_RATE_LIMIT_*, shared by
 * POST /media/upload, /media/upload/ipfs and avatars) and a total of bytes (USER_STORAGE_QUOTA_BYTES,
 * everything they uploaded, each upload counted).
 *
 * The quota is enforced while the bytes stream in: the quota left is each import's byte limit.
 * Within one process every upload of a member in progress counts against the others as its bytes
 * arrive, so parallel uploads cannot go over at all. Each process keeps its own count, though: with
 * P server processes a member's uploads running at the same time on different processes can go
 * over by at most (P − 1) × the quota left when they began, and never by more than (P − 1) ×
 * UPLOAD_RATE_LIMIT_MAX × 5 files × 50 MB within a rate-limit window.
 */
export function createUploadAllowance(deps: {
  posts: PostRepository;
  /** Uploads per member per window; keyed by user id. */
  limiter: RateLimiter;
  /** Bytes a member may store in all; 0 for no limit. */
  quotaBytes: number;
}) {
  const { posts, limiter, quotaBytes } = deps;
  const usage = new Map<string, MemberUsage>();

  function exceeded(left: number): UploadLimitError {
    return new UploadLimitError(
      'quota-exceeded',
      MESSAGES.storageQuotaExceeded(formatBytes(quotaBytes), formatBytes(Math.max(0, left))),
    );
  }

  return {
    /** Counts one upload of the member, or refuses it with 429 and when to try again. */
    async admit(user: { id: string }): Promise<void> {
      const decision = await limiter.consume(`upload:${user.id}`);
      if (!decision.allowed) {
        throw new TooManyAttemptsError(
          decision.retryAfterSeconds,
          MESSAGES.tooManyUploads(decision.retryAfterSeconds),
        );
      }
    },

    /** Starts counting an upload's bytes; fails at once when the quota is already used up. */
    async meter(user: { id: string }): Promise<QuotaMeter> {
      if (quotaBytes === 0) return UNLIMITED;
      let member = usage.get(user.id);
      if (!member) {
        member = { stored: posts.storedBytes(user.id), recorded: 0, inFlight: 0, meters: 0 };
        usage.set(user.id, member);
      }
      member.meters += 1;
      const current = member;
      let own = 0;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        current.inFlight -= own;
        own = 0;
        current.meters -= 1;
        if (current.meters === 0 && usage.get(user.id) === current) usage.delete(user.id);
      };
      let stored: number;
      try {
        stored = await current.stored;
      } catch (error) {
        // A failed read must not stick for the member's next upload.
        if (usage.get(user.id) === current) usage.delete(user.id);
        end();
        throw error;
      }
      const used = () => stored + current.recorded + current.inFlight;
      const take = (bytes: number) => {
        // The message says what was left before this upload began storing.
        if (used() + bytes > quotaBytes) throw exceeded(quotaBytes - (used() - own));
        current.inFlight += bytes;
        own += bytes;
      };
      const left = quotaBytes - used();
      if (left <= 0) {
        end();
        throw exceeded(left);
      }
      return {
        async *meter(content) {
          for await (const chunk of content) {
            take(chunk.byteLength);
            yield chunk;
          }
        },
        take,
        commit() {
          current.inFlight -= own;
          current.recorded += own;
          own = 0;
        },
        end,
      };
    },
  };
}

/** Bytes as a person reads them: 1 GiB, 12.5 MiB, 300 KiB, 17 bytes. */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
