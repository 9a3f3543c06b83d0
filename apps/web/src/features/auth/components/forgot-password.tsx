import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MESSAGES,
  PASSWORD_RESET_LOGIN_MAX_LENGTH,
  passwordResetRequestBodySchema,
} from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, localizedDetail } from '@/lib/localize-message';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthPage } from './auth-page';
import styles from './auth-form.module.css';

/**
 * "Forgot password?": a username or email address, and the same answer whether or not an account
 * matches (the server says nothing of which accounts exist). A field the server refuses is shown
 * at the field; a refused request (too many) above the button.
 */
export function ForgotPassword() {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const [login, setLogin] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = passwordResetRequestBodySchema.safeParse({ username_or_email: login });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MESSAGES.errorDefault);
      return;
    }
    setFieldError(null);
    request.mutate(parsed.data, {
      onError: (error) => {
        const first = error instanceof ApiError ? error.errors[0] : undefined;
        if (first) setFieldError(first.message);
      },
    });
  };

  if (request.isSuccess) {
    return (
      <AuthPage labelledBy={headingId}>
        <h1 id={headingId} className={styles.heading}>
          {t('forgot.sentHeading')}
        </h1>
        <div className={styles.stack}>
          <p className={styles.message} role="status">
            {localizeMessage(MESSAGES.passwordResetRequested)}
          </p>
          <p className={styles.lead}>{t('forgot.noAddress')}</p>
          <p className={styles.switch}>
            <Link to={paths.myPage.href()}>{t('forgot.backToSignIn')}</Link>
          </p>
        </div>
      </AuthPage>
    );
  }

  const refused =
    request.isError && !(request.error instanceof ApiError && request.error.errors[0]);
  return (
    <AuthPage labelledBy={headingId}>
      <h1 id={headingId} className={styles.heading}>
        {t('forgot.heading')}
      </h1>
      <p className={styles.lead}>{t('forgot.lead')}</p>
      <form className={styles.form} onSubmit={submit} aria-labelledby={headingId} noValidate>
        <TextField
          label={t('forgot.login')}
          name="username_or_email"
          autoComplete="username"
          required
          autoFocus
          maxLength={PASSWORD_RESET_LOGIN_MAX_LENGTH}
          value={login}
          onChange={(event) => {
            setLogin(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ? localizeMessage(fieldError) : undefined}
        />
        {refused ? (
          <div className={styles.error} role="alert">
            <p className={styles.errorTitle}>{localizedDetail(request.error)}</p>
          </div>
        ) : null}
        <button type="submit" className="button button-primary" disabled={request.isPending}>
          {request.isPending ? t('forgot.sending') : t('forgot.send')}
        </button>
      </form>
      <p className={styles.switch}>
        <Link to={paths.myPage.href()}>{t('forgot.backToSignIn')}</Link>
      </p>
    </AuthPage>
  );
}
