import { useId } from 'react';
import type { CurrentUser } from '@symposia/shared';
import { AuthForm, type AuthMode } from './auth-form';
import styles from './login-screen.module.css';

type LoginScreenProps = {
  initialMode?: AuthMode;
  onSuccess?: (user: CurrentUser) => void;
};

/** The login screen as a page of its own (My Page without a session, /register). */
export function LoginScreen({ initialMode, onSuccess }: LoginScreenProps) {
  const headingId = useId();
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <div className={styles.card}>
        <AuthForm initialMode={initialMode} onSuccess={onSuccess} headingId={headingId} />
      </div>
    </section>
  );
}
