import type { CurrentUser, UserRole, UserSettings } from '@symposia/shared';

/** A member as the services see it; never carries the password hash. */
export interface User {
  id: string;
  username: string;
  nickname: string;
  avatar: string;
  title: string;
  bio: string;
  email: string;
  phone: string;
  url: string;
  tags: string;
  selfPage: string;
  settings: UserSettings;
  createdAt: string;
  updatedAt: string;
  /** What the account may do beyond its own content (policies/). */
  role: UserRole;
  /** Whether `email` is an address the member proved they read (issue 30). */
  emailVerified: boolean;
  /** The linked ORCID iD (issue 30); null when none. */
  orcid: string | null;
  /** False for an account made by signing in with ORCID, which has no password. */
  hasPassword: boolean;
}

/**
 * A member's profile fields under the names both the spec's answers and the `users` table give
 * them (snake_case): what presenters/current-user.ts sends and repositories/user-repository.ts
 * writes.
 */
export function profileFields(user: User) {
  return {
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
  };
}

/** What a member has contributed, shown with the current user. */
export type UserActivity = Pick<CurrentUser, 'stats' | 'posts' | 'comments' | 'likes'>;

/**
 * The activity of a member who has contributed nothing: always true of a new account, and of
 * every account until posts, comments and likes exist.
 */
export const EMPTY_ACTIVITY: UserActivity = {
  stats: { posts: 0, comments: 0, likes: 0, activity_level: 0, tokens_earned: '0' },
  posts: [],
  comments: [],
  likes: [],
};
