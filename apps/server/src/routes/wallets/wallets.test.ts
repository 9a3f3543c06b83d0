import {
  linkedWalletsSchema,
  MESSAGES,
  WALLET_LINK_STATEMENT,
  WALLETS_PER_MEMBER_MAX,
  type ValidationErrorBody,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  errorBody,
  fieldError,
  signedInUser,
  type DatabaseUnderTest,
} from '../../../test/helpers.js';
import { challengeFor, linkWallet, newWallet, postJson } from '../../../test/wallets.js';

/**
 * Linking wallets by a Sign-In-With-Solana signature (issue 28), through HTTP on the full app,
 * with real ed25519 keys made by node:crypto: what links, and every way a signature is refused.
 */

type Headers = { authorization: string };
const ORIGIN = 'https://symposia.example';

async function setUp(db: DatabaseUnderTest, env: Record<string, string> = {}) {
  const testApp = await db.buildApp({ env: { PUBLIC_ORIGIN: ORIGIN, ...env } });
  const member = await signedInUser(testApp.app);
  return { ...testApp, member: { id: member.user.id, headers: member.headers } };
}

function sendLink(
  app: FastifyInstance,
  headers: Partial<Headers>,
  body: { address: string; message: string; signature: string },
) {
  return postJson(app, '/api/v1/wallets', headers, body);
}

async function linked(app: FastifyInstance, headers: Headers): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/wallets', headers });
  expect(response.statusCode, response.body).toBe(200);
  return linkedWalletsSchema.parse(response.json()).wallets.map((wallet) => wallet.address);
}

const errorsOf = (response: { json: <T>() => T }) => response.json<ValidationErrorBody>().errors;

describeEachDatabase('linking wallets (POST /wallets/challenge, POST /wallets)', (db) => {
  it('issues a SIWS message for this site and links the wallet whose base58 signature is sent', async () => {
    const { app, clock, member } = await setUp(db);
    const wallet = newWallet();
    const challenge = await challengeFor(app, member.headers, wallet.address);
    const issuedAt = clock.now().toISOString();
    const expiresAt = new Date(clock.now().getTime() + 300_000).toISOString();
    expect(challenge).toEqual({
      message: [
        'symposia.example wants you to sign in with your Solana account:',
        wallet.address,
        '',
        WALLET_LINK_STATEMENT,
        '',
        `URI: ${ORIGIN}`,
        'Version: 1',
        `Nonce: ${challenge.nonce}`,
        `Issued At: ${issuedAt}`,
        `Expiration Time: ${expiresAt}`,
      ].join('\n'),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      expires_at: expiresAt,
    });

    const response = await sendLink(app, member.headers, {
      address: wallet.address,
      message: challenge.message,
      signature: wallet.base58(challenge.message),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ address: wallet.address, linked_at: issuedAt });
    expect(await linked(app, member.headers)).toEqual([wallet.address]);
    // The table keeps only a digest of each nonce, and no challenge once used.
    expect(await app.db.selectFrom('wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('accepts the signature in base64 too, and lists the wallets the earliest first', async () => {
    const { app, clock, member } = await setUp(db);
    const first = await linkWallet(app, member.headers);
    clock.advance(5);
    const wallet = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    const response = await sendLink(app, member.headers, {
      address: wallet.address,
      message,
      signature: wallet.base64(message),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await linked(app, member.headers)).toEqual([first, wallet.address]);
  });

  it('refuses a message with another nonce than the one issued, and links nothing', async () => {
    const { app, member } = await setUp(db);
    const wallet = newWallet();
    const { message, nonce } = await challengeFor(app, member.headers, wallet.address);
    const forged = message.replace(`Nonce: ${nonce}`, `Nonce: ${'0'.repeat(32)}`);
    const response = await sendLink(app, member.headers, {
      address: wallet.address,
      message: forged,
      signature: wallet.base58(forged),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual([fieldError('message', MESSAGES.walletChallengeUnknown)]);
    expect(await linked(app, member.headers)).toEqual([]);
  });

  it('refuses an expired challenge, even rightly signed', async () => {
    const { app, clock, member } = await setUp(db, { WALLET_CHALLENGE_TTL_SECONDS: '60' });
    const wallet = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    clock.advance(61);
    const response = await sendLink(app, member.headers, {
      address: wallet.address,
      message,
      signature: wallet.base58(message),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual([fieldError('message', MESSAGES.walletChallengeUnknown)]);
    expect(await linked(app, member.headers)).toEqual([]);
  });

  it('accepts a challenge once: a replay is refused, also after the wallet was unlinked', async () => {
    const { app, member } = await setUp(db);
    const wallet = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    const body = { address: wallet.address, message, signature: wallet.base58(message) };
    expect((await sendLink(app, member.headers, body)).statusCode).toBe(200);

    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wallets/${wallet.address}`,
      headers: member.headers,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    const replay = await sendLink(app, member.headers, body);
    expect(replay.statusCode, replay.body).toBe(422);
    expect(errorsOf(replay)).toEqual([fieldError('message', MESSAGES.walletChallengeUnknown)]);
    expect(await linked(app, member.headers)).toEqual([]);
  });

  it('refuses a message naming another domain, signed by the wallet, and burns the challenge', async () => {
    const { app, member } = await setUp(db);
    const wallet = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    const elsewhere = message.replace(/^symposia\.example /, 'evil.example ');
    expect(elsewhere).not.toBe(message);
    const response = await sendLink(app, member.headers, {
      address: wallet.address,
      message: elsewhere,
      signature: wallet.base58(elsewhere),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual([fieldError('message', MESSAGES.walletMessageMismatch)]);
    // The issued message, sent after that attempt, is no longer accepted either.
    const after = await sendLink(app, member.headers, {
      address: wallet.address,
      message,
      signature: wallet.base58(message),
    });
    expect(errorsOf(after)).toEqual([fieldError('message', MESSAGES.walletChallengeUnknown)]);
    expect(await linked(app, member.headers)).toEqual([]);
  });

  it("refuses another key's signature, and the message for another address", async () => {
    const { app, member } = await setUp(db);
    const wallet = newWallet();
    const impostor = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    const signed = await sendLink(app, member.headers, {
      address: wallet.address,
      message,
      signature: impostor.base58(message),
    });
    expect(signed.statusCode, signed.body).toBe(422);
    expect(errorsOf(signed)).toEqual([fieldError('signature', MESSAGES.walletSignatureInvalid)]);

    // The impostor sends the wallet's challenge as its own address: not the message issued.
    const next = await challengeFor(app, member.headers, wallet.address);
    const swapped = await sendLink(app, member.headers, {
      address: impostor.address,
      message: next.message,
      signature: impostor.base58(next.message),
    });
    expect(swapped.statusCode, swapped.body).toBe(422);
    expect(errorsOf(swapped)).toEqual([fieldError('message', MESSAGES.walletMessageMismatch)]);
    expect(await linked(app, member.headers)).toEqual([]);
  });

  it("does not take another member's challenge", async () => {
    const { app, member } = await setUp(db);
    const other = await signedInUser(app);
    const wallet = newWallet();
    const { message } = await challengeFor(app, member.headers, wallet.address);
    const response = await sendLink(app, other.headers, {
      address: wallet.address,
      message,
      signature: wallet.base58(message),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual([fieldError('message', MESSAGES.walletChallengeUnknown)]);
    // ...and the member's own attempt still works.
    const own = await sendLink(app, member.headers, {
      address: wallet.address,
      message,
      signature: wallet.base64(message),
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a wallet linked to another member, at the challenge and at the link', async () => {
    const { app, member } = await setUp(db);
    const other = await signedInUser(app);
    const wallet = newWallet();
    // The other member asks while the wallet is free; the member links it meanwhile.
    const { message } = await challengeFor(app, other.headers, wallet.address);
    await linkWallet(app, member.headers, wallet);

    const late = await sendLink(app, other.headers, {
      address: wallet.address,
      message,
      signature: wallet.base58(message),
    });
    expect(late.statusCode, late.body).toBe(422);
    expect(errorsOf(late)).toEqual([fieldError('address', MESSAGES.walletLinkedElsewhere)]);
    const asked = await postJson(app, '/api/v1/wallets/challenge', other.headers, {
      address: wallet.address,
    });
    expect(asked.statusCode, asked.body).toBe(422);
    expect(errorsOf(asked)).toEqual([fieldError('address', MESSAGES.walletLinkedElsewhere)]);
    expect(await linked(app, member.headers)).toEqual([wallet.address]);
    expect(await linked(app, other.headers)).toEqual([]);

    // Linking one's own wallet again changes nothing.
    await linkWallet(app, member.headers, wallet);
    expect(await linked(app, member.headers)).toEqual([wallet.address]);
  });

  it('links a wallet to one of two members racing for it', async () => {
    const { app, member } = await setUp(db);
    const other = await signedInUser(app);
    const wallet = newWallet();
    const attempts = await Promise.all(
      [member.headers, other.headers].map(async (headers) => {
        const { message } = await challengeFor(app, headers, wallet.address);
        return { headers, message };
      }),
    );
    const responses = await Promise.all(
      attempts.map(({ headers, message }) =>
        sendLink(app, headers, {
          address: wallet.address,
          message,
          signature: wallet.base58(message),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const owners = await app.db.selectFrom('wallet_links').select('address').execute();
    expect(owners).toEqual([{ address: wallet.address }]);
  });

  it(`links at most ${WALLETS_PER_MEMBER_MAX} wallets per member`, async () => {
    const { app, member } = await setUp(db, { WALLET_CHALLENGE_RATE_LIMIT_MAX: '100' });
    for (let index = 0; index < WALLETS_PER_MEMBER_MAX; index += 1) {
      await linkWallet(app, member.headers);
    }
    const response = await postJson(app, '/api/v1/wallets/challenge', member.headers, {
      address: newWallet().address,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual([
      fieldError('address', MESSAGES.tooManyWallets(WALLETS_PER_MEMBER_MAX)),
    ]);
  });

  it('limits challenges per member (429 with Retry-After)', async () => {
    const { app, member } = await setUp(db, {
      WALLET_CHALLENGE_RATE_LIMIT_MAX: '2',
      WALLET_CHALLENGE_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    const wallet = newWallet();
    await challengeFor(app, member.headers, wallet.address);
    await challengeFor(app, member.headers, wallet.address);
    const third = await postJson(app, '/api/v1/wallets/challenge', member.headers, {
      address: wallet.address,
    });
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json()).toEqual(errorBody(MESSAGES.tooManyWalletChallenges));
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers bad input with 422 naming the field, and signed-out callers with 401', async () => {
    const { app, member } = await setUp(db);
    const wallet = newWallet();
    const bad = await postJson(app, '/api/v1/wallets/challenge', member.headers, {
      address: 'not-an-address',
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual([fieldError('address', MESSAGES.invalidSolanaAddress)]);

    const { message } = await challengeFor(app, member.headers, wallet.address);
    for (const signature of ['abc', 'x'.repeat(88), Buffer.alloc(63).toString('base64')]) {
      const response = await sendLink(app, member.headers, {
        address: wallet.address,
        message,
        signature,
      });
      expect(response.statusCode, signature).toBe(422);
      expect(errorsOf(response)).toEqual([
        fieldError('signature', MESSAGES.walletSignatureMalformed),
      ]);
    }
    const noNonce = await sendLink(app, member.headers, {
      address: wallet.address,
      message: 'hello',
      signature: wallet.base58('hello'),
    });
    expect(errorsOf(noNonce)).toEqual([fieldError('message', MESSAGES.walletMessageMismatch)]);
    // The challenge was not used by those: it still links.
    await expect(
      sendLink(app, member.headers, {
        address: wallet.address,
        message,
        signature: wallet.base58(message),
      }).then((response) => response.statusCode),
    ).resolves.toBe(200);

    for (const [method, url] of [
      ['POST', '/api/v1/wallets/challenge'],
      ['POST', '/api/v1/wallets'],
      ['GET', '/api/v1/wallets'],
      ['DELETE', `/api/v1/wallets/${wallet.address}`],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describeEachDatabase('unlinking wallets (DELETE /wallets/{address})', (db) => {
  it("unlinks the member's own wallet; another's, or none, is 404; then anyone may link it", async () => {
    const { app, member } = await setUp(db);
    const other = await signedInUser(app);
    const wallet = newWallet();
    await linkWallet(app, member.headers, wallet);

    for (const [headers, address] of [
      [other.headers, wallet.address],
      [member.headers, newWallet().address],
    ] as const) {
      const refused = await app.inject({
        method: 'DELETE',
        url: `/api/v1/wallets/${address}`,
        headers,
      });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toEqual(errorBody(MESSAGES.walletNotLinked));
    }
    expect(await linked(app, member.headers)).toEqual([wallet.address]);

    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wallets/${wallet.address}`,
      headers: member.headers,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect(await linked(app, member.headers)).toEqual([]);
    await linkWallet(app, other.headers, wallet);
    expect(await linked(app, other.headers)).toEqual([wallet.address]);
  });
});
