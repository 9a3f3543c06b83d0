import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '@/components/errors/message-text';
import { FailureMark } from '@/components/ui/round-icon/round-icon';
import styles from './author-profile.module.css';

type AuthorLoadFailedProps = {
  details?: string;
  onBackToForum: () => void;
  /** Offered when trying again may help (not for an unknown author). */
  onRetry?: () => void;
};

/** 'Failed to load author data' with 'Back to Forum' (spec §8). */
export function AuthorLoadFailed({ details, onBackToForum, onRetry }: AuthorLoadFailedProps) {
  const { t, i18n } = useTranslation(['profiles', 'profile', 'messages']);
  const headingId = useId();
  return (
    <section className={styles.unavailable} aria-labelledby={headingId}>
      <div className={styles.unavailableCard}>
        <FailureMark />
        <h1 id={headingId} className={styles.unavailableTitle}>
          {t('messages:authorLoadFailed')}
        </h1>
        {details ? <p className={styles.muted}>{messageText(i18n.t, details)}</p> : null}
        <div className={styles.unavailableActions}>
          <button type="button" className="button button-primary" onClick={onBackToForum}>
            {t('profile:backToForum')}
          </button>
          {onRetry ? (
            <button type="button" className="button button-secondary" onClick={onRetry}>
              {t('author.retry')}
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
  const { t } = useTranslation(['profiles', 'profile', 'messages']);
  const headingId = useId();
  return (
    <section className={styles.unavailable} aria-labelledby={headingId}>
      <div className={styles.unavailableCard}>
        <h1 id={headingId} className={styles.unavailableTitle}>
          {t('author.loginRequiredTitle')}
        </h1>
        <p>{t('messages:loginToViewAuthor')}</p>
        <div className={styles.unavailableActions}>
          <button type="button" className="button button-primary" onClick={onSignIn}>
            {t('author.signIn')}
          </button>
          <button type="button" className="button button-secondary" onClick={onBackToForum}>
            {t('profile:backToForum')}
          </button>
        </div>
      </div>
    </section>
  );
}
