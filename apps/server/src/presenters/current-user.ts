import type { CurrentUser } from '@symposia/shared';
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
