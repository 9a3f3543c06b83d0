import { currentUserSchema, type CurrentUser } from '@symposia/shared';
import type { User, UserActivity } from '../domain/user.js';

/** Exactly the fields of spec §3's current user; `id` and `_id` both, as clients read either. */
export function presentCurrentUser(user: User, activity: UserActivity): CurrentUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    title: user.title,
    bio: user.bio,
    email: user.email,
    phone: user.phone,
    url: user.url,
    tags: user.tags,
    self_page: user.selfPage,
    settings: { ...user.settings },
    stats: { ...activity.stats },
    posts: [...activity.posts],
    comments: [...activity.comments],
    likes: [...activity.likes],
    created_at: user.createdAt,
    role: user.role,
  };
}

// The last JSON made from each activity object (the cached first pages of services/profiles), with
// the account it was made for: the session cache hands out one account object per member.
const currentUserJson = new WeakMap<UserActivity, { user: User; json: string }>();

/**
 * GET /auth/me's answer as JSON text, checked against the contract and serialized once for as
 * long as the member's account (session cache) and activity (profile service) stay the same
 * objects: a member's every page view then costs a lookup instead of a validation and a
 * serialization of three lists.
 */
export function presentCurrentUserJson(user: User, activity: UserActivity): string {
  const kept = currentUserJson.get(activity);
  if (kept !== undefined && kept.user === user) return kept.json;
  const json = JSON.stringify(currentUserSchema.parse(presentCurrentUser(user, activity)));
  currentUserJson.set(activity, { user, json });
  return json;
}
