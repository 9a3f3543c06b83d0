import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth-store';

// Loaded on the first 401 only: the form, its schemas and the modal stay out of the first load.
const LoginDialog = lazy(() => import('./login-dialog'));

/**
 * The login overlay: opens whenever a protected call answers 401 (the api-client asks the auth
 * store), with the reason given by the caller, and closes once signed in.
 */
export function LoginOverlay() {
  const { loginPrompt } = useAuth();
  if (!loginPrompt) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog message={loginPrompt.message} />
    </Suspense>
  );
}
