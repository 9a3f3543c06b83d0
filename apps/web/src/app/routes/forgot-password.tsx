import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';
import { ForgotPassword } from '@/features/auth/components/forgot-password';

/** /forgot-password: ask for a password reset link (issue 30). */
export function ForgotPasswordRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.forgotPassword'));
  return <ForgotPassword />;
}
