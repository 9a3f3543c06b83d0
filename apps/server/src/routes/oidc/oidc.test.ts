import { MESSAGES, type AuthorInfo, type CurrentUser, type OidcSession } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import * as openid from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  followToCallback,
  startTestProvider,
  type TestProvider,
} from '../../../../../scripts/oidc-test-provider.mjs';
import {
  describeEachDatabase,
  errorBody,
  form,
  loginAs,
  requestToken,
  signedInUser,
  uniqueUsername,
  uploadPost,
  validationErrorBody,
  type TestAppOptions,
} from '../../../test/helpers.js';
import { withCommunity } from '../../../test/community.js';

/*
 * Sign-in with ORCID (issue 30) against a real OpenID provider (scripts/oidc-test-provider.mjs:
 * the `oidc-provider` package on 127.0.0.1). The server under test talks to it over HTTP; the
 * browser's part — following redirects to the provider and back — is played by fetch, and the
 * callback is then handed to the server as the browser would, with its flow cookie.
 */

const CLIENT = { clientId: 'symposia-test', clientSecret: 'a-test-client-secret' };
const ORIGIN = 'http://127.0.0.1:8080';
const REDIRECT_URI = `${ORIGIN}/api/v1/auth/oidc/callback`;
const JOSIAH = { sub: '0000-0002-1825-0097', given_name: 'Josiah', family_name: 'Carberry' };

let provider: TestProvider;
/** Another provider, another issuer, the same client: whose ID tokens the site must refuse. */
let stranger: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ ...CLIENT, redirectUri: REDIRECT_URI });
  stranger = await startTestProvider({ ...CLIENT, redirectUri: REDIRECT_URI });
});
afterAll(async () => {
  await provider?.close();
  await stranger?.close();
});

const oidcEnv = (extra: Record<string, string> = {}): TestAppOptions => ({
  env: {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_ORIGIN: ORIGIN,
    ...extra,
  },
});

/** The flow cookie a response set, as the browser sends it back. */
function flowCookieOf(headers: Record<string, unknown>): string {
  const cookie = String(headers['set-cookie'] ?? '');
  expect(cookie).toMatch(/^symposia_oidc=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/auth\/oidc; /);
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('SameSite=Lax');
  return cookie.split(';')[0]!;
}

/** The web app's page the server sent the browser to, and what its fragment says. */
function webOutcome(location: string | undefined): Record<string, string> {
  expect(location).toMatch(/^\/orcid#/);
  return Object.fromEntries(new URLSearchParams(location!.slice('/orcid#'.length)));
}

/** Hands the provider's answer to the server as the browser does (with its cookie, if any). */
async function callback(app: FastifyInstance, answer: string, cookie?: string) {
  const url = new URL(answer);
  const response = await app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(303);
  expect(response.headers['cache-control']).toBe('no-store');
  return webOutcome(response.headers.location);
}

/** A browser's start of a sign-in: the provider's address it is sent to, and its cookie. */
async function startSignIn(app: FastifyInstance, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/oidc/authorize',
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(303);
  const location = String(response.headers.location);
  expect(location.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  return { location, cookie: flowCookieOf(response.headers) };
}

/** A whole sign-in as `account`, to the web app's page. */
async function signInWithOrcid(
  app: FastifyInstance,
  account: { sub: string; given_name?: string; family_name?: string } = JOSIAH,
) {
  const { location, cookie } = await startSignIn(app);
  provider.signInAs(account);
  return callback(app, await followToCallback(location, REDIRECT_URI), cookie);
}

/** A signed-in member's link from My Page, proving `account` at the provider, to the web page. */
async function linkWithOrcid(
  app: FastifyInstance,
  headers: { authorization: string },
  account: { sub: string; given_name?: string },
) {
  const start = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/link', headers });
  expect(start.statusCode, start.body).toBe(200);
  const { authorization_url: url } = start.json<{ authorization_url: string }>();
  expect(url.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  const cookie = flowCookieOf(start.headers);
  provider.signInAs(account);
  return callback(app, await followToCallback(url, REDIRECT_URI), cookie);
}

function unlinkOrcid(app: FastifyInstance, headers: { authorization: string }) {
  return app.inject({ method: 'DELETE', url: '/api/v1/auth/oidc/link', headers });
}

function trade(app: FastifyInstance, code: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/oidc/session', ...form({ code }) });
}

async function me(app: FastifyInstance, authorization: string): Promise<CurrentUser> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: { authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentUser>();
}

/**
 * A real token answer of `issuer`'s provider for this client, from a flow the test runs itself
 * with `nonce`: an ID token signed by that provider that the site never asked for.
 */
async function foreignTokenAnswer(from: TestProvider, nonce: string): Promise<string> {
  const config = await openid.discovery(
    new URL(from.issuer),
    CLIENT.clientId,
    { client_secret: CLIENT.clientSecret, redirect_uris: [REDIRECT_URI] },
    openid.ClientSecretPost(CLIENT.clientSecret),
    { execute: [openid.allowInsecureRequests] },
  );
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid',
    state,
    nonce,
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  from.signInAs(JOSIAH);
  const answer = await followToCallback(url.href, REDIRECT_URI);
  const tokens = await openid.authorizationCodeGrant(config, new URL(answer), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return JSON.stringify({
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    expires_in: tokens.expires_in,
    id_token: tokens.id_token,
  });
}

describeEachDatabase('sign-in with ORCID', (db) => {
  it('is off without OIDC_CLIENT_ID: the authorize route answers 404 and says why', async () => {
    const { app } = await db.buildApp();
    const settings = await app.inject({ method: 'GET', url: '/api/v1/auth/oidc' });
    expect(settings.json()).toEqual({ enabled: false });
    const authorize = await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/authorize' });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json()).toEqual(errorBody(MESSAGES.oidcDisabled));
    const member = await signedInUser(app);
    const link = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/link',
      headers: member.headers,
    });
    expect(link.statusCode).toBe(404);
    expect(member.user.orcid).toBeNull();
    expect(member.user.orcid_only).toBe(false);
  });

  it('makes a new ORCID iD an account under the username chosen, without a password', async () => {
    const { app } = await db.buildApp(oidcEnv());
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/oidc' })).json()).toEqual({
      enabled: true,
    });
    const outcome = await signInWithOrcid(app);
    expect(Object.keys(outcome)).toEqual(['code']);
    const offered = await trade(app, outcome.code!);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json<OidcSession>()).toEqual({
      status: 'choose-username',
      orcid: JOSIAH.sub,
      suggested_username: 'Josiah_Carberry',
    });

    // A taken name is refused and the code stays good for another try.
    const taken = await signedInUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/register',
      ...form({ code: outcome.code!, username: taken.username }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(MESSAGES.usernameTaken));
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/register',
      ...form({ code: outcome.code!, username: 'no spaces' }),
    });
    expect(bad.statusCode).toBe(422);

    const username = uniqueUsername('orc');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/register',
      ...form({ code: outcome.code!, username }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const authorization = `Bearer ${created.json<{ access_token: string }>().access_token}`;
    const user = await me(app, authorization);
    expect(user).toMatchObject({
      username,
      nickname: 'Josiah Carberry',
      orcid: JOSIAH.sub,
      orcid_url: `${provider.issuer}/${JOSIAH.sub}`,
      orcid_only: true,
    });

    // The code was used up with the account.
    const again = await trade(app, outcome.code!);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(
      validationErrorBody(`code: ${MESSAGES.oidcHandoffInvalid}`, [
        { field: 'code', message: MESSAGES.oidcHandoffInvalid },
      ]),
    );

    // No password signs in to it, and there is none to change; ORCID cannot be unlinked from it.
    const password = await requestToken(app, {
      grant_type: 'password',
      username,
      password: '',
    });
    expect(password.statusCode).toBe(400);
    const guessed = await requestToken(app, {
      grant_type: 'password',
      username,
      password: 'correct horse battery',
    });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({ error: 'invalid_grant' });
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change_password',
      headers: { authorization, 'content-type': 'application/json' },
      payload: { old_password: 'anything at all', new_password: 'a brand new password' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toEqual(
      validationErrorBody(`old_password: ${MESSAGES.noPasswordSet}`, [
        { field: 'old_password', message: MESSAGES.noPasswordSet },
      ]),
    );
    const unlink = await unlinkOrcid(app, { authorization });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json()).toEqual(errorBody(MESSAGES.orcidOnlySignIn));
    expect((await me(app, authorization)).orcid).toBe(JOSIAH.sub);

    // Signing in with the iD again signs in to that account; its code works once.
    const next = await signInWithOrcid(app);
    const session = await trade(app, next.code!);
    expect(session.statusCode, session.body).toBe(200);
    const signedIn = session.json<OidcSession>();
    expect(signedIn).toMatchObject({ status: 'signed-in', token_type: 'bearer' });
    if (signedIn.status !== 'signed-in') throw new Error('not signed in');
    expect((await me(app, `Bearer ${signedIn.access_token}`)).id).toBe(user.id);
    expect((await trade(app, next.code!)).statusCode).toBe(422);
  });

  it('links an iD to a signed-in member from My Page, once, and unlinks it', async () => {
    const { app } = await db.buildApp(oidcEnv());
    const member = await signedInUser(app);
    const account = { sub: '0000-0001-5109-3700', given_name: 'Ada' };
    expect(await linkWithOrcid(app, member.headers, account)).toEqual({ linked: '1' });
    const linked = await me(app, member.headers.authorization);
    expect(linked).toMatchObject({
      orcid: account.sub,
      orcid_url: `${provider.issuer}/${account.sub}`,
      orcid_only: false,
    });

    // The iD is public wherever the member shows: their author info.
    const viewer = await signedInUser(app);
    const info = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/person_information?user_id=${member.user.id}`,
      headers: viewer.headers,
    });
    expect(info.json<AuthorInfo>()).toMatchObject({
      orcid: account.sub,
      orcid_url: `${provider.issuer}/${account.sub}`,
    });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/auth/person_information?user_id=${viewer.user.id}`,
          headers: member.headers,
        })
      ).json<AuthorInfo>(),
    ).toMatchObject({ orcid: null, orcid_url: null });

    // A second link is refused before the provider is asked.
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/link',
      headers: member.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(errorBody(MESSAGES.orcidAlreadyLinked));

    // Another member cannot link the same iD.
    const other = await signedInUser(app);
    expect(await linkWithOrcid(app, other.headers, account)).toEqual({
      error: 'orcidLinkedElsewhere',
    });
    expect((await me(app, other.headers.authorization)).orcid).toBeNull();

    // Signing in with the linked iD signs in as the member.
    const signIn = await signInWithOrcid(app, account);
    const session = (await trade(app, signIn.code!)).json<OidcSession>();
    if (session.status !== 'signed-in') throw new Error(`not signed in: ${session.status}`);
    expect((await me(app, `Bearer ${session.access_token}`)).id).toBe(member.user.id);

    // Unlinked, the member keeps their password, and the iD is free again.
    const unlink = await unlinkOrcid(app, member.headers);
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect((await me(app, member.headers.authorization)).orcid).toBeNull();
    await loginAs(app, member);
    const none = await unlinkOrcid(app, member.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual(errorBody(MESSAGES.orcidNotLinked));
  });

  it('signs in no suspended member with ORCID, as with a password', async () => {
    await withCommunity(
      db,
      async ({ app, member, other, reported, resolve }) => {
        const account = { sub: '0000-0002-1694-233X' };
        expect(await linkWithOrcid(app, member.headers, account)).toEqual({ linked: '1' });
        const reportId = await reported(other, { target_type: 'user', target_id: member.user.id });
        const suspended = await resolve(reportId, {
          action: 'suspend',
          note: 'Spam',
          suspend_days: 7,
        });
        expect(suspended.statusCode, suspended.body).toBe(200);

        const signIn = await signInWithOrcid(app, account);
        const refused = await trade(app, signIn.code!);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ detail: string }>().detail).toMatch(
          /^Your account is suspended until /,
        );
      },
      oidcEnv().env,
    );
  });

  it('refuses a wrong state, and a callback in a browser that did not start the flow', async () => {
    const { app } = await db.buildApp(oidcEnv());
    const { location, cookie } = await startSignIn(app);
    provider.signInAs(JOSIAH);
    const answer = new URL(await followToCallback(location, REDIRECT_URI));

    const forged = new URL(answer);
    forged.searchParams.set('state', openid.randomState());
    expect(await callback(app, forged.href, cookie)).toEqual({ error: 'oidcFlowInvalid' });
    const noState = new URL(answer);
    noState.searchParams.delete('state');
    expect(await callback(app, noState.href, cookie)).toEqual({ error: 'oidcFlowInvalid' });

    // The right state from another browser (no cookie, or another's): refused, and the flow is
    // used up, so the right browser cannot finish it either.
    const other = await startSignIn(app);
    expect(await callback(app, answer.href, other.cookie)).toEqual({ error: 'oidcFlowInvalid' });
    expect(await callback(app, answer.href, cookie)).toEqual({ error: 'oidcFlowInvalid' });

    // The provider's refusal is told as such.
    const declined = await startSignIn(app);
    const state = new URL(declined.location).searchParams.get('state')!;
    const denial = `${REDIRECT_URI}?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    expect(await callback(app, denial, declined.cookie)).toEqual({ error: 'oidcProviderRefused' });

    // Garbage is refused without a server error.
    const long = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/oidc/callback?state=${'x'.repeat(5000)}`,
    });
    expect(long.statusCode).toBe(422);
    expect((await trade(app, 'made-up')).statusCode).toBe(422);
  });

  it('counts each start as a sign-in attempt of the address (LOGIN_RATE_LIMIT_IP_*)', async () => {
    const { app } = await db.buildApp(oidcEnv({ LOGIN_RATE_LIMIT_IP_MAX: '2' }));
    await startSignIn(app);
    await startSignIn(app);
    const third = await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/authorize' });
    expect(third.statusCode).toBe(429);
    expect(third.headers['set-cookie']).toBeUndefined();
    expect(third.headers['retry-after']).toBeDefined();
    // The password sign-in of that address is limited with it.
    const password = await requestToken(app, {
      grant_type: 'password',
      username: 'anyone',
      password: 'whatever it is',
    });
    expect(password.statusCode).toBe(429);
  });

  it('refuses an ID token whose nonce is not the flow’s, though its provider signed it', async () => {
    const { app } = await db.buildApp(oidcEnv());
    const { location, cookie } = await startSignIn(app);
    // A genuine answer of the same provider for the same client, from a flow with another nonce
    // (one an attacker ran and replays), comes back instead of this flow's.
    provider.replaceNextTokenAnswer(await foreignTokenAnswer(provider, openid.randomNonce()));
    provider.signInAs(JOSIAH);
    const answer = await followToCallback(location, REDIRECT_URI);
    expect(await callback(app, answer, cookie)).toEqual({ error: 'oidcAnswerInvalid' });
    // Nobody was signed in: the iD has no account, and signing in properly still offers one.
    const fresh = await signInWithOrcid(app);
    expect((await trade(app, fresh.code!)).json<OidcSession>()).toMatchObject({
      status: 'choose-username',
    });
  });

  it('refuses an ID token from another issuer, though it carries the flow’s nonce', async () => {
    const { app } = await db.buildApp(oidcEnv());
    const { location, cookie } = await startSignIn(app);
    const nonce = new URL(location).searchParams.get('nonce')!;
    provider.replaceNextTokenAnswer(await foreignTokenAnswer(stranger, nonce));
    provider.signInAs(JOSIAH);
    const answer = await followToCallback(location, REDIRECT_URI);
    expect(await callback(app, answer, cookie)).toEqual({ error: 'oidcAnswerInvalid' });
  });

  it('makes members with a linked iD trust seeds of TRUST_ORCID_SEED_WEIGHT', async () => {
    for (const [weight, seeded] of [
      ['0.5', true],
      ['0', false],
    ] as const) {
      const { app, clock } = await db.buildApp(
        // New accounts' likes count at once (REWARD_MIN_ACTOR_AGE_SECONDS applies to trust too).
        oidcEnv({ TRUST_ORCID_SEED_WEIGHT: weight, REWARD_MIN_ACTOR_AGE_SECONDS: '0' }),
      );
      const outcome = await signInWithOrcid(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/oidc/register',
        ...form({ code: outcome.code!, username: uniqueUsername('seed') }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const authorization = `Bearer ${created.json<{ access_token: string }>().access_token}`;
      const researcher = await me(app, authorization);
      const author = await signedInUser(app);
      const nobody = await signedInUser(app);
      // The researcher endorses the author: a like of their post.
      const postId = await uploadPost(app, author.headers, { title: 'Endorsed' });
      const liked = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: { authorization },
      });
      expect(liked.statusCode, liked.body).toBe(200);

      // Trust reads the interactions before its run: the like is a minute old then.
      clock.advance(60);
      const run = await app.services.trust.recompute();
      expect(run.seeds).toBe(seeded ? 1 : 0);
      const levels = await Promise.all(
        [researcher, author.user, nobody.user].map((user) => app.services.trust.levelOf(user)),
      );
      // Half a seed is at least 0.5: level 2 (TRUST_LEVEL_MEMBER 0.4); the member it endorsed
      // gets trust from it, the one nobody endorsed none.
      expect(levels).toEqual(seeded ? [2, 3, 0] : [0, 0, 0]);
    }
  });
});
