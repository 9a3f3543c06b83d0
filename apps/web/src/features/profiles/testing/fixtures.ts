import type { AuthorInfo } from '@symposia/shared';

/** An author whose every section is public, as GET /auth/person_information answers. */
export function makePublicAuthor(overrides: Partial<AuthorInfo> = {}): AuthorInfo {
  return {
    user_id: 'u-7',
    username: 'grace',
    trust_level: 2,
    orcid: null,
    orcid_url: null,
    nickname: 'Grace Hopper',
    avatar: '',
    title: 'Rear Admiral',
    biography: 'Wrote the first compiler.',
    tags: ['compilers, COBOL, navy'],
    posts: [
      {
        id: 'p-1',
        title: 'On compilers',
        date: '2026-03-01T16:30:00.000Z',
        likes: 3,
        comments: 1,
        review_status: 'unreviewed',
      },
    ],
    activity: [
      { id: 'p-1', type: 'post', title: 'On compilers', date: '2026-03-01T16:30:00.000Z' },
      { id: 'p-9', type: 'like', title: 'Bugs and moths', date: '2026-03-02T08:00:00.000Z' },
    ],
    posts_number: 1,
    comments_post: 4,
    like_received: 3,
    tokens_earned: '1250.5',
    followers_count: 12,
    following_count: 3,
    followed_by_you: false,
    email: 'grace@example.org',
    phone: '+1 (555) 0100',
    userurl: 'https://example.org/grace',
    show_profile: true,
    show_posts: true,
    show_activity: true,
    show_statistics: true,
    show_contact: true,
    ...overrides,
  };
}

/** The same author as someone else sees them with every section private: the data is left out. */
export function makeHiddenAuthor(overrides: Partial<AuthorInfo> = {}): AuthorInfo {
  return {
    user_id: 'u-7',
    username: 'grace',
    trust_level: 2,
    orcid: null,
    orcid_url: null,
    nickname: 'Grace Hopper',
    avatar: '',
    followed_by_you: false,
    show_profile: false,
    show_posts: false,
    show_activity: false,
    show_statistics: false,
    show_contact: false,
    ...overrides,
  };
}
