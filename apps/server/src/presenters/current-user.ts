import { currentUserSchema, type CurrentUser, type TrustLevel } from '@symposia/shared';
import { orcidFieldsOf } from '../domain/orcid.js';
import { profileFields, type User, type UserActivity } from '../domain/user.js';
import { chargeCachedBytes } from '../services/memory-cache.js';

/**
 * Exactly the fields of spec §3's current user; `id` and `_id` both, as clients read either.
 * `orcidRecordBase`: where ORCID iDs' public records are (the OIDC service's `recordBase`).
 */
export function presentCurrentUser(
  user: User,
  activity: UserActivity,
  trustLevel: TrustLevel,
  orcidRecordBase: string,
): CurrentUser {
  return {
    id: user.id,
    _id: user.id,
    ...profileFields(user),
    settings: { ...user.settings },
    stats: { ...activity.stats },
    posts: [...activity.posts],
    comments: [...activity.comments],
    likes: [...activity.likes],
    created_at: user.createdAt,
    role: user.role,
    trust_level: trustLevel,
    email_verified: user.emailVerified,
    ...orcidFieldsOf(user.orcid, orcidRecordBase),
    orcid_only: !user.hasPassword,
  };
}

// The kept answers made from each activity object (the cached first pages of services/profiles,
// one per member and their stamp), by the account object they were made for (the session cache
// holds one per session, read afresh whenever the account changes) and with their level.
const currentUserAnswers = new WeakMap<
  UserActivity,
  WeakMap<User, { trustLevel: TrustLevel; body: Buffer }>
>();

/**
 * GET /auth/me's answer, checked against the contract and serialized once for as long as the
 * member's account (session cache), activity (profile service) and trust level stay the same:
 * the member's kept copy. Any write that changes one of them makes a new object of it (their
 * account: sessions.forgetCachedAccount; their activity: the content version or their stamp; their
 * level: a trust run), and the next read makes the answer again. A member's every page view then
 * costs a lookup instead of a validation and a serialization of three lists.
 */
export function presentCurrentUserJson(
  user: User,
  activity: UserActivity,
  trustLevel: TrustLevel,
  orcidRecordBase: string,
): Buffer {
  let byAccount = currentUserAnswers.get(activity);
  if (byAccount === undefined) {
    byAccount = new WeakMap();
    currentUserAnswers.set(activity, byAccount);
  }
  const kept = byAccount.get(user);
  if (kept !== undefined && kept.trustLevel === trustLevel) return kept.body;
  const body = Buffer.from(
    JSON.stringify(
      currentUserSchema.parse(presentCurrentUser(user, activity, trustLevel, orcidRecordBase)),
    ),
  );
  byAccount.set(user, { trustLevel, body });
  chargeCachedBytes(activity, body.length);
  return body;
}
