import * as openid from 'openid-client';
import { NICKNAME_MAX_LENGTH } from '@symposia/shared';
import type { OidcSettings } from '../../config.js';

/**
 * The relying party's side of OpenID Connect (issue 30) with openid-client: discovery of the
 * provider's endpoints and keys, the authorization request (code flow, PKCE S256, state, nonce)
 * and the code's exchange, in which the ID token is verified — its signature by the provider's
 * published keys, its issuer, audience, expiry and nonce — and the authorization response's
 * state and issuer (RFC 9207) are checked.
 */

/** Who the provider says signed in: `sub` (the ORCID iD) and a name to start the profile with. */
export interface OidcIdentity {
  subject: string;
  name: string;
}

/** What one flow keeps between its request and its callback (oidc_flows). */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a step with the provider failed, as the person is told. */
export type OidcStepFailure = 'unavailable' | 'refused' | 'invalid';

/** The provider's step failed; `cause` is what openid-client or the network said, for the log. */
export class OidcStepError extends Error {
  override readonly name = 'OidcStepError';
  constructor(
    readonly failure: OidcStepFailure,
    options: { cause: unknown },
  ) {
    super(`OpenID Connect ${failure}`, options);
  }
}

export interface OidcClient {
  /** The provider's authorization endpoint with this flow's parameters. */
  authorizationUrl(checks: OidcChecks): Promise<string>;
  /** Exchanges the code of the callback's parameters, checked against the flow. */
  finish(callback: URLSearchParams, checks: OidcChecks): Promise<OidcIdentity>;
}

/** How long one request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 15;

/** A name from the ID token's standard claims (ORCID sends the public given and family names). */
function nameOf(claims: Record<string, unknown>): string {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  const name = text('name') || [text('given_name'), text('family_name')].join(' ');
  return name.replace(/\s+/g, ' ').trim().slice(0, NICKNAME_MAX_LENGTH);
}

/**
 * Network trouble — fetch's TypeError with the socket's error as its cause, or the time running
 * out — is the provider being unavailable; anything else is what it answered.
 */
const reachedNobody = (error: unknown) =>
  (error instanceof TypeError && error.cause !== undefined) ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

export function createOidcClient(
  settings: Pick<OidcSettings, 'issuer' | 'redirectUri'> & {
    clientId: string;
    clientSecret: string;
  },
): OidcClient {
  let configuration: Promise<openid.Configuration> | undefined;

  /** The provider's metadata, discovered once; a failed discovery is tried again next time. */
  function configure(): Promise<openid.Configuration> {
    configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      const config = await openid.discovery(
        issuer,
        settings.clientId,
        { client_secret: settings.clientSecret, redirect_uris: [settings.redirectUri] },
        openid.ClientSecretPost(settings.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // config.ts allows plain http only for a provider on this machine (a test's).
          ...(issuer.protocol === 'http:' && { execute: [openid.allowInsecureRequests] }),
        },
      );
      return config;
    })().catch((error: unknown) => {
      configuration = undefined;
      throw new OidcStepError('unavailable', { cause: error });
    });
    return configuration;
  }

  return {
    async authorizationUrl(checks) {
      const config = await configure();
      return openid.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: 'openid',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      }).href;
    },

    async finish(callback, checks) {
      const config = await configure();
      const answered = new URL(settings.redirectUri);
      answered.search = callback.toString();
      try {
        const tokens = await openid.authorizationCodeGrant(config, answered, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('the provider sent no ID token');
        return { subject: claims.sub, name: nameOf(claims) };
      } catch (error) {
        if (error instanceof openid.AuthorizationResponseError) {
          throw new OidcStepError('refused', { cause: error });
        }
        throw new OidcStepError(reachedNobody(error) ? 'unavailable' : 'invalid', { cause: error });
      }
    },
  };
}

/** The client of OIDC_*, or null when OIDC_CLIENT_ID is unset: sign-in with ORCID is off. */
export function oidcClientFrom(settings: OidcSettings): OidcClient | null {
  if (settings.clientId === null || settings.clientSecret === null) return null;
  return createOidcClient({
    ...settings,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
  });
}
