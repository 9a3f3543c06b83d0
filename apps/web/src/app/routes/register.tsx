import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { LoginScreen } from '@/features/auth/components/login-screen';

/** /register opens the login screen in Register mode; a signed-in member goes to My Page. */
export function RegisterRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.register'));
  const { token } = useAuth();
  if (token) return <Navigate to={paths.myPage.href()} replace />;
  return <LoginScreen initialMode="register" />;
}
