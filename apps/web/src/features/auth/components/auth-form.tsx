import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  loginFormSchema,
  registerBodySchema,
  type CurrentUser,
} from '@symposia/shared';
import { messageText } from '@/components/errors/message-text';
import { CONTACT_KINDS, ContactField } from '@/components/ui/form/contact-field';
import { TextField } from '@/components/ui/form/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { SignInAfterRegisterError, useRegister } from '../api/register';
import { OrcidSignIn } from './orcid-sign-in';
import { UsernameField } from './username-field';
import styles from './auth-form.module.css';

export type AuthMode = 'signIn' | 'register';

type Field = 'username' | 'password' | 'email' | 'phone';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;
type FormError = { title: string; details?: string };

const EMPTY: Values = { username: '', password: '', email: '', phone: '' };
const FIELDS: readonly Field[] = ['username', 'password', 'email', 'phone'];

function isField(name: unknown): name is Field {
  return typeof name === 'string' && (FIELDS as readonly string[]).includes(name);
}

type Issue = { path: readonly PropertyKey[]; message: string };

function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/*
 * The form's errors are kept as the product's English messages (and the server's details, which
 * arrive in English) and looked up in the reader's language when shown (messageText), so they
 * follow a change of language too.
 */
function loginErrorOf(error: unknown): FormError {
  // The token endpoint answers 400 invalid_grant for a wrong username or password (RFC 6749 §5.2).
  if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
    return { title: MESSAGES.invalidCredentials };
  }
  if (error instanceof ApiError) return { title: error.detail };
  return { title: MESSAGES.unexpectedError, details: (error as Error)?.message };
}

function registerErrorOf(error: unknown): FormError {
  if (error instanceof ApiError) {
    return { title: MESSAGES.registrationFailed, details: error.detail };
  }
  return { title: MESSAGES.registrationFailed, details: (error as Error)?.message };
}

type AuthFormProps = {
  initialMode?: AuthMode;
  /** Why sign-in is asked for, e.g. 'Please login to submit your comment'. */
  message?: string;
  onSuccess?: (user: CurrentUser) => void;
  headingId?: string;
  headingLevel?: 1 | 2;
  /** Called when the person follows "Forgot password?" away from the form (a dialog closes). */
  onLeave?: () => void;
};

/** Sign In / Register (spec §2, §4 Auth, §5): one form whose mode toggle starts it afresh. */
export function AuthForm({
  initialMode = 'signIn',
  message,
  onSuccess,
  headingId,
  headingLevel = 1,
  onLeave,
}: AuthFormProps) {
  const { t, i18n } = useTranslation(['auth', 'messages']);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  // The account was created but signing in with it failed.
  const [signInFailed, setSignInFailed] = useState(false);
  const login = useLogin();
  const register = useRegister();

  const isRegister = mode === 'register';
  const errorOf = (field: Field) => {
    const error = fieldErrors[field];
    return error ? messageText(i18n.t, error) : undefined;
  };
  const pending = login.isPending || register.isPending;
  const title = isRegister ? t('register') : t('signIn');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const switchMode = () => {
    setMode(isRegister ? 'signIn' : 'register');
    setValues(EMPTY);
    setFieldErrors({});
    setFormError(null);
    setSignInFailed(false);
    login.reset();
    register.reset();
  };

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setSignInFailed(false);

    if (!isRegister) {
      const parsed = loginFormSchema.safeParse(values);
      if (!parsed.success) {
        setFieldErrors(fieldErrorsOf(parsed.error.issues));
        setFormError({ title: MESSAGES.missingCredentials });
        return;
      }
      setFieldErrors({});
      login.mutate(parsed.data, {
        onSuccess: (user) => onSuccess?.(user),
        onError: (error) => setFormError(loginErrorOf(error)),
      });
      return;
    }

    const parsed = registerBodySchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data, {
      onSuccess: (user) => onSuccess?.(user),
      onError: (error) => {
        if (error instanceof SignInAfterRegisterError) {
          // The account exists: offer to sign in with it rather than to register again.
          setMode('signIn');
          setValues({ ...EMPTY, username: parsed.data.username });
          setSignInFailed(true);
          setFormError(loginErrorOf(error.reason));
          return;
        }
        setFormError(registerErrorOf(error));
        if (error instanceof ApiError) {
          setFieldErrors(
            fieldErrorsOf(error.errors.map(({ field, message }) => ({ path: [field], message }))),
          );
        }
      },
    });
  };

  return (
    <div className={styles.wrapper}>
      <Heading id={headingId} className={styles.heading}>
        {title}
      </Heading>
      <p className={styles.lead}>{isRegister ? t('registerLead') : t('signInLead')}</p>

      {message ? (
        <p className={styles.message} role="status">
          {messageText(i18n.t, message)}
        </p>
      ) : null}
      {signInFailed ? (
        <p className={styles.message} role="status">
          {t('signInAfterRegisterFailed')}
        </p>
      ) : null}

      <form className={styles.form} onSubmit={submit} aria-labelledby={headingId}>
        <UsernameField
          value={values.username}
          onChange={update('username')}
          error={errorOf('username')}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          required
          minLength={isRegister ? PASSWORD_MIN_LENGTH : undefined}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={isRegister ? t('passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
          value={values.password}
          onChange={(event) => update('password')(event.target.value)}
          error={errorOf('password')}
        />
        {isRegister
          ? CONTACT_KINDS.map((kind) => (
              <ContactField
                key={kind}
                kind={kind}
                label={t(kind)}
                name={kind}
                optional
                value={values[kind]}
                onChange={(event) => update(kind)(event.target.value)}
                error={errorOf(kind)}
              />
            ))
          : null}

        {formError ? (
          <div className={styles.error} role="alert">
            <p className={styles.errorTitle}>{messageText(i18n.t, formError.title)}</p>
            {formError.details ? (
              <p className={styles.errorDetails}>{messageText(i18n.t, formError.details)}</p>
            ) : null}
          </div>
        ) : null}

        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? (isRegister ? t('registering') : t('signingIn')) : title}
        </button>
      </form>
      <OrcidSignIn />

      {!isRegister ? (
        <p className={styles.forgot}>
          <Link to={paths.forgotPassword.href()} onClick={onLeave}>
            {t('forgotPassword')}
          </Link>
        </p>
      ) : null}

      <p className={styles.switch}>
        {isRegister ? t('haveAccount') : t('newHere')}{' '}
        <button type="button" className="link-button" onClick={switchMode} disabled={pending}>
          {isRegister ? t('signIn') : t('register')}
        </button>
      </p>
    </div>
  );
}
