import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorView } from '@/components/ui/error-view/error-view';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { ModerationScreen } from '@/features/moderation/components/moderation-screen';
import { ModeratorsOnly } from '@/features/moderation/components/moderators-only';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { localizedDetail } from '@/lib/localize-message';

/**
 * /moderation: signed out, the sign-in form; signed in, the moderation screen for moderators and
 * a plain 'Only moderators' for everyone else. The role is the one GET /auth/me gave (loaded
 * here when only a token is known); the server checks it again on every call.
 */
export function ModerationRoute() {
  const { t } = useTranslation(['routes', 'messages']);
  useDocumentTitle(t('titles.moderation'));
  const navigate = useNavigate();
  const { token, user } = useAuth();
  const me = useCurrentUser({
    enabled: Boolean(token) && !user,
    throwOnError: (error) => !(error instanceof ApiError),
  });
  useEffect(() => {
    if (me.data) authStore.setUser(me.data);
  }, [me.data]);

  if (!token) return <LoginScreen />;
  if (!user) {
    if (me.isError && !me.isFetching) {
      return (
        <ErrorView
          message={t('messages:myPageLoadFailed')}
          details={localizedDetail(me.error)}
          onRetry={() => void me.refetch()}
          onBack={() => void navigate(-1)}
        />
      );
    }
    return <LoadingScreen />;
  }
  if (user.role !== 'moderator') return <ModeratorsOnly />;
  return <ModerationScreen />;
}
