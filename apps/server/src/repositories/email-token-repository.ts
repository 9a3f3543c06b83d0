import { storedLanguage } from '@symposia/shared';
import type { AppDatabase } from '../db/index.js';
import {
  RESOLVE_PASSWORD_RESET_JOB,
  type EmailTokenPurpose,
  type MailLanguage,
  type NewMail,
} from '../domain/mail.js';
import { lockRows, writeTransaction, type Dialect, type Executor } from './database.js';
import { enqueueJob } from './job-repository.js';
import { queueMail } from './mail-repository.js';
import { revokeSessionsOf } from './session-writes.js';
import { writePasswordHash } from './user-repository.js';

/** A link's token as stored: only its SHA-256 (`hash`), never the token itself. */
export interface NewEmailToken {
  hash: string;
  purpose: EmailTokenPurpose;
  userId: string;
  /** The address the link goes to. */
  email: string;
  /** The outbox message that carries it. */
  messageId: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * Why a link was refused: no such token (or one for something else), one past its time, one
 * used already, or one sent to an address that is no longer the account's.
 */
export type LinkRefusal = 'invalid' | 'expired' | 'used' | 'outdated';

export type LinkOutcome<T> = ({ ok: true } & T) | { ok: false; reason: LinkRefusal };

/** A password reset asked for, not yet resolved to accounts. */
export interface ResetRequest {
  id: string;
  login: string;
  language: MailLanguage;
  requestedAt: string;
}

/** An account a reset request may name, with the address its link goes to. */
export interface ResetAccount {
  id: string;
  username: string;
  email: string;
}

export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;

/**
 * The links sent by email and what using one does (issue 30, migration 0030): verifying the
 * address, setting a new password. A token is used once: taking it and what it does are one
 * transaction, its row locked (PostgreSQL) or the database's write lock held (SQLite), so two
 * uses of one link at once do it once.
 */
export function createEmailTokenRepository(db: AppDatabase, dialect: Dialect) {
  /** The token of `hash` with its account's address now; locked for the transaction with `trx`. */
  async function readToken(executor: Executor, hash: string, locked: boolean) {
    const query = executor
      .selectFrom('email_tokens')
      .innerJoin('users', 'users.id', 'email_tokens.user_id')
      .select([
        'email_tokens.purpose',
        'email_tokens.user_id',
        'email_tokens.email',
        'email_tokens.expires_at',
        'email_tokens.used_at',
        'users.email as current_email',
      ])
      .where('email_tokens.token_hash', '=', hash);
    return (locked ? lockRows(dialect, query) : query).executeTakeFirst();
  }

  /** Whether a token may be used for `purpose` at `at`, and for whom. */
  function usable(
    token: Awaited<ReturnType<typeof readToken>>,
    purpose: EmailTokenPurpose,
    at: string,
  ): LinkOutcome<{ userId: string; email: string }> {
    if (!token || token.purpose !== purpose) return { ok: false, reason: 'invalid' };
    if (token.used_at !== null) return { ok: false, reason: 'used' };
    if (token.expires_at <= at) return { ok: false, reason: 'expired' };
    if (token.current_email !== token.email) return { ok: false, reason: 'outdated' };
    return { ok: true, userId: token.user_id, email: token.email };
  }

  /** Takes the token of `hash` for `purpose`, if usable, inside the caller's transaction. */
  async function takeToken(
    trx: Executor,
    hash: string,
    purpose: EmailTokenPurpose,
    at: string,
  ): Promise<LinkOutcome<{ userId: string; email: string }>> {
    const taken = usable(await readToken(trx, hash, true), purpose, at);
    if (!taken.ok) return taken;
    await trx
      .updateTable('email_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', hash)
      .execute();
    return taken;
  }

  /** The member proved they read `email` (a link sent to it): it is verified from `at` on. */
  async function markVerified(trx: Executor, userId: string, email: string, at: string) {
    await trx
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)) }))
      .where('id', '=', userId)
      .where('email', '=', email)
      .execute();
  }

  return {
    /** Stores a token's digest; the member's tokens expired before `at` go with it. */
    async add(token: NewEmailToken): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('email_tokens')
          .where('user_id', '=', token.userId)
          .where('expires_at', '<', token.createdAt)
          .execute();
        await trx
          .insertInto('email_tokens')
          .values({
            token_hash: token.hash,
            purpose: token.purpose,
            user_id: token.userId,
            email: token.email,
            message_id: token.messageId,
            created_at: token.createdAt,
            expires_at: token.expiresAt,
          })
          .execute();
      });
    },

    /** Whether the token of `hash` may be used for `purpose` now, without using it. */
    async check(
      hash: string,
      purpose: EmailTokenPurpose,
      at: string,
    ): Promise<LinkOutcome<{ userId: string; email: string }>> {
      return usable(await readToken(db, hash, false), purpose, at);
    },

    /** Uses a verification link: the address it was sent to is the account's, verified. */
    async verifyEmail(
      hash: string,
      at: string,
    ): Promise<LinkOutcome<{ userId: string; email: string }>> {
      return writeTransaction(db, dialect, async (trx) => {
        const taken = await takeToken(trx, hash, 'verify-email', at);
        if (taken.ok) await markVerified(trx, taken.userId, taken.email, at);
        return taken;
      });
    },

    /**
     * Uses a password reset link: the new password hash, every reset link of the account used,
     * every session of it revoked, in one transaction. The link reached the account's address,
     * so that address is verified too. Returns how many sessions were revoked.
     */
    async resetPassword(
      hash: string,
      passwordHash: string,
      at: string,
    ): Promise<LinkOutcome<{ userId: string; signedOut: number }>> {
      return writeTransaction(db, dialect, async (trx) => {
        const taken = await takeToken(trx, hash, 'password-reset', at);
        if (!taken.ok) return taken;
        await trx
          .updateTable('email_tokens')
          .set({ used_at: at })
          .where('user_id', '=', taken.userId)
          .where('purpose', '=', 'password-reset')
          .where('used_at', 'is', null)
          .execute();
        await writePasswordHash(trx, taken.userId, passwordHash, at);
        await markVerified(trx, taken.userId, taken.email, at);
        const signedOut = await revokeSessionsOf(trx, taken.userId, at);
        return { ok: true, userId: taken.userId, signedOut };
      });
    },

    /**
     * Records a reset request and queues the job that resolves it, in one transaction: the same
     * writes whether or not an account matches, which nothing here looks at.
     */
    async requestReset(
      request: ResetRequest & { maxAttempts: number; jobId: string },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_reset_requests')
          .values({
            id: request.id,
            login: request.login,
            language: request.language,
            requested_at: request.requestedAt,
          })
          .execute();
        await enqueueJob(trx, {
          id: request.jobId,
          kind: RESOLVE_PASSWORD_RESET_JOB,
          subjectId: request.id,
          maxAttempts: request.maxAttempts,
          at: request.requestedAt,
        });
      });
    },

    async resetRequest(id: string): Promise<ResetRequest | undefined> {
      const row = await db
        .selectFrom('password_reset_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        login: row.login,
        language: storedLanguage(row.language),
        requestedAt: row.requested_at,
      };
    },

    /**
     * The accounts with an email address that a login names: the one whose folded username is
     * `usernameKey`, and those whose address is `email` in any letter case (several accounts
     * may share one); at most `limit`, oldest first.
     */
    async accountsFor(
      login: { usernameKey: string; email: string | null },
      limit: number,
    ): Promise<ResetAccount[]> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where('email', '!=', '')
        .where((eb) =>
          eb.or([
            eb('username_lower', '=', login.usernameKey),
            ...(login.email === null
              ? []
              : [eb(eb.fn('lower', ['email']), '=', login.email.toLowerCase())]),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Resolves a reset request: queues each message whose account got fewer than `limit.max`
     * of `limit.template` since `limit.since`, and deletes the request, in one transaction (each
     * account's row locked on PostgreSQL, so two requests at once count each other). Returns
     * how many were queued. A request already resolved queues nothing.
     */
    async resolveReset(
      requestId: string,
      mails: readonly (NewMail & { userId: string })[],
      limit: { template: string; since: string; max: number },
    ): Promise<number> {
      return writeTransaction(db, dialect, async (trx) => {
        const deleted = await trx
          .deleteFrom('password_reset_requests')
          .where('id', '=', requestId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return 0;
        let queued = 0;
        for (const mail of mails) {
          await lockRows(
            dialect,
            trx.selectFrom('users').select('id').where('id', '=', mail.userId),
          ).execute();
          const row = await trx
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('user_id', '=', mail.userId)
            .where('template', '=', limit.template)
            .where('created_at', '>', limit.since)
            .executeTakeFirstOrThrow();
          if (Number(row.count) >= limit.max) continue;
          await queueMail(trx, mail);
          queued += 1;
        }
        return queued;
      });
    },
  };
}
