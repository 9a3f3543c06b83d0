import { livePosts } from '@/lib/live-posts';
import { unreadCount } from '../stores/unread-count';
import { startLiveCount } from './live-count';

/**
 * Feeds the bell's count for the session of `token` until the returned function is called, and
 * passes on the posts the stream says were published (the forum reads them in: lib/live-posts.ts).
 * Its own chunk: the first load of a page carries only the bell, and visitors never load this. A
 * session the server no longer knows shows no count.
 */
export function connectUnreadCount(token: string): () => void {
  return startLiveCount({
    token,
    onCount: unreadCount.set,
    onUnauthorized: () => unreadCount.set(null),
    onPostPublished: (postId) => livePosts.published(postId),
  });
}
