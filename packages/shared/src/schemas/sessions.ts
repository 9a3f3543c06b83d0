import { z } from 'zod';
import { SESSION_USER_AGENT_MAX_LENGTH, SESSIONS_LISTED_MAX } from '../limits.js';
import { MESSAGES } from '../messages.js';

/**
 * One of the member's live sessions (GET /auth/sessions). `id` names the session, never its
 * token: ending a session by id needs the member's own sign-in, and no token or token hash is
 * ever sent. `last_used_at` is recorded at most every few minutes, so it is approximate.
 */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** The User-Agent that signed in (cut to SESSION_USER_AGENT_MAX_LENGTH); empty when unknown. */
  user_agent: z.string().max(SESSION_USER_AGENT_MAX_LENGTH),
  /** The client address that signed in; empty when unknown. */
  ip_address: z.string(),
  created_at: z.string(),
  /** Null until the session's first recorded use. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /auth/sessions: live sessions, most recently used first, at most SESSIONS_LISTED_MAX. */
export const sessionListSchema = z.object({
  sessions: z.array(sessionInfoSchema).max(SESSIONS_LISTED_MAX),
});
export type SessionList = z.infer<typeof sessionListSchema>;

/** DELETE /auth/sessions/{id}. */
export const sessionIdParamsSchema = z.object({
  id: z
    .string({ message: MESSAGES.isRequired })
    .min(1, { message: MESSAGES.isRequired })
    .max(64, { message: MESSAGES.maxLength(64) }),
});
export type SessionIdParams = z.infer<typeof sessionIdParamsSchema>;

export const endSessionResponseSchema = z.object({ status: z.literal('success') });

/** POST /auth/sessions/revoke_others: every session but the calling one ends. */
export const revokeOtherSessionsResponseSchema = z.object({
  status: z.literal('success'),
  signed_out_sessions: z.number().int().nonnegative(),
});
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;
