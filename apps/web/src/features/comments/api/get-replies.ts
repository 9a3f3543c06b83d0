import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMENT_REPLIES_DEFAULT_LIMIT } from '@symposia/shared';
import { mergeReplies, type CommentThread } from '../utils/threads';
import {
  changeThreads,
  getRepliesPage,
  useCommentsViewer,
  commentsQueryKey,
  type ThreadsData,
} from './get-comments';

/**
 * "Show N more replies": the thread's next replies (GET /comments/{id}/replies from where the
 * loaded ones end), merged into the cached threads in time order.
 */
export function useMoreReplies(postId: string, thread: CommentThread) {
  const queryClient = useQueryClient();
  const viewer = useCommentsViewer();
  const key = commentsQueryKey(postId, viewer);
  const rootId = thread.root._id;

  return useMutation({
    mutationFn: () =>
      getRepliesPage(
        queryClient,
        postId,
        viewer,
        rootId,
        thread.repliesCursor,
        COMMENT_REPLIES_DEFAULT_LIMIT,
      ),
    onSuccess: ({ replies, nextCursor }) => {
      queryClient.setQueryData<ThreadsData>(key, (data) =>
        changeThreads(data, (threads) =>
          threads.map((current) =>
            current.root._id === rootId ? mergeReplies(current, replies, nextCursor) : current,
          ),
        ),
      );
    },
  });
}
