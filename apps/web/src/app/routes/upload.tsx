import { LoginScreen } from '@/features/auth/components/login-screen';
import { UPLOAD_TITLE, UploadScreen } from '@/features/upload/components/upload-screen';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';

/** Uploading needs a session (spec §2 Upload): without an access token the login screen shows. */
export function UploadRoute() {
  useDocumentTitle(UPLOAD_TITLE);
  const { token } = useAuth();
  if (!token) return <LoginScreen />;
  return <UploadScreen />;
}
