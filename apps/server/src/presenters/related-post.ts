import { ipfsPath, type RelatedPost as RelatedPostItem } from '@symposia/shared';
import type { RelatedPost } from '../repositories/index.js';

/** One post of GET /media/{id}/related: public, so its files are at their plain gateway paths. */
export function presentRelatedPost(post: RelatedPost): RelatedPostItem {
  return {
    id: post.id,
    title: post.title,
    user_id: post.author.id,
    user_name: post.author.name,
    user_avatar: post.author.avatar,
    media_type: post.mediaType,
    thumbnail: post.thumbnailCid === null ? null : ipfsPath(post.thumbnailCid),
  };
}
