import { useId } from 'react';
import { MESSAGES } from '@symposia/shared';
import { PROFILE_TEXTS, PROFILE_UI } from '../texts';
import styles from './author-profile.module.css';

type AuthorLoadFailedProps = {
  details?: string;
  onBackToForum: () => void;
  /** Offered when trying again may help (not for an unknown author). */
  onRetry?: () => void;
};

/** 'Failed to load author data' with 'Back to Forum' (spec §8). */
export function AuthorLoadFailed({ details, onBackToForum, onRetry }: AuthorLoadFailedProps) {
  const headingId = useId();
  return (
    <section className={styles.unavailable} aria-labelledby={headingId}>
      <div className={styles.unavailableCard}>
        <div className={styles.unavailableIcon} aria-hidden="true">
          !
        </div>
        <h1 id={headingId} className={styles.unavailableTitle}>
          {MESSAGES.authorLoadFailed}
        </h1>
        {details ? <p className={styles.muted}>{details}</p> : null}
        <div className={styles.unavailableActions}>
          <button type="button" className="button button-primary" onClick={onBackToForum}>
            {PROFILE_TEXTS.backToForum}
          </button>
          {onRetry ? (
            <button type="button" className="button button-secondary" onClick={onRetry}>
              Retry
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

type AuthorLoginRequiredProps = {
  onSignIn: () => void;
  onBackToForum: () => void;
};

/** Behind the login overlay when a visitor opens an author profile (spec §6). */
export function AuthorLoginRequired({ onSignIn, onBackToForum }: AuthorLoginRequiredProps) {
  const headingId = useId();
  return (
    <section className={styles.unavailable} aria-labelledby={headingId}>
      <div className={styles.unavailableCard}>
        <h1 id={headingId} className={styles.unavailableTitle}>
          {PROFILE_UI.loginRequiredTitle}
        </h1>
        <p>{MESSAGES.loginToViewAuthor}</p>
        <div className={styles.unavailableActions}>
          <button type="button" className="button button-primary" onClick={onSignIn}>
            Sign In
          </button>
          <button type="button" className="button button-secondary" onClick={onBackToForum}>
            {PROFILE_TEXTS.backToForum}
          </button>
        </div>
      </div>
    </section>
  );
}
