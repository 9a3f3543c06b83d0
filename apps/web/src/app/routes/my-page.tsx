import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NOTIFICATION_PREFERENCES_QUERY } from '@symposia/shared';
import { ErrorView } from '@/components/ui/error-view/error-view';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { useMinimumDisplay } from '@/components/ui/loading-screen/use-minimum-display';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { OrcidSettings } from '@/features/auth/components/orcid-settings';
import { SessionSettings } from '@/features/auth/components/session-settings';
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences';
import { MyProfile } from '@/features/profiles/components/my-profile';
import { MyReportsPanel } from '@/features/reports/components/my-reports';
import { MyReviewsPanel } from '@/features/reviews/components/member-reviews';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { localizedDetail } from '@/lib/localize-message';

/**
 * Fetches the user when only a token is known (spec §4 "My Page load"): the loading screen stays at
 * least its minimum time; a failed call offers Retry and Back, while an answer that breaks the
 * contract is a defect and goes to the global error screen.
 */
function CurrentUserLoader() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const query = useCurrentUser({ throwOnError: (error) => !(error instanceof ApiError) });
  const loading = useMinimumDisplay(query.data === undefined && query.isFetching);

  useEffect(() => {
    if (query.data && !loading) authStore.setUser(query.data);
  }, [query.data, loading]);

  if (query.isError && !loading) {
    return (
      <ErrorView
        message={t('myPageLoadFailed')}
        details={localizedDetail(query.error)}
        onRetry={() => void query.refetch()}
        onBack={() => void navigate(-1)}
      />
    );
  }
  // Once the user is stored, My Page renders the profile from the store.
  return <LoadingScreen />;
}

export function MyPageRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.myPage'));
  const { token, user } = useAuth();
  // The link at the foot of every notification email: Settings open at the notifications.
  const [params] = useSearchParams();
  const toNotifications = params.get('settings') === NOTIFICATION_PREFERENCES_QUERY.settings;
  if (!token) return <LoginScreen />;
  // A cached user is shown as is, without a background refresh (spec §4).
  if (user) {
    return (
      <MyProfile
        user={user}
        actions={<LogoutButton />}
        wallet={<WalletCard />}
        reviews={<MyReviewsPanel userId={user.id} />}
        reports={<MyReportsPanel />}
        settingsOpen={toNotifications}
        settings={
          <>
            <NotificationPreferences
              emailVerified={user.email_verified}
              focusOnOpen={toNotifications}
            />
            <SessionSettings />
            <OrcidSettings user={user} />
          </>
        }
      />
    );
  }
  return <CurrentUserLoader />;
}
