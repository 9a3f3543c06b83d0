import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE_PATH, OIDC_FAILURES, usernameSchema, type OidcFailure } from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useRegisterWithOrcid, useSignInWithOrcidCode } from '../api/orcid-session';
import { AuthPage } from './auth-page';
import { UsernameField } from './username-field';
import form from './auth-form.module.css';

/** What the ORCID callback put in the /orcid page's URL fragment. */
export type OrcidOutcome = { code: string } | { linked: true } | { error: OidcFailure };

/** Reads the fragment; anything else is an unknown flow. */
export function orcidOutcomeOf(hash: string): OrcidOutcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('code');
  if (code) return { code };
  if (params.has('linked')) return { linked: true };
  const error = params.get('error');
  const known = OIDC_FAILURES.find((failure) => failure === error);
  return { error: known ?? 'oidcFlowInvalid' };
}

type OrcidHandoffProps = {
  outcome: OrcidOutcome;
  /** The member is signed in (an account found, or made). */
  onSignedIn: () => void;
  /** A signed-in member's iD was linked. */
  onLinked: () => void;
  /** Where "Back to sign in" goes. */
  signInHref: string;
};

/**
 * The /orcid page (issue 30): where the ORCID callback sends the browser. A one-time code is
 * traded for a session at once; a new iD asks for a username first; a failure says what went
 * wrong and offers to try again.
 */
export function OrcidHandoff({ outcome, onSignedIn, onLinked, signInHref }: OrcidHandoffProps) {
  const { t } = useTranslation(['auth', 'messages']);
  const headingId = useId();
  const signIn = useSignInWithOrcidCode();
  const started = useRef(false);
  const [newId, setNewId] = useState<{ code: string; orcid: string; suggested: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(
    'error' in outcome ? t(`messages:${outcome.error}`) : null,
  );

  useEffect(() => {
    // Once only: a sign-in's code is used up by its first trade.
    if (started.current) return;
    started.current = true;
    if ('linked' in outcome) onLinked();
    if (!('code' in outcome)) return;
    signIn.mutate(outcome.code, {
      onSuccess: (answer) => {
        if (answer.status === 'signed-in') onSignedIn();
        else
          setNewId({
            code: outcome.code,
            orcid: answer.orcid,
            suggested: answer.suggested_username,
          });
      },
      onError: (error) => setFailure(localizedDetail(error)),
    });
  }, [outcome, onLinked, onSignedIn, signIn]);

  let body;
  if (failure !== null) {
    body = (
      <>
        <h1 id={headingId} className={form.heading}>
          {t('orcid.failedHeading')}
        </h1>
        <div className={form.error} role="alert">
          <p className={form.errorTitle}>{failure}</p>
        </div>
        <p className={form.switch}>
          <a href={`${API_BASE_PATH}/auth/oidc/authorize`}>{t('orcid.tryAgain')}</a>
          {' · '}
          <a href={signInHref}>{t('orcid.backToSignIn')}</a>
        </p>
      </>
    );
  } else if (newId !== null) {
    body = <ChooseUsername headingId={headingId} {...newId} onSignedIn={onSignedIn} />;
  } else {
    body = (
      <>
        <h1 id={headingId} className={form.heading}>
          {t('orcid.title')}
        </h1>
        <p className={form.lead} role="status">
          {t('orcid.signingIn')}
        </p>
      </>
    );
  }
  return (
    <AuthPage labelledBy={headingId}>
      <div className={form.wrapper}>{body}</div>
    </AuthPage>
  );
}

/** A new iD's account: the username, checked with the registration rules before it is sent. */
function ChooseUsername({
  headingId,
  code,
  orcid,
  suggested,
  onSignedIn,
}: {
  headingId: string;
  code: string;
  orcid: string;
  suggested: string;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const register = useRegisterWithOrcid();
  const [username, setUsername] = useState(suggested);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(localizeMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(undefined);
    register.mutate(
      { code, username: parsed.data },
      {
        onSuccess: () => onSignedIn(),
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.errors[0] : undefined;
          setError(field ? localizeMessage(field.message) : localizedDetail(failure));
        },
      },
    );
  };

  return (
    <>
      <h1 id={headingId} className={form.heading}>
        {t('orcid.chooseHeading')}
      </h1>
      <p className={form.lead}>{t('orcid.chooseLead', { orcid })}</p>
      <form className={form.form} onSubmit={submit} aria-labelledby={headingId}>
        <UsernameField value={username} onChange={setUsername} error={error} />
        <button type="submit" className="button button-primary" disabled={register.isPending}>
          {register.isPending ? t('orcid.creating') : t('orcid.create')}
        </button>
      </form>
    </>
  );
}
