import { useId } from 'react';
import { MESSAGES } from '@symposia/shared';
import styles from './error-view.module.css';

export type ErrorViewProps = {
  title?: string;
  message?: string;
  details?: string;
  /** What Retry does; without one, Retry reloads the page. */
  onRetry?: () => void;
  /** What Back does; without one, Back goes one step back in history. */
  onBack?: () => void;
  fullPage?: boolean;
  /** Heading level: 1 when the error is the whole screen, 2 inside a page that has its own title. */
  headingLevel?: 1 | 2;
};

/** The Error component of spec §8: title, message, optional details, Retry and Back. */
export function ErrorView({
  title = 'Error',
  message = MESSAGES.errorDefault,
  details,
  onRetry,
  onBack,
  fullPage = false,
  headingLevel = 1,
}: ErrorViewProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={fullPage ? `${styles.wrapper} ${styles.fullPage}` : styles.wrapper}
      aria-labelledby={headingId}
    >
      <div className={styles.card}>
        <div className={styles.icon} aria-hidden="true">
          !
        </div>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        <p className={styles.message} role="alert">
          {message}
        </p>
        {details ? (
          <pre className={styles.details} aria-label="Details">
            {details}
          </pre>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-primary"
            onClick={onRetry ?? (() => window.location.reload())}
          >
            Retry
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={onBack ?? (() => window.history.back())}
          >
            Back
          </button>
        </div>
      </div>
    </section>
  );
}
