import { useTranslation } from 'react-i18next';
import styles from './doi-link.module.css';

/**
 * Where a DOI resolves. Characters a URL would read otherwise (`#`, `?`, `%`, spaces…) are
 * percent-encoded, as doi.org asks; the prefix/suffix slashes stay.
 */
export function doiUrl(doi: string): string {
  return `https://doi.org/${encodeURIComponent(doi).replaceAll('%2F', '/')}`;
}

/** A post's DOI, linked to its resolver; nothing when the post names none. */
export function DoiLink({ doi }: { doi: string | null }) {
  const { t } = useTranslation('posts');
  if (!doi) return null;
  return (
    <p className={styles.doi}>
      <abbr title={t('doi.title')} className={styles.label}>
        {t('doi.label')}
      </abbr>{' '}
      <a
        href={doiUrl(doi)}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.link}
        translate="no"
      >
        {doi}
      </a>
    </p>
  );
}
