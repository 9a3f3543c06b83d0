import type { PostDetail, PostListItem } from '@symposia/shared';

/** A post as GET /media/list answers it; tests override what they look at. */
export function makePostListItem(overrides: Partial<PostListItem> = {}): PostListItem {
  const id = overrides.id ?? 'post-1';
  return {
    id,
    title: 'Quantum error correction',
    summary: 'Surface codes at scale.',
    content: 'Line one\nLine two',
    tags: ['physics', 'quantum'],
    ai_instruction: '',
    visibility: 'public',
    status: 'published',
    media_type: 'image',
    file_paths: [`/ipfs/${id}-cid`],
    media: `/ipfs/${id}-cid`,
    poster: null,
    media_renditions: [],
    user_id: 'user-1',
    user_name: 'ada',
    user_avatar: '',
    created_at: '2026-01-15T08:30:00.000Z',
    likes: 3,
    comments: 2,
    liked: false,
    edited_at: null,
    hidden: false,
    review_status: 'unreviewed',
    review_count: 0,
    ...overrides,
  };
}

export function makePosts(count: number, start = 0): PostListItem[] {
  return Array.from({ length: count }, (_, index) =>
    makePostListItem({ id: `post-${start + index}`, title: `Post ${start + index}` }),
  );
}

/** A post as GET /media/{id} answers it (spec §3 keys). */
export function makePostDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  return {
    id: 'post-1',
    title: 'Quantum error correction',
    'author id': 'user-1',
    'author name': 'ada',
    'author avatar url': '',
    Summary: 'Surface codes at scale.',
    content: 'First line\nSecond line',
    timestamp: '2026-01-15T08:30:00.000Z',
    likes: 3,
    tags: ['physics', 'quantum'],
    'media list': ['/ipfs/cid-a'],
    'media type': 'image',
    ai_analysis: '',
    ai_instruction: '',
    liked: false,
    comments: 2,
    visibility: 'public',
    status: 'published',
    edited_at: null,
    doi: null,
    hidden: false,
    revision: 1,
    review_status: 'unreviewed',
    review_count: 0,
    mean_scores: null,
    files: [
      {
        cid: 'cid-a',
        url: '/ipfs/cid-a',
        name: 'a.png',
        size: 100,
        content_type: 'image/png',
        media_type: 'image',
        thumbnail: null,
        renditions: [],
        duration_seconds: null,
      },
    ],
    ...overrides,
  };
}
