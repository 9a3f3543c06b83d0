import { useTranslation } from 'react-i18next';
import styles from './navigation-progress.module.css';

type NavigationProgressProps = {
  /** A navigation waits for the next screen's code or data. */
  active: boolean;
};

/**
 * The bar along the top of the window while a navigation waits (issue 32), an indeterminate
 * progressbar, and a polite status that says so to assistive technology. The status is always
 * there, so that its words are announced when they appear.
 */
export function NavigationProgress({ active }: NavigationProgressProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {active ? (
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('navigationPending')}
          data-testid="navigation-progress"
        />
      ) : null}
      <p className="visually-hidden" role="status">
        {active ? t('navigationPending') : ''}
      </p>
    </>
  );
}
