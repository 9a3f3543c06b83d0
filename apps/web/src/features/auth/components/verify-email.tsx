import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, localizedDetail } from '@/lib/localize-message';
import { useVerifyEmail } from '../api/verify-email';
import { AuthPage } from './auth-page';
import styles from './auth-form.module.css';

/**
 * The screen a verification link opens: it sends the link's token once, as soon as it is shown
 * (a link is used once: the guard keeps a second render from sending it again), and says whether
 * the address is verified. A refused link (expired, used) says why and where to ask for another;
 * a failed call (no answer) can be tried again.
 */
export function VerifyEmail({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const verify = useVerifyEmail();
  const sent = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  const refusal = !token
    ? MESSAGES.emailLinkInvalid
    : verify.error instanceof ApiError
      ? verify.error.errors.find((error) => error.field === 'token')?.message
      : undefined;
  const heading = verify.isSuccess
    ? t('verify.doneHeading')
    : refusal || verify.isError
      ? t('verify.failedHeading')
      : t('verify.heading');

  return (
    <AuthPage labelledBy={headingId}>
      <h1 id={headingId} className={styles.heading}>
        {heading}
      </h1>
      <div className={styles.stack}>
        {verify.isSuccess ? (
          <>
            <p className={styles.message} role="status">
              {localizeMessage(MESSAGES.emailVerified)}{' '}
              <span translate="no">{verify.data.email}</span>
            </p>
            <p className={styles.switch}>
              <Link to={paths.myPage.href()}>{t('verify.toMyPage')}</Link>
            </p>
          </>
        ) : refusal ? (
          <>
            <div className={styles.error} role="alert">
              <p className={styles.errorTitle}>{localizeMessage(refusal)}</p>
            </div>
            <p className={styles.lead}>{t('verify.askAgain')}</p>
            <p className={styles.switch}>
              <Link to={paths.myPage.href()}>{t('verify.toMyPage')}</Link>
            </p>
          </>
        ) : verify.isError ? (
          <>
            <div className={styles.error} role="alert">
              <p className={styles.errorTitle}>{localizedDetail(verify.error)}</p>
            </div>
            <button
              type="button"
              className="button button-primary"
              onClick={() => mutate({ token: token ?? '' })}
            >
              {t('verify.retry')}
            </button>
          </>
        ) : (
          <p className={styles.lead} role="status" aria-busy="true">
            {t('verify.verifying')}
          </p>
        )}
      </div>
    </AuthPage>
  );
}
