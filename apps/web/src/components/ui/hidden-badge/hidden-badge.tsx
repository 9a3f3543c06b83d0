import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import pill from '../pill/pill.module.css';
import styles from './hidden-badge.module.css';

/**
 * 'Hidden by the moderators', on a post or comment that only its author and the moderators still
 * see. `banner` for the post page, where it heads the post; a badge beside a comment's name.
 */
export function HiddenBadge({ variant = 'badge' }: { variant?: 'badge' | 'banner' }) {
  const { t } = useTranslation('messages');
  return (
    <span
      className={clsx(pill.pill, pill.danger, styles.hidden, variant === 'banner' && styles.banner)}
      data-testid="hidden-by-moderators"
    >
      <EyeOffIcon />
      {t('hiddenByModerators')}
    </span>
  );
}

// Here rather than in icons/: the icons module is shared by the forum's first load, this is not.
function EyeOffIcon() {
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 8.5 4.5 9.5 6-.5.8-1.6 2.3-3.2 3.6M6.4 7.6C4.5 8.9 3.1 10.8 2.5 12c1 1.5 4.5 6 9.5 6 1.6 0 3-.4 4.3-1.1M9.9 10a3 3 0 0 0 4.1 4.1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
