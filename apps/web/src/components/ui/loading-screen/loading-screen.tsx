import { useTranslation } from 'react-i18next';
import { LOADING_MAX_DOTS } from '@symposia/shared';
import { useLoadingDots } from './use-loading-dots';
import styles from './loading-screen.module.css';

type LoadingScreenProps = {
  /** Fill the viewport (app start) or only the content area (a screen loading its data). */
  fullPage?: boolean;
};

export function LoadingScreen({ fullPage = false }: LoadingScreenProps) {
  const { t } = useTranslation('common');
  const dots = useLoadingDots();
  return (
    <div
      className={fullPage ? `${styles.screen} ${styles.fullPage}` : styles.screen}
      role="status"
      aria-label={t('loading')}
    >
      <p className={styles.text}>
        {t('loading')}
        {/* The dots are decoration: a screen reader hears "Loading" once, not every 400 ms. */}
        <span className={styles.dots} aria-hidden="true" data-testid="loading-dots">
          {'.'.repeat(Math.min(dots, LOADING_MAX_DOTS))}
        </span>
      </p>
    </div>
  );
}
