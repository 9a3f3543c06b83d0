import { useTranslation } from 'react-i18next';
import type { TrustLevel } from '@symposia/shared';
import styles from './trust-badge.module.css';

/**
 * A member's community trust level (issue 28; docs/TRUST.md): 0 new, 1 basic, 2 member,
 * 3 trusted. The level is all anyone is shown of trust, never the score. On author profiles, My
 * Page and the moderators' trust panel.
 */
const LEVEL_NAMES = ['new', 'basic', 'member', 'trusted'] as const;

export function TrustBadge({ level }: { level: number }) {
  const { t } = useTranslation('common');
  const known = (level >= 0 && level <= 3 ? level : 0) as TrustLevel;
  const name = t(`trust.levels.${LEVEL_NAMES[known]}`);
  return (
    <span
      className={`${styles.badge} ${styles[`level${known}`]}`}
      data-testid="trust-level"
      data-level={known}
      title={t('trust.explain')}
    >
      {t('trust.badge', { level: known, name })}
    </span>
  );
}
