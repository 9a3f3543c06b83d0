import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { PostDetail } from '@symposia/shared';
import { ErrorView } from '@/components/ui/error-view/error-view';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { useMinimumDisplay } from '@/components/ui/loading-screen/use-minimum-display';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { FollowTagToggle } from '@/features/follows/components/follow-button';
import { postQueryKey, usePost } from '@/features/posts/api/get-post';
import { PostDetailView } from '@/features/posts/components/post-detail-view';
import { PostNotFound } from '@/features/posts/components/post-not-found';
import { RelatedPosts } from '@/features/posts/components/related-posts';
import { authorQueryKey } from '@/features/profiles/api/get-author';
import { forumReturnPath } from '@/features/posts/utils/forum-location';
import { ReportButton } from '@/features/reports/components/report-button';
import { postReviewsKeyPrefix } from '@/features/reviews/api/get-post-reviews';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { localizedDetail } from '@/lib/localize-message';
import { useKnownReader } from '../hooks/use-known-reader';
import { ReviewReportButton } from './review-report-button';

/**
 * The post detail (spec §2): Back returns to the forum location given in `?from=` (only a forum
 * address is accepted), else to the forum. A missing post shows 'Post not found'; other failures
 * offer Retry; an answer that breaks the contract goes to the global error screen.
 */
export function PostDetailRoute() {
  const { t } = useTranslation(['routes', 'messages']);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useAuth();
  // Edit and Delete show for the post's author, so the page must know who reads.
  useKnownReader();
  const backTo = forumReturnPath(params.get('from'));
  const query = usePost(id, { throwOnError: (error) => !(error instanceof ApiError) });
  // Retry shows the loading screen again until the new answer (or failure) arrives.
  const loading = useMinimumDisplay(query.isPending || (query.isError && query.isFetching));
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useDocumentTitle(
    query.data
      ? query.data.title || t('titles.post')
      : notFound
        ? t('messages:postNotFoundTitle')
        : t('titles.post'),
  );

  const goBack = () => void navigate(backTo);

  // The author's own page and profile list their posts: an edit or a delete shows there too.
  const refreshProfiles = (authorId: string) => {
    void queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: authorQueryKey(authorId) });
  };

  if (loading || query.isPending) return <LoadingScreen />;
  if (query.isError) {
    if (notFound) return <PostNotFound onBack={goBack} />;
    return (
      <ErrorView
        message={t('messages:postLoadFailed')}
        details={localizedDetail(query.error)}
        onRetry={() => void query.refetch()}
        onBack={goBack}
      />
    );
  }
  return (
    <PostDetailView
      key={query.data.id}
      post={query.data}
      onBack={goBack}
      related={<RelatedPosts postId={query.data.id} />}
      // A member follows a tag right beside it (issue 30); a visitor's tags are links only.
      tagAction={token ? (tag) => <FollowTagToggle tag={tag} /> : undefined}
      actions={
        <ReportButton
          targetType="post"
          targetId={query.data.id}
          authorId={query.data['author id']}
          name={query.data.title}
        />
      }
      onSaved={(saved) => {
        refreshProfiles(saved['author id']);
        // An edit may start a new revision: the reviews say which still count for it.
        void queryClient.invalidateQueries({ queryKey: postReviewsKeyPrefix(saved.id) });
      }}
      onDeleted={() => {
        refreshProfiles(query.data['author id']);
        // Back from the forum must not return to a post that no longer exists.
        void navigate(backTo, { replace: true });
      }}
      reviews={
        <ReviewsSection
          postId={query.data.id}
          authorId={query.data['author id']}
          // The post's badge follows the status a new review gives it.
          onReviewed={() => void queryClient.invalidateQueries({ queryKey: postQueryKey(id) })}
          renderReviewActions={(review) => <ReviewReportButton review={review} />}
          renderResponseActions={(review) => (
            <ReviewReportButton
              review={review}
              responseBy={{ id: query.data['author id'], name: query.data['author name'] }}
            />
          )}
        />
      }
      comments={
        <CommentsSection
          postId={query.data.id}
          // The header's comment count follows a comment written here.
          onCommentCreated={() =>
            queryClient.setQueryData<PostDetail>(postQueryKey(id), (post) =>
              post ? { ...post, comments: post.comments + 1 } : post,
            )
          }
          // A deleted comment may leave a '[deleted]' placeholder: the server's count decides.
          onCommentDeleted={() =>
            void queryClient.invalidateQueries({ queryKey: postQueryKey(id) })
          }
          renderCommentActions={(comment, actionClassName) =>
            comment.deleted ? null : (
              <ReportButton
                targetType="comment"
                targetId={comment._id}
                authorId={comment.userId}
                name={comment.username}
                className={actionClassName}
              />
            )
          }
        />
      }
    />
  );
}
