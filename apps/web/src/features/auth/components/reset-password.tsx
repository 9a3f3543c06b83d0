import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordResetFormSchema,
} from '@symposia/shared';
import { errorsByField, focusFirstError, type FieldIssue } from '@/components/ui/form/field-errors';
import { TextField } from '@/components/ui/form/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, localizedDetail } from '@/lib/localize-message';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { AuthPage } from './auth-page';
import { LoginScreen } from './login-screen';
import styles from './auth-form.module.css';

type Field = 'new_password' | 'confirm_password';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['new_password', 'confirm_password'];

/** Why the link cannot be used (expired, used, not one): the server's message, or ours. */
function LinkRefused({ message, headingId }: { message: string; headingId: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthPage labelledBy={headingId}>
      <h1 id={headingId} className={styles.heading}>
        {t('reset.heading')}
      </h1>
      <div className={styles.stack}>
        <div className={styles.error} role="alert">
          <p className={styles.errorTitle}>{localizeMessage(message)}</p>
        </div>
        <p className={styles.switch}>
          <Link to={paths.forgotPassword.href()}>{t('reset.askAgain')}</Link>
        </p>
      </div>
    </AuthPage>
  );
}

/**
 * The screen a password reset link opens: the new password twice, checked with the shared schema
 * before anything is sent. The link's token goes with it; a link the server refuses (expired,
 * used) says so and offers a new one. Done, every session of the account has ended: the sign-in
 * form follows, and signing in leads to My Page.
 */
export function ResetPassword({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    new_password: '',
    confirm_password: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const confirm = useConfirmPasswordReset();

  if (!token) return <LinkRefused message={MESSAGES.emailLinkInvalid} headingId={headingId} />;
  if (confirm.isSuccess) {
    return (
      <LoginScreen
        message={MESSAGES.passwordResetDone}
        onSuccess={() => void navigate(paths.myPage.href())}
      />
    );
  }
  const tokenError =
    confirm.error instanceof ApiError
      ? confirm.error.errors.find((error) => error.field === 'token')
      : undefined;
  if (tokenError) return <LinkRefused message={tokenError.message} headingId={headingId} />;

  /** Shows the errors and puts the keyboard on the first field at fault. */
  const showErrors = (issues: readonly FieldIssue[]) => {
    const next = errorsByField(issues, FIELDS);
    setErrors(next);
    focusFirstError(formRef.current, FIELDS, next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = passwordResetFormSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(parsed.error.issues);
      return;
    }
    setErrors({});
    confirm.mutate(
      { token, new_password: parsed.data.new_password },
      {
        onError: (error) => {
          if (error instanceof ApiError) {
            showErrors(error.errors.map(({ field, message }) => ({ path: [field], message })));
          }
        },
      },
    );
  };

  const passwordField = (field: Field) => ({
    name: field,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    maxLength: PASSWORD_MAX_LENGTH,
    value: values[field],
    error: errors[field] ? localizeMessage(errors[field]) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  // Refusals that are not about a field: no answer, a server error.
  const failed =
    confirm.isError && !(confirm.error instanceof ApiError && confirm.error.errors.length > 0);
  return (
    <AuthPage labelledBy={headingId}>
      <h1 id={headingId} className={styles.heading}>
        {t('reset.heading')}
      </h1>
      <p className={styles.lead}>{t('reset.lead')}</p>
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={submit}
        aria-labelledby={headingId}
        noValidate
      >
        <TextField
          label={t('reset.new')}
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('reset.newHint', { min: PASSWORD_MIN_LENGTH })}
          autoFocus
          {...passwordField('new_password')}
        />
        <TextField label={t('reset.confirm')} {...passwordField('confirm_password')} />
        {failed ? (
          <div className={styles.error} role="alert">
            <p className={styles.errorTitle}>{t('reset.failed')}</p>
            <p className={styles.errorDetails}>{localizedDetail(confirm.error)}</p>
          </div>
        ) : null}
        <button type="submit" className="button button-primary" disabled={confirm.isPending}>
          {confirm.isPending ? t('reset.saving') : t('reset.save')}
        </button>
      </form>
    </AuthPage>
  );
}
