import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import type { Comment } from '../types';
import { insertComment, type ReplyTarget } from '../utils/threads';
import { changeThreads, useCommentsQueryKey, type ThreadsData } from './get-comments';

export type CreateCommentInput = {
  postId: string;
  content: string;
  /** Absent for a comment on the post itself. */
  reply?: ReplyTarget;
};

/**
 * POST /comments/create, JSON (spec §3, §7): postId, content, an empty imageUrl, and parentId plus
 * rootId when replying; the server decides the level. A 401 opens the login overlay with 'Please
 * login to submit your comment' (spec §6).
 */
export async function createComment({
  postId,
  content,
  reply,
}: CreateCommentInput): Promise<Comment> {
  const created = await api.post(
    '/comments/create',
    jsonBody({
      postId,
      content,
      imageUrl: '',
      ...(reply ? { parentId: reply.parentId, rootId: reply.rootId } : {}),
    }),
    { schema: contract('commentSchema'), loginPrompt: MESSAGES.loginToComment },
  );
  // Nobody has liked a comment that did not exist a moment ago.
  return { ...created, liked: false };
}

type UseCreateCommentOptions = {
  onSuccess?: (comment: Comment) => void;
};

/**
 * Writing a comment (spec §4 New comments): the created comment goes straight into the cached
 * threads, a top-level one at the top and a reply in its root's thread (loaded or not yet).
 */
export function useCreateComment(postId: string, { onSuccess }: UseCreateCommentOptions = {}) {
  const queryClient = useQueryClient();
  const key = useCommentsQueryKey(postId);

  return useMutation({
    mutationFn: (input: Omit<CreateCommentInput, 'postId'>) => createComment({ postId, ...input }),
    onSuccess: async (comment) => {
      // A load still running would answer without the new comment and overwrite it.
      const wasLoading = queryClient.isFetching({ queryKey: key }) > 0;
      if (wasLoading) await queryClient.cancelQueries({ queryKey: key });
      const cached = queryClient.getQueryData<ThreadsData>(key);
      if (cached) {
        queryClient.setQueryData<ThreadsData>(
          key,
          changeThreads(cached, (threads) => insertComment(threads, comment), 1),
        );
      }
      if (!cached || wasLoading) void queryClient.invalidateQueries({ queryKey: key });
      onSuccess?.(comment);
    },
    // An answer that breaks the contract is a defect: the global error screen shows it.
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
