// A real OpenID provider for the tests of sign-in with ORCID (issue 30): the `oidc-provider`
// package, listening on 127.0.0.1, with one client (client_secret_post, PKCE S256 required) and
// ID tokens signed by a fresh RSA key. It plays ORCID: an account's `sub` is its ORCID iD, and its
// ID token carries the given and family names. Nobody types a password: each login completes at
// once as the account the test named with `signInAs` (every authorization asks for a login, so a
// browser that signed in before can sign in as someone else). Used by the server's tests
// (apps/server/src/routes/oidc/) and the Playwright spec (apps/web/e2e/orcid.spec.ts).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Provider, { interactionPolicy } from 'oidc-provider';

/** @param {{ clientId: string, clientSecret: string, redirectUri: string }} client */
export async function startTestProvider(client) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };

  /** @type {{ sub: string, given_name?: string, family_name?: string }} */
  let account = { sub: '0000-0002-1825-0097', given_name: 'Josiah', family_name: 'Carberry' };
  /** @type {string | null} */
  let replacement = null;
  const accounts = new Map();

  // Every authorization asks for a login, which the interaction below completes at once.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check('test_login', 'the test signs in anew', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    claims: { openid: ['sub', 'given_name', 'family_name'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => accounts.get(id) ?? { sub: id },
    }),
  });
  const handle = provider.callback();

  server.on('request', async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === '/token' && req.method === 'POST' && replacement !== null) {
        // What a test swapped in for the next token answer (an ID token of another issuer or
        // of another flow): the provider's own answer is not given.
        const body = replacement;
        replacement = null;
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(body);
        return;
      }
      if (path.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        const clientId = String(details.params.client_id);
        accounts.set(account.sub, account);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      handle(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });

  return {
    issuer,
    /** The next logins complete as this account (its ORCID iD and names). */
    signInAs(next) {
      account = { ...next };
    },
    /** The next token request is answered with this JSON text instead of the provider's own. */
    replaceNextTokenAnswer(body) {
      replacement = body;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * What a browser does between the site's redirect and the provider's answer: follows the
 * redirects (keeping the provider's cookies) until one leads to `redirectUri`, and returns that
 * address, the provider's answer, without going there.
 * @param {string} start
 * @param {string} redirectUri
 */
export async function followToCallback(start, redirectUri) {
  const cookies = new Map();
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`${url} answered ${response.status} without a redirect`);
    url = new URL(location, url).href;
  }
  throw new Error(`more than 20 redirects from ${start}`);
}
