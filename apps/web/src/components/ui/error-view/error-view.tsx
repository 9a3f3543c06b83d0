import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '@/lib/localize-message';
import { FailureMark } from '../round-icon/round-icon';
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

/**
 * The Error component of spec §8: title, message, optional details, Retry and Back. A message or
 * details that are one of the product's messages (e.g. the server's `detail`) show in the reader's
 * language.
 */
export function ErrorView({
  title,
  message,
  details,
  onRetry,
  onBack,
  fullPage = false,
  headingLevel = 1,
}: ErrorViewProps) {
  const { t } = useTranslation(['common', 'messages']);
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={fullPage ? `${styles.wrapper} ${styles.fullPage}` : styles.wrapper}
      aria-labelledby={headingId}
    >
      <div className={styles.card}>
        <FailureMark className={styles.icon} />
        <Heading id={headingId} className={styles.title}>
          {title ?? t('error.title')}
        </Heading>
        <p className={styles.message} role="alert">
          {message ? localizeMessage(message) : t('messages:errorDefault')}
        </p>
        {details ? (
          <pre className={styles.details} aria-label={t('error.details')}>
            {localizeMessage(details)}
          </pre>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-primary"
            onClick={onRetry ?? (() => window.location.reload())}
          >
            {t('actions.retry')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={onBack ?? (() => window.history.back())}
          >
            {t('actions.back')}
          </button>
        </div>
      </div>
    </section>
  );
}
