import type { Comment as SharedComment } from '@symposia/shared';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-mock';
import type { Comment } from '../types';
import { buildThreads } from '../utils/threads';

let sequence = 0;

/** A comment as GET /comments/post/{id} answers it; tests override what they look at. */
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  const level = overrides.level ?? 1;
  return {
    _id: `c-${sequence}`,
    postId: 'post-1',
    userId: `u-${sequence}`,
    username: `user${sequence}`,
    avatar: '',
    content: `Comment ${sequence}`,
    imageUrl: '',
    createdAt: new Date(Date.UTC(2026, 2, 1, 8, 0, sequence)).toISOString(),
    likes: 0,
    level,
    parentId: null,
    rootId: null,
    edited_at: null,
    deleted: false,
    hidden: false,
    ...(level === 1 ? { replyCount: 0 } : {}),
    liked: false,
    ...overrides,
  };
}

/** A reply to `parent`, in the thread the server would put it in. */
export function makeReply(parent: Comment, overrides: Partial<Comment> = {}): Comment {
  return makeComment({
    level: parent.level === 1 ? 2 : 3,
    parentId: parent._id,
    rootId: parent.level === 1 ? parent._id : parent.rootId,
    ...overrides,
  });
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const shared = ({ liked: _liked, ...comment }: Comment): SharedComment => comment;

/**
 * The paged thread calls of a server holding `all()` (read on every request, so a reload shows
 * what changed): GET /comments/post/{postId}/roots and GET /comments/{id}/replies, paged as the
 * server pages them (newest top-level comments first, each with its first reply; replies oldest
 * first), with plain offsets as cursors. For routeFetch: every `GET /comments/{id}/replies` path
 * is answered.
 */
export function threadRoutes(
  postId: string,
  all: () => readonly Comment[],
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  const offsetOf = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://localhost');
    return {
      offset: Number(url.searchParams.get('cursor')?.slice(1) ?? 0),
      limit: Number(url.searchParams.get('limit') ?? 20),
    };
  };
  const cursorAt = (offset: number, length: number) => (offset < length ? `o${offset}` : null);
  const routes: Record<string, Handler> = {
    [`GET /comments/post/${postId}/roots`]: (request) => {
      const { offset, limit } = offsetOf(request);
      const threads = buildThreads([...all()]);
      const page = threads.slice(offset, offset + limit);
      return jsonResponse({
        threads: page.map((thread) => ({
          root: shared(thread.root),
          replies: thread.replies.slice(0, 1).map(shared),
          replyTotal: thread.replies.length,
          repliesCursor: cursorAt(1, thread.replies.length),
        })),
        total: all().filter((comment) => !comment.deleted).length,
        nextCursor: cursorAt(offset + limit, threads.length),
      });
    },
    ...extra,
  };
  return new Proxy(routes, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (key in target) return target[key];
      const rootId = /^GET \/comments\/([^/]+)\/replies$/.exec(key)?.[1];
      if (!rootId) return undefined;
      return (request: RecordedRequest) => {
        const { offset, limit } = offsetOf(request);
        const thread = buildThreads([...all()]).find(
          (candidate) => candidate.root._id === decodeURIComponent(rootId),
        );
        if (!thread) return jsonResponse({ detail: 'Comment not found' }, 404);
        return jsonResponse({
          replies: thread.replies.slice(offset, offset + limit).map(shared),
          nextCursor: cursorAt(offset + limit, thread.replies.length),
        });
      };
    },
  });
}
