import { currentUserSchema, type CurrentUser, type TrustLevel } from '@symposia/shared';
import { orcidFieldsOf } from '../domain/orcid.js';
import { profileFields, type User, type UserActivity } from '../domain/user.js';

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

// The last JSON made from each activity object (the cached first pages of services/profiles), with
// the account it was made for: the session cache hands out one account object per member.
const currentUserJson = new WeakMap<
  UserActivity,
  { user: User; trustLevel: TrustLevel; json: string }
>();

/**
 * GET /auth/me's answer as JSON text, checked against the contract and serialized once for as
 * long as the member's account (session cache) and activity (profile service) stay the same
 * objects: a member's every page view then costs a lookup instead of a validation and a
 * serialization of three lists.
 */
export function presentCurrentUserJson(
  user: User,
  activity: UserActivity,
  trustLevel: TrustLevel,
  orcidRecordBase: string,
): string {
  const kept = currentUserJson.get(activity);
  if (kept !== undefined && kept.user === user && kept.trustLevel === trustLevel) return kept.json;
  const json = JSON.stringify(
    currentUserSchema.parse(presentCurrentUser(user, activity, trustLevel, orcidRecordBase)),
  );
  currentUserJson.set(activity, { user, trustLevel, json });
  return json;
}
