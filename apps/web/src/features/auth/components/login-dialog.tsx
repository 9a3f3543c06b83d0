import { useId } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { authStore } from '@/lib/auth-store';
import { AuthForm } from './auth-form';

/** The sign-in dialog the login overlay opens; its own chunk, so pages load no form code. */
export default function LoginDialog({ message }: { message?: string }) {
  const headingId = useId();
  return (
    <Modal onClose={authStore.dismissLogin} labelledBy={headingId}>
      <AuthForm
        message={message}
        headingId={headingId}
        headingLevel={2}
        onSuccess={authStore.dismissLogin}
        onLeave={authStore.dismissLogin}
      />
    </Modal>
  );
}
