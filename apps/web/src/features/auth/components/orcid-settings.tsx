import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@symposia/shared';
import { OrcidBadge } from '@/components/ui/orcid-badge/orcid-badge';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import { useOrcidEnabled } from '../api/get-oidc-settings';
import { useStartOrcidLink, useUnlinkOrcid } from '../api/link-orcid';
import section from '@/components/ui/settings-section/settings-section.module.css';

/**
 * My Page › Settings › ORCID iD (issue 30): "Link ORCID iD" sends the browser to ORCID to prove
 * the iD, and the callback links it; a linked iD shows as its badge, with Unlink — unless ORCID is
 * how the account signs in (it has no password). Hidden while the server offers no ORCID and
 * nothing is linked.
 */
export function OrcidSettings({
  user,
}: {
  user: Pick<CurrentUser, 'orcid' | 'orcid_url' | 'orcid_only'>;
}) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const enabled = useOrcidEnabled();
  const link = useStartOrcidLink();
  const unlink = useUnlinkOrcid();
  const [status, setStatus] = useState('');
  if (!enabled && user.orcid === null) return null;

  const onLink = () => {
    setStatus('');
    link.mutate(undefined, {
      onError: (error) => notifyUpdateFailed(t('orcid.linkFailed'), error),
    });
  };
  const onUnlink = () => {
    setStatus('');
    unlink.mutate(undefined, {
      onSuccess: () => setStatus(t('orcid.unlinked')),
      onError: (error) => notifyUpdateFailed(t('orcid.unlinkFailed'), error),
    });
  };

  // Link, or Unlink — unless ORCID is how the account signs in.
  const action =
    user.orcid === null
      ? { run: onLink, pending: link.isPending, label: t('orcid.link'), busy: t('orcid.linking') }
      : user.orcid_only
        ? null
        : {
            run: onUnlink,
            pending: unlink.isPending,
            label: t('orcid.unlink'),
            busy: t('orcid.unlinking'),
          };

  return (
    <section aria-labelledby={headingId} className={section.section}>
      <div className={section.header}>
        <h3 id={headingId} className={section.heading}>
          {t('orcid.heading')}
        </h3>
        {action ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={action.run}
            disabled={action.pending}
          >
            {action.pending ? action.busy : action.label}
          </button>
        ) : null}
      </div>
      <p className={section.description}>{t('orcid.description')}</p>
      {user.orcid !== null && user.orcid_url !== null ? (
        <OrcidBadge orcid={user.orcid} url={user.orcid_url} />
      ) : null}
      {user.orcid !== null && user.orcid_only ? (
        <p className={section.description}>{t('orcid.onlySignIn')}</p>
      ) : null}
      <p className={section.status} role="status">
        {status}
      </p>
    </section>
  );
}
