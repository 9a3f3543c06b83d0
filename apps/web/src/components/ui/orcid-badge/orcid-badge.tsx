import { useTranslation } from 'react-i18next';
import styles from './orcid-badge.module.css';

type OrcidBadgeProps = {
  /** The iD as ORCID writes it: 0000-0002-1825-0097. */
  orcid: string;
  /** Its public record (the server's `orcid_url`: OIDC_ISSUER and the iD). */
  url: string;
};

/**
 * A member's ORCID iD (issue 30), verified because they signed in with it: ORCID's iD mark and
 * the iD, linking to the public record, as ORCID asks an iD to be shown. On author profiles, My
 * Page and the citation dialog.
 */
export function OrcidBadge({ orcid, url }: OrcidBadgeProps) {
  const { t } = useTranslation('common');
  return (
    <a
      className={styles.badge}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('orcid.badge', { orcid })}
      title={t('orcid.verified')}
      data-testid="orcid-badge"
      translate="no"
    >
      <OrcidMark />
      <span>{orcid}</span>
    </a>
  );
}

/** ORCID's iD mark, beside an iD or on the sign-in button; decorative (its text says ORCID). */
export function OrcidMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#a6ce39" />
      <text x="16" y="21.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff">
        iD
      </text>
    </svg>
  );
}
