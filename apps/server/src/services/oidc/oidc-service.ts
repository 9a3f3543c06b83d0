import { createHash, randomBytes } from 'node:crypto';
import * as openid from 'openid-client';
import {
  MESSAGES,
  OIDC_WEB_PATH,
  orcidSchema,
  usernameSchema,
  type OidcFailure,
  type OidcSettings,
} from '@symposia/shared';
import type { User } from '../../domain/user.js';
import {
  DuplicateKeyError,
  type OidcRepository,
  type StoredHandoff,
} from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';
import { accountOf, type AccountService } from '../auth/account-service.js';
import type { Clock } from '../clock.js';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
} from '../errors.js';
import { addressKey } from '../rate-limit/client-address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { OidcStepError, type OidcClient, type OidcStepFailure } from './oidc-client.js';

/** How long a started sign-in or link may take at the provider before its callback. */
export const OIDC_FLOW_TTL_SECONDS = 600;
/** How long the web app has to trade a sign-in's code for a session (it does so at once). */
const SIGN_IN_HANDOFF_SECONDS = 120;
/** How long a new member has to choose a username (a taken one may be tried again meanwhile). */
const SIGN_UP_HANDOFF_SECONDS = 1800;

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const secret = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where the browser goes next: the provider, or the web app's page with what it needs there. */
export interface Redirect {
  location: string;
  /** The provider's step that failed, for the server's log (never shown). */
  problem?: unknown;
}

const STEP_FAILURES: Record<OidcStepFailure, OidcFailure> = {
  unavailable: 'oidcUnavailable',
  refused: 'oidcProviderRefused',
  invalid: 'oidcAnswerInvalid',
};

const webPage = (fragment: Record<string, string>) =>
  `${OIDC_WEB_PATH}#${new URLSearchParams(fragment).toString()}`;
const failed = (failure: OidcFailure, problem?: unknown): Redirect => ({
  location: webPage({ error: failure }),
  ...(problem !== undefined && { problem }),
});

/**
 * A username to offer a new member: their name as the provider gave it, when it makes a valid
 * one, else `orcid_` and the iD's last four characters.
 */
function suggestedUsername(orcid: string, name: string): string {
  const fromName = name
    .normalize('NFKC')
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}_.-]/gu, '');
  if (fromName !== '' && usernameSchema.safeParse(fromName).success) return fromName;
  return `orcid_${orcid.slice(-4)}`;
}

export type OidcService = ReturnType<typeof createOidcService>;

/**
 * Sign-in with ORCID (issue 30): starting a sign-in or a link, the provider's callback, the
 * hand-off of its result to the web app by a one-time code, the account of a new iD, unlinking.
 * Every step's state is in the database (oidc_flows, oidc_handoffs), so any server process
 * finishes what another started.
 */
export function createOidcService(deps: {
  oidc: OidcRepository;
  /** The provider's client; null when OIDC_CLIENT_ID is unset (sign-in with ORCID is off). */
  client: OidcClient | null;
  /** Where iDs' public records are (OIDC_ISSUER). */
  recordBase: string;
  /** Whether the site is served over https (PUBLIC_ORIGIN): its flow cookie is then Secure. */
  secureSite: boolean;
  accounts: Pick<AccountService, 'admitNewAccount'>;
  /**
   * Sign-in attempts per client address (LOGIN_RATE_LIMIT_IP_*, shared with password sign-ins):
   * each started flow counts, so nobody fills oidc_flows from one address.
   */
  attempts: RateLimiter;
  now: Clock;
  afterWrite: AfterWrite;
  /** The member's account changed: their cached sessions read it afresh (session-service.ts). */
  accountChanged: (userId: string) => Promise<void>;
  /** Who holds an iD changed: trust may seed them (TRUST_ORCID_SEED_WEIGHT). */
  seedsChanged: () => Promise<void>;
}) {
  const { oidc, client, now } = deps;

  function enabledClient(): OidcClient {
    if (!client) throw new NotFoundError(MESSAGES.oidcDisabled);
    return client;
  }

  /** What changed for everyone once a member's iD was linked or unlinked. */
  async function linkChanged(userId: string): Promise<void> {
    // The author info and citations show it.
    await deps.afterWrite({ profiles: [userId] });
    await deps.accountChanged(userId);
    await deps.seedsChanged();
  }

  async function handOff(handoff: Omit<StoredHandoff, 'codeHash' | 'expiresAt'>, at: Date) {
    const code = secret();
    const seconds = handoff.userId === null ? SIGN_UP_HANDOFF_SECONDS : SIGN_IN_HANDOFF_SECONDS;
    await oidc.addHandoff(
      {
        ...handoff,
        codeHash: digest(code),
        expiresAt: new Date(at.getTime() + seconds * 1000).toISOString(),
      },
      at,
    );
    return webPage({ code });
  }

  /** The hand-off of a code while it lasts; InvalidInputError on `code` otherwise. */
  async function handoffOf(code: string, at: Date): Promise<StoredHandoff> {
    const handoff = await oidc.findHandoff(digest(code), at);
    if (!handoff) {
      throw new InvalidInputError([{ field: 'code', message: MESSAGES.oidcHandoffInvalid }]);
    }
    return handoff;
  }

  /** Links the flow's iD to its member: where the browser goes next. */
  async function link(userId: string, orcid: string, at: Date): Promise<Redirect> {
    const holder = await oidc.userIdByOrcid(orcid);
    if (holder === userId) return { location: webPage({ linked: '1' }) };
    if (holder !== undefined) return failed('orcidLinkedElsewhere');
    try {
      if (!(await oidc.link(userId, orcid, at))) return failed('orcidAlreadyLinked');
    } catch (error) {
      if (error instanceof DuplicateKeyError) return failed('orcidLinkedElsewhere');
      throw error;
    }
    await linkChanged(userId);
    return { location: webPage({ linked: '1' }) };
  }

  return {
    /** Where iDs' public records are: `https://orcid.org` unless OIDC_ISSUER says otherwise. */
    recordBase: deps.recordBase,
    secureSite: deps.secureSite,

    /** GET /auth/oidc. */
    settings(): OidcSettings {
      return { enabled: client !== null };
    },

    /**
     * Starts a sign-in (`member` null) or a member's link of their iD: the flow is stored and the
     * browser sent to the provider. `browserSecret`: the value of the browser's flow cookie, kept
     * when it has one (flows in two tabs both finish), else a new one the route sets. NotFoundError
     * when sign-in with ORCID is off; ConflictError when the member already has an iD;
     * TooManyAttemptsError when the address signs in too often.
     */
    async start(
      member: Pick<User, 'id' | 'orcid'> | null,
      browserSecret: string | undefined,
      requester: { ip: string },
    ): Promise<Redirect & { browserSecret: string }> {
      const provider = enabledClient();
      if (member !== null && member.orcid !== null) {
        throw new ConflictError(MESSAGES.orcidAlreadyLinked);
      }
      const decision = await deps.attempts.consume(addressKey(requester.ip));
      if (!decision.allowed) throw new TooManyAttemptsError(decision.retryAfterSeconds);
      const browser =
        browserSecret !== undefined && SECRET_PATTERN.test(browserSecret)
          ? browserSecret
          : secret();
      const checks = {
        state: openid.randomState(),
        nonce: openid.randomNonce(),
        codeVerifier: openid.randomPKCECodeVerifier(),
      };
      let location: string;
      try {
        location = await provider.authorizationUrl(checks);
      } catch (error) {
        if (!(error instanceof OidcStepError)) throw error;
        return { ...failed(STEP_FAILURES[error.failure], error.cause), browserSecret: browser };
      }
      const at = now();
      await oidc.addFlow(
        {
          stateHash: digest(checks.state),
          browserHash: digest(browser),
          nonce: checks.nonce,
          codeVerifier: checks.codeVerifier,
          userId: member?.id ?? null,
          createdAt: at.toISOString(),
          expiresAt: new Date(at.getTime() + OIDC_FLOW_TTL_SECONDS * 1000).toISOString(),
        },
        at,
      );
      return { location, browserSecret: browser };
    },

    /**
     * The provider's answer (GET /auth/oidc/callback): the flow of its state is taken (used once,
     * whatever happens), checked against the browser that started it, the code exchanged and the
     * ID token verified; then the iD is linked, or handed to the web app to sign in with. Never
     * throws for what the provider or the browser sent: the web app's page says what went wrong.
     */
    async callback(
      query: Record<string, string | undefined>,
      browserSecret: string | undefined,
    ): Promise<Redirect> {
      if (!client) return failed('oidcDisabled');
      const flow = query.state ? await oidc.takeFlow(digest(query.state)) : undefined;
      const at = now();
      // Unknown, used or expired — or started in another browser (a link planted on a victim).
      if (
        !flow ||
        flow.expiresAt <= at.toISOString() ||
        browserSecret === undefined ||
        digest(browserSecret) !== flow.browserHash
      ) {
        return failed('oidcFlowInvalid');
      }
      if (query.error !== undefined) return failed('oidcProviderRefused');
      const parameters = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) parameters.set(key, value);
      }
      let identity;
      try {
        identity = await client.finish(parameters, {
          state: query.state ?? '',
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (error) {
        if (!(error instanceof OidcStepError)) throw error;
        return failed(STEP_FAILURES[error.failure], error.cause);
      }
      // ORCID's `sub` is the iD; anything else is not an iD this site can show or link.
      const orcid = orcidSchema.safeParse(identity.subject);
      if (!orcid.success) return failed('oidcAnswerInvalid', `sub ${identity.subject}`);
      if (flow.userId !== null) return link(flow.userId, orcid.data, at);
      const userId = (await oidc.userIdByOrcid(orcid.data)) ?? null;
      const location = await handOff(
        { userId, orcid: userId === null ? orcid.data : null, nickname: identity.name },
        at,
      );
      return { location };
    },

    /**
     * POST /auth/oidc/session: a sign-in's code is used up and names the member to open a
     * session for; a new iD's code stays for POST /auth/oidc/register and says so.
     */
    async exchange(
      code: string,
    ): Promise<
      | { status: 'signed-in'; userId: string }
      | { status: 'choose-username'; orcid: string; suggestedUsername: string }
    > {
      const at = now();
      const handoff = await handoffOf(code, at);
      if (handoff.userId === null) {
        const orcid = handoff.orcid ?? '';
        return {
          status: 'choose-username',
          orcid,
          suggestedUsername: suggestedUsername(orcid, handoff.nickname),
        };
      }
      if (!(await oidc.takeHandoff(handoff.codeHash, at))) {
        throw new InvalidInputError([{ field: 'code', message: MESSAGES.oidcHandoffInvalid }]);
      }
      return { status: 'signed-in', userId: handoff.userId };
    },

    /**
     * POST /auth/oidc/register: the account of a new iD, under the username chosen (the
     * registration rules: the address's limit, a name neither taken nor reserved), without a
     * password; the code is used up with it.
     */
    async register(code: string, username: string, requester: { ip: string }): Promise<User> {
      const at = now();
      const handoff = await handoffOf(code, at);
      if (handoff.orcid === null) {
        throw new InvalidInputError([{ field: 'code', message: MESSAGES.oidcHandoffInvalid }]);
      }
      const key = await deps.accounts.admitNewAccount(username, requester);
      const user: User = {
        ...accountOf(
          { username, ...(handoff.nickname !== '' && { nickname: handoff.nickname }) },
          'member',
          at.toISOString(),
        ),
        orcid: handoff.orcid,
        hasPassword: false,
      };
      try {
        if (!(await oidc.createAccount(handoff.codeHash, user, key, at))) {
          throw new InvalidInputError([{ field: 'code', message: MESSAGES.oidcHandoffInvalid }]);
        }
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        throw new ConflictError(
          error.constraint === 'orcid' ? MESSAGES.orcidLinkedElsewhere : MESSAGES.usernameTaken,
        );
      }
      await deps.seedsChanged();
      return user;
    },

    /**
     * DELETE /auth/oidc/link: NotFoundError when the member has no iD; ConflictError when it is
     * how their account signs in (no password).
     */
    async unlink(member: Pick<User, 'id' | 'orcid' | 'hasPassword'>): Promise<void> {
      if (member.orcid === null) throw new NotFoundError(MESSAGES.orcidNotLinked);
      if (!member.hasPassword) throw new ConflictError(MESSAGES.orcidOnlySignIn);
      if (!(await oidc.unlink(member.id, now()))) {
        throw new NotFoundError(MESSAGES.orcidNotLinked);
      }
      await linkChanged(member.id);
    },
  };
}
