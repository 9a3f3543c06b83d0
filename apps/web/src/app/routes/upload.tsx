import { useTranslation } from 'react-i18next';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { UploadScreen } from '@/features/upload/components/upload-screen';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';

/** Uploading needs a session (spec §2 Upload): without an access token the login screen shows. */
export function UploadRoute() {
  const { t } = useTranslation('screen');
  useDocumentTitle(t('uploadTitle'));
  const { token } = useAuth();
  if (!token) return <LoginScreen />;
  return <UploadScreen />;
}
