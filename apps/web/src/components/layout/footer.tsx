import { useTranslation } from 'react-i18next';
import styles from './footer.module.css';

// Placeholder links (spec §2): <a> without href is HTML's own placeholder, so nothing pretends to go
// somewhere it does not.
const PLACEHOLDER_LINKS = ['privacy', 'terms', 'contact'] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copyright}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
        <ul className={styles.links} aria-label={t('footer.links')}>
          {PLACEHOLDER_LINKS.map((key) => (
            <li key={key}>
              {/* Announced as a link that is not available yet (and not taken for a broken one). */}
              <a
                className={styles.placeholder}
                title={t('footer.comingSoon')}
                role="link"
                aria-disabled="true"
              >
                {t(`footer.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
