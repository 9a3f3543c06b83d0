import { useTranslation } from 'react-i18next';
import { API_BASE_PATH } from '@symposia/shared';
import { OrcidMark } from '@/components/ui/orcid-badge/orcid-badge';
import { useOrcidEnabled } from '../api/get-oidc-settings';
import styles from './orcid-sign-in.module.css';

/**
 * "Sign in with ORCID" under the sign-in form (issue 30): a plain link, since the browser itself
 * goes to the provider and back. Shown only when the server offers it (OIDC_CLIENT_ID is set).
 */
export function OrcidSignIn() {
  const { t } = useTranslation('auth');
  if (!useOrcidEnabled()) return null;
  return (
    <div className={styles.orcid}>
      <p className={styles.or}>{t('orcid.or')}</p>
      <a
        className={`button button-secondary ${styles.button}`}
        href={`${API_BASE_PATH}/auth/oidc/authorize`}
      >
        <OrcidMark />
        {t('orcid.signIn')}
      </a>
    </div>
  );
}
