import { generateKeyPairSigner, isAddress } from '@solana/kit';
import {
  MESSAGES,
  tokenInfoSchema,
  tokenTransferSchema,
  type TokenTransfer,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { StartupError } from '../../startup-error.js';
import {
  describeEachDatabase,
  form,
  signedInUser,
  type TestApp,
  errorBody,
  fieldError,
  validationErrorBody,
} from '../../../test/helpers.js';

/**
 * The faucet through HTTP, on the full app with its embedded chain (LiteSVM). What happens on
 * chain is proven in services/token and chain/; here: the contract, statuses and wiring.
 */

type Headers = Record<string, string>;

// Fresh wallets; the embedded chain activates them on their first request.
const RECEIVERS: string[] = await Promise.all(
  Array.from({ length: 4 }, async () => (await generateKeyPairSigner()).address),
);

function requestTokens(
  app: FastifyInstance,
  headers: Headers,
  fields: Record<string, string>,
  remoteAddress = '198.51.100.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/request',
    remoteAddress,
    ...form(fields),
    headers: { ...headers, ...form(fields).headers },
  });
}

async function ledger(testApp: TestApp) {
  return testApp.app.db
    .selectFrom('token_transfers')
    .select(['status', 'signature', 'amount_units', 'address', 'request_id'])
    .where('kind', '=', 'faucet')
    .execute();
}

describeEachDatabase('token API', (db) => {
  it('GET /token/info describes the embedded faucet to anyone', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/token/info' });
    expect(response.statusCode, response.body).toBe(200);
    const info = tokenInfoSchema.parse(response.json());
    expect(info).toEqual({
      enabled: true,
      network_name: 'Local chain (embedded)',
      cluster: 'embedded',
      mint: expect.any(String),
      decimals: 9,
      limits: {
        per_request: 100,
        per_user_daily: 300,
        per_address_daily: 300,
        per_ip_daily: 1000,
        global_daily: 10000,
      },
      explorer_tx_url: null,
    });
    expect(isAddress(info.mint)).toBe(true);
  });

  it('pays a signed-in member, form-encoded or JSON, and records the transfer', async () => {
    const testApp = await db.buildApp();
    const { app } = testApp;
    const { headers } = await signedInUser(app);
    const response = await requestTokens(app, headers, {
      address: RECEIVERS[0] as string,
      amount: '12.5',
    });
    expect(response.statusCode, response.body).toBe(200);
    const transfer = tokenTransferSchema.parse(response.json());
    expect(transfer).toEqual({
      address: RECEIVERS[0],
      amount: 12.5,
      signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      time: testApp.clock.now().toISOString(),
      explorer_url: null,
    });

    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/token/request',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ address: RECEIVERS[0], amount: 2 }),
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<TokenTransfer>().amount).toBe(2);

    const rows = await ledger(testApp);
    expect(rows.map((row) => [row.status, row.signature, String(row.amount_units)])).toEqual(
      expect.arrayContaining([
        ['sent', transfer.signature, '12500000000'],
        ['sent', json.json<TokenTransfer>().signature, '2000000000'],
      ]),
    );
  });

  it('needs a signed-in member', async () => {
    const { app } = await db.buildApp();
    const response = await requestTokens(app, {}, { address: RECEIVERS[0] as string, amount: '1' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 with the spec messages, naming the field', async () => {
    const testApp = await db.buildApp();
    const { app } = testApp;
    const { headers } = await signedInUser(app);
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: '1' }, 'address', MESSAGES.enterReceivingAddress],
      [{ address: 'not-a-solana-address', amount: '1' }, 'address', MESSAGES.invalidSolanaAddress],
      [{ address: '1'.repeat(100_000), amount: '1' }, 'address', MESSAGES.invalidSolanaAddress],
      [{ address: RECEIVERS[0] as string, amount: '0' }, 'amount', MESSAGES.tokenAmountInvalid],
      [{ address: RECEIVERS[0] as string, amount: 'abc' }, 'amount', MESSAGES.tokenAmountInvalid],
      [{ address: RECEIVERS[0] as string }, 'amount', MESSAGES.tokenAmountInvalid],
      [
        { address: RECEIVERS[0] as string, amount: '100.01' },
        'amount',
        MESSAGES.tokenAmountTooLarge(100),
      ],
      // FAUCET_MIN_PER_REQUEST defaults to 1 token.
      [
        { address: RECEIVERS[0] as string, amount: '0.5' },
        'amount',
        MESSAGES.tokenAmountTooSmall(1),
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await requestTokens(app, headers, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json<{ errors: unknown[] }>().errors).toEqual([fieldError(field, message)]);
    }
    // An address that is not a wallet (the mint itself) fails verification; nothing is paid.
    const { mint } = tokenInfoSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/token/info' })).json(),
    );
    const mintAsReceiver = await requestTokens(app, headers, { address: mint, amount: '1' });
    expect(mintAsReceiver.statusCode).toBe(422);
    expect(mintAsReceiver.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(
      /^Account verification failed: /,
    );
    expect((await ledger(testApp)).filter((row) => row.status === 'sent')).toEqual([]);
  });

  it('refuses an amount longer than 40 characters before reading it as a number', async () => {
    const testApp = await db.buildApp({ env: { FAUCET_MIN_PER_REQUEST: '0.001' } });
    const { app } = testApp;
    const { headers } = await signedInUser(app);
    const address = RECEIVERS[0] as string;
    const expected = [fieldError('amount', MESSAGES.tokenAmountTooLong(40))];
    // 100,000 digits (a body just under the server's body limit, server-limits.ts), and 41
    // characters that would be a fine number.
    for (const amount of ['1'.repeat(100_000), `0.${'0'.repeat(38)}1`]) {
      const response = await requestTokens(app, headers, { address, amount });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: unknown[] }>().errors).toEqual(expected);
    }
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/token/request',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ address, amount: '2'.repeat(41) }),
    });
    expect(json.statusCode).toBe(422);
    expect(json.json<{ errors: unknown[] }>().errors).toEqual(expected);
    // 40 characters are read, and this one is within the limits.
    const fits = await requestTokens(app, headers, { address, amount: `0.${'0'.repeat(37)}1` });
    expect(fits.statusCode).toBe(422);
    expect(fits.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      MESSAGES.tokenAmountInvalid,
    );
    expect(await ledger(testApp)).toEqual([]);
  });

  it('answers 429 with Retry-After and the time of the next possible claim, until 24 h have passed', async () => {
    const testApp = await db.buildApp({
      env: { FAUCET_MAX_PER_REQUEST: '10', FAUCET_MAX_PER_USER_DAILY: '15' },
    });
    const { app, clock } = testApp;
    const { headers } = await signedInUser(app);
    const first = await requestTokens(app, headers, {
      address: RECEIVERS[0] as string,
      amount: '10',
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstAt = clock.now().getTime();
    clock.advance(600);
    const refused = await requestTokens(app, headers, {
      address: RECEIVERS[1] as string,
      amount: '10',
    });
    expect(refused.statusCode).toBe(429);
    const fitsAt = firstAt + 24 * 3600 * 1000;
    expect(refused.headers['retry-after']).toBe(
      String(Math.ceil((fitsAt - clock.now().getTime()) / 1000)),
    );
    const when = new Date(Math.ceil(fitsAt / 60_000) * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    expect(refused.json()).toEqual(errorBody(MESSAGES.faucetLimitReached(`${when} UTC`)));
    // 5 more still fit today.
    const small = await requestTokens(app, headers, {
      address: RECEIVERS[1] as string,
      amount: '5',
    });
    expect(small.statusCode, small.body).toBe(200);
    clock.advance(24 * 3600 - 600);
    const later = await requestTokens(app, headers, {
      address: RECEIVERS[1] as string,
      amount: '10',
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('limits per IP across members', async () => {
    const { app } = await db.buildApp({ env: { FAUCET_MAX_REQUESTS_PER_IP_DAILY: '1' } });
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const ask = (headers: Headers, ip: string) =>
      requestTokens(app, headers, { address: RECEIVERS[2] as string, amount: '1' }, ip);
    expect((await ask(ada.headers, '203.0.113.9')).statusCode).toBe(200);
    expect((await ask(bob.headers, '203.0.113.9')).statusCode).toBe(429);
    expect((await ask(bob.headers, '203.0.113.10')).statusCode).toBe(200);
  });

  it('pays exactly 5 of 20 concurrent requests against a cap that allows 5', async () => {
    const testApp = await db.buildApp({ env: { FAUCET_MAX_REQUESTS_GLOBAL_DAILY: '5' } });
    const { app } = testApp;
    const members = await Promise.all(Array.from({ length: 4 }, () => signedInUser(app)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestTokens(
          app,
          members[i % 4]?.headers ?? {},
          { address: RECEIVERS[i % 4] as string, amount: '3' },
          `198.51.100.${i}`,
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    const signatures = new Set(
      responses.filter((r) => r.statusCode === 200).map((r) => r.json<TokenTransfer>().signature),
    );
    expect(signatures.size).toBe(5);
    expect((await ledger(testApp)).filter((row) => row.status === 'sent')).toHaveLength(5);
  });

  it('returns the first result to a retried request_id and pays once', async () => {
    const testApp = await db.buildApp();
    const { app } = testApp;
    const { headers } = await signedInUser(app);
    const fields = { address: RECEIVERS[3] as string, amount: '4', request_id: 'click-1' };
    const [a, b] = await Promise.all([
      requestTokens(app, headers, fields),
      requestTokens(app, headers, fields),
    ]);
    const c = await requestTokens(app, headers, fields);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    const rows = await ledger(testApp);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', request_id: 'click-1' });
  });

  it('answers 422 to a request_id reused for another address or amount', async () => {
    const testApp = await db.buildApp();
    const { app } = testApp;
    const { headers } = await signedInUser(app);
    const fields = { address: RECEIVERS[3] as string, amount: '4', request_id: 'click-2' };
    const first = await requestTokens(app, headers, fields);
    expect(first.statusCode, first.body).toBe(200);
    for (const changed of [{ address: RECEIVERS[2] as string }, { amount: '5' }]) {
      const response = await requestTokens(app, headers, { ...fields, ...changed });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(
        validationErrorBody(`request_id: ${MESSAGES.faucetRequestIdReused}`, [
          { field: 'request_id', message: MESSAGES.faucetRequestIdReused },
        ]),
      );
    }
    const again = await requestTokens(app, headers, fields);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ledger(testApp)).toHaveLength(1);
  });

  it('answers 503 with the spec message when the faucet is turned off', async () => {
    const { app } = await db.buildApp({ env: { FAUCET_ENABLED: 'false' } });
    const info = await app.inject({ method: 'GET', url: '/api/v1/token/info' });
    expect(info.json()).toMatchObject({ enabled: false });
    const { headers } = await signedInUser(app);
    const response = await requestTokens(app, headers, {
      address: RECEIVERS[0] as string,
      amount: '1',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(MESSAGES.faucetDisabled));
  });

  it('never shows the faucet key: not in answers, not in a configuration error', async () => {
    const key = '[' + Array.from({ length: 64 }, (_, i) => (i * 7) % 256).join(',') + ']';
    let message = '';
    try {
      loadConfig({ FAUCET_SECRET_KEY: key.replace('[0,', '[999,') });
    } catch (error) {
      expect(error).toBeInstanceOf(StartupError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid setting FAUCET_SECRET_KEY/);
    expect(message).not.toContain('999');
    expect(message).not.toContain('7,14,21');

    const { app } = await db.buildApp();
    const info = await app.inject({ method: 'GET', url: '/api/v1/token/info' });
    expect(info.body).not.toMatch(/secret|\[\d+(,\d+){63}\]/i);
  });
});

describe('token API documentation', () => {
  it('lists both routes in the OpenAPI document', async () => {
    const { buildTestApp } = await import('../../../test/helpers.js');
    const testApp = await buildTestApp('sqlite');
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
      const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
      expect(paths).toEqual(
        expect.arrayContaining(['/api/v1/token/info', '/api/v1/token/request']),
      );
    } finally {
      await testApp.close();
    }
  });
});
