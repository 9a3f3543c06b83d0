import { useId } from 'react';
import type { CurrentUser } from '@symposia/shared';
import { AuthForm, type AuthMode } from './auth-form';
import { AuthPage } from './auth-page';

type LoginScreenProps = {
  initialMode?: AuthMode;
  onSuccess?: (user: CurrentUser) => void;
  /** Said above the form, e.g. that the password was changed. */
  message?: string;
};

/** The login screen as a page of its own (My Page without a session, /register). */
export function LoginScreen({ initialMode, onSuccess, message }: LoginScreenProps) {
  const headingId = useId();
  return (
    <AuthPage labelledBy={headingId}>
      <AuthForm
        initialMode={initialMode}
        onSuccess={onSuccess}
        headingId={headingId}
        message={message}
      />
    </AuthPage>
  );
}
