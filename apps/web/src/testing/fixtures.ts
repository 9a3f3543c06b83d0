import type { CurrentUser } from '@symposia/shared';

/** A current user as GET /auth/me answers it; tests override what they look at. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const id = overrides.id ?? 'user-1';
  return {
    id,
    _id: id,
    username: 'ada',
    trust_level: 0,
    nickname: 'Ada',
    avatar: '',
    title: 'Researcher',
    bio: 'Works on analytical engines.',
    email: 'ada@example.org',
    phone: '+44 20 7946 0000',
    url: 'https://example.org/ada',
    tags: 'mathematics',
    self_page: '',
    settings: {
      public_posts: false,
      public_activities: false,
      public_profile: true,
      public_statistics: false,
      public_contact: false,
    },
    stats: { posts: 0, comments: 0, likes: 0, activity_level: 0, tokens_earned: '0' },
    posts: [],
    comments: [],
    likes: [],
    created_at: '2026-01-15T08:30:00.000Z',
    role: 'member',
    email_verified: false,
    orcid: null,
    orcid_url: null,
    orcid_only: false,
    ...overrides,
  };
}
