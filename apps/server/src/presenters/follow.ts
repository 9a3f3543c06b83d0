import type { Follows } from '@symposia/shared';
import type { FollowedAuthorRow, FollowedTagRow } from '../repositories/index.js';

/** GET /follows: the authors with what lists show of them, and the tags. */
export function presentFollows(follows: {
  authors: FollowedAuthorRow[];
  tags: FollowedTagRow[];
}): Follows {
  return {
    authors: follows.authors.map((author) => ({
      id: author.id,
      username: author.username,
      nickname: author.nickname,
      avatar: author.avatar,
      followed_at: author.followedAt,
    })),
    tags: follows.tags.map((tag) => ({ tag: tag.tag, followed_at: tag.followedAt })),
  };
}
