import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { AuthPage } from '@/features/auth/components/auth-page';
import { Unsubscribe } from '@/features/notifications/components/unsubscribe';

/** /unsubscribe?token=…&topic=…: where a notification email's unsubscribe link lands (issue 30). */
export function UnsubscribeRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.unsubscribe'));
  const [params] = useSearchParams();
  const headingId = useId();
  return (
    <AuthPage labelledBy={headingId}>
      <Unsubscribe
        token={params.get('token')}
        topic={params.get('topic')}
        headingId={headingId}
        preferencesHref={paths.myPage.notificationPreferences()}
      />
    </AuthPage>
  );
}
