import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { ResetPassword } from '@/features/auth/components/reset-password';

/** /reset-password?token=…: the screen a password reset link opens (issue 30). */
export function ResetPasswordRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.resetPassword'));
  const [params] = useSearchParams();
  return <ResetPassword token={params.get('token')} />;
}
