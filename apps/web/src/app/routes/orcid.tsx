import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notify } from '@/components/ui/toast/toast';
import { refreshCurrentUser } from '@/features/auth/api/link-orcid';
import { OrcidHandoff, orcidOutcomeOf } from '@/features/auth/components/orcid-handoff';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * /orcid (issue 30): where the ORCID callback sends the browser, with a one-time code, `linked`,
 * or an error in the URL fragment. The fragment is read once and taken out of the address, so
 * the code stays in no history entry; then My Page.
 */
export function OrcidRoute() {
  const { t } = useTranslation(['routes', 'auth']);
  useDocumentTitle(t('routes:titles.orcid'));
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome] = useState(() => orcidOutcomeOf(location.hash));

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  const toMyPage = useCallback(
    () => void navigate(paths.myPage.href(), { replace: true }),
    [navigate],
  );
  const onLinked = useCallback(() => {
    void refreshCurrentUser()
      .then(() => notify.success(t('auth:orcid.linked')))
      .finally(toMyPage);
  }, [t, toMyPage]);

  return (
    <OrcidHandoff
      outcome={outcome}
      onSignedIn={toMyPage}
      onLinked={onLinked}
      signInHref={paths.myPage.href()}
    />
  );
}
