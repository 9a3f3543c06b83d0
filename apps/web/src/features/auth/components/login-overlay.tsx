import { useId } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { authStore, useAuth } from '@/lib/auth-store';
import { AuthForm } from './auth-form';

/**
 * The login overlay: opens whenever a protected call answers 401 (the api-client asks the auth
 * store), with the reason given by the caller, and closes once signed in.
 */
export function LoginOverlay() {
  const { loginPrompt } = useAuth();
  const headingId = useId();
  if (!loginPrompt) return null;
  return (
    <Modal onClose={authStore.dismissLogin} labelledBy={headingId}>
      <AuthForm
        message={loginPrompt.message}
        headingId={headingId}
        headingLevel={2}
        onSuccess={authStore.dismissLogin}
      />
    </Modal>
  );
}
