import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { useMinimumDisplay } from '@/components/ui/loading-screen/use-minimum-display';
import { paths } from '@/config/paths';
import { FollowButton } from '@/features/follows/components/follow-button';
import { authorQueryKey, useAuthor } from '@/features/profiles/api/get-author';
import { AuthorProfile } from '@/features/profiles/components/author-profile';
import {
  AuthorLoadFailed,
  AuthorLoginRequired,
} from '@/features/profiles/components/author-unavailable';
import { ReportButton } from '@/features/reports/components/report-button';
import { AuthorReviewsPanel } from '@/features/reviews/components/member-reviews';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { useKnownReader } from '../hooks/use-known-reader';

/**
 * True when history back stays inside Symposia: the app itself navigated here, or — where the
 * browser has the Navigation API — the previous entry is one of our pages, as when a link was
 * followed before a server-rendered page had hydrated and the browser loaded this page anew.
 */
function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  if (typeof state?.idx === 'number' && state.idx > 0) return true;
  // navigation.entries() lists only this origin's entries, so a later index has one of ours before.
  const navigation = (window as { navigation?: { currentEntry?: { index: number } | null } })
    .navigation;
  return (navigation?.currentEntry?.index ?? 0) > 0;
}

/**
 * The author profile (spec §2): signed-in members only — a 401 opens the login overlay with
 * 'Please login to view this author profile', and signing in there loads the profile. Any other
 * failure says 'Failed to load author data' with Back to Forum; an answer that breaks the contract
 * goes to the global error screen.
 */
export function AuthorRoute() {
  const { t } = useTranslation(['routes', 'messages']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // Whose profile this is: one's own has no Follow button.
  useKnownReader();
  const query = useAuthor(id, { throwOnError: (error) => !(error instanceof ApiError) });
  const loading = useMinimumDisplay(query.isPending || (query.isError && query.isFetching));
  const info = query.data;

  useDocumentTitle(info ? info.nickname.trim() || info.username : t('titles.author'));

  const backToForum = () => void navigate(paths.forum.href());
  const back = () => (hasAppHistory() ? void navigate(-1) : backToForum());

  if (loading || query.isPending) return <LoadingScreen />;
  if (query.isError) {
    const error = query.error instanceof ApiError ? query.error : null;
    if (error?.status === 401) {
      return (
        <AuthorLoginRequired
          onSignIn={() => authStore.requestLogin(t('messages:loginToViewAuthor'))}
          onBackToForum={backToForum}
        />
      );
    }
    return (
      <AuthorLoadFailed
        details={error?.detail ?? query.error.message}
        onBackToForum={backToForum}
        onRetry={error?.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  const own = user?.id === query.data.user_id;
  return (
    <AuthorProfile
      key={query.data.user_id}
      info={query.data}
      onBack={back}
      follow={
        own ? null : (
          <FollowButton
            type="author"
            target={query.data.user_id}
            name={query.data.nickname.trim() || query.data.username}
            // The profile's follower count follows the change.
            onChanged={() => void queryClient.invalidateQueries({ queryKey: authorQueryKey(id) })}
          />
        )
      }
      reviews={<AuthorReviewsPanel userId={query.data.user_id} />}
      actions={
        <ReportButton
          targetType="user"
          targetId={query.data.user_id}
          authorId={query.data.user_id}
          name={query.data.username}
        />
      }
    />
  );
}
