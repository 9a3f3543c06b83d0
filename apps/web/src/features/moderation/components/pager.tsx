import { useTranslation } from 'react-i18next';
import { MODERATION_DEFAULT_LIMIT } from '@symposia/shared';
import styles from './moderation.module.css';

type PagerProps = {
  /** What the list holds, for the buttons' names: "reports", "log entries". */
  what: string;
  skip: number;
  /** How many the shown page holds. */
  shown: number;
  /** A page is loading: the buttons wait. */
  busy: boolean;
  onSkip: (skip: number) => void;
};

/** Previous and Next under a list paged by MODERATION_DEFAULT_LIMIT; a short page is the last. */
export function Pager({ what, skip, shown, busy, onSkip }: PagerProps) {
  const { t } = useTranslation('moderation');
  const hasPrevious = skip > 0;
  const hasNext = shown === MODERATION_DEFAULT_LIMIT;
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager.label', { what })}>
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasPrevious || busy}
        onClick={() => onSkip(Math.max(0, skip - MODERATION_DEFAULT_LIMIT))}
      >
        {t('pager.previous')}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span aria-live="polite">
        {shown ? `${skip + 1}–${skip + shown}` : t('pager.after', { skip })}
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasNext || busy}
        onClick={() => onSkip(skip + MODERATION_DEFAULT_LIMIT)}
      >
        {t('pager.next')}
        <span className="visually-hidden"> {what}</span>
      </button>
    </nav>
  );
}
