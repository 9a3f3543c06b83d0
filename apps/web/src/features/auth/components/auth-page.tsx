import type { ReactNode } from 'react';
import styles from './auth-page.module.css';

/**
 * A page of its own with one card in its middle: signing in and registering, "Forgot
 * password?", the screens a link sent by email opens.
 */
export function AuthPage({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby={labelledBy}>
      <div className={styles.card}>{children}</div>
    </section>
  );
}
