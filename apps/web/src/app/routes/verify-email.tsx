import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { VerifyEmail } from '@/features/auth/components/verify-email';

/** /verify-email?token=…: the screen a verification link opens (issue 30). */
export function VerifyEmailRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.verifyEmail'));
  const [params] = useSearchParams();
  return <VerifyEmail token={params.get('token')} />;
}
