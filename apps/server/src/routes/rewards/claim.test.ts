import { randomUUID } from 'node:crypto';
import type { Address } from '@solana/kit';
import {
  MESSAGES,
  rewardClaimSchema,
  TOKEN_UNITS_PER_TOKEN,
  type RewardClaim,
  type ValidationErrorBody,
} from '@symposia/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  form,
  signedInUser,
  type DatabaseUnderTest,
  type TestApp,
  errorBody,
  fieldError,
} from '../../../test/helpers.js';
import { FaucetTransferError, type Chain } from '../../chain/index.js';
import { createTestChain, type TestChain } from '../../chain/testing.js';
import { formatClaimTime } from '../../services/token/limits.js';
import { linkWallet, newWallet } from '../../../test/wallets.js';

/**
 * POST /rewards/claim through HTTP on the full app, paying on an embedded chain (LiteSVM with the
 * real System, SPL Token and Associated Token programs) whose balances the tests read. Payouts
 * are written as the distribution writes them (reward_payouts rows), so each case says exactly
 * what is claimable; the full cycle through the distribution job is in cycle.test.ts.
 */

const units = (tokens: number) =>
  BigInt(Math.round(tokens * 1000)) * BigInt(TOKEN_UNITS_PER_TOKEN / 1000);

type Headers = { authorization: string };

/** Sends through the real chain, optionally failing the next transfer as the chain could. */
interface ChainControl {
  chain: Chain;
  /** Transactions that reached the chain. */
  sends: number;
  /** The next send: refused before leaving (`rejected`), or sent with its answer lost. */
  failNext: 'rejected' | 'uncertain-after-send' | null;
}

function controlled(inner: Chain): ChainControl {
  const control: ChainControl = {
    sends: 0,
    failNext: null,
    chain: {
      ...inner,
      prepareTransfer: async (receiver, amount, memo) => {
        const prepared = await inner.prepareTransfer(receiver, amount, memo);
        const failure = control.failNext;
        control.failNext = null;
        return {
          ...prepared,
          send: async () => {
            if (failure === 'rejected') {
              throw new FaucetTransferError('rejected', 'injected: the transaction expired');
            }
            control.sends += 1;
            await prepared.send();
            if (failure === 'uncertain-after-send') {
              throw new FaucetTransferError('uncertain', 'injected: no confirmation');
            }
          },
        };
      },
    },
  };
  return control;
}

interface Setup {
  testApp: TestApp;
  app: FastifyInstance;
  test: TestChain;
  control: ChainControl;
  member: { id: string; headers: Headers };
}

/** An app paying on a test chain, and a member old enough to claim (REWARD_MIN_CLAIM_AGE 60 s). */
async function setUp(db: DatabaseUnderTest, env: Record<string, string> = {}): Promise<Setup> {
  const test = await createTestChain();
  const control = controlled(test.chain);
  const testApp = await db.buildApp({
    env: { REWARD_MIN_CLAIM_AGE_SECONDS: '60', ...env },
    chain: control.chain,
  });
  const { app } = testApp;
  const registered = await signedInUser(app);
  testApp.clock.advance(61);
  return {
    testApp,
    app,
    test,
    control,
    member: { id: registered.user.id, headers: registered.headers },
  };
}

/** Credits the member for an epoch, as the distribution job writes it. */
async function credit(testApp: TestApp, userId: string, epochId: number, amount: bigint) {
  const at = testApp.clock.now().toISOString();
  await testApp.app.db
    .insertInto('reward_epochs')
    .values({
      id: epochId,
      starts_at: new Date(Date.parse(at) - 604_800_000).toISOString(),
      ends_at: at,
      pool_units: units(10_000).toString(),
      remainder_units: '0',
      distributed_at: at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await testApp.app.db
    .insertInto('reward_payouts')
    .values({
      id: crypto.randomUUID(),
      epoch_id: epochId,
      user_id: userId,
      score: 1,
      amount_units: amount.toString(),
      carry_units: '0',
      created_at: at,
      claim_id: null,
    })
    .execute();
}

function claim(app: FastifyInstance, headers: Partial<Headers>, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/rewards/claim',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function claims(testApp: TestApp) {
  const rows = await testApp.app.db
    .selectFrom('token_transfers')
    .select(['id', 'status', 'signature', 'amount_units', 'address', 'request_id'])
    .where('kind', '=', 'reward')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, amount_units: BigInt(row.amount_units) }));
}

async function payouts(testApp: TestApp, userId: string) {
  return testApp.app.db
    .selectFrom('reward_payouts')
    .select(['epoch_id', 'claim_id'])
    .where('user_id', '=', userId)
    .orderBy('epoch_id')
    .execute();
}

/** What the member could still claim: credited payouts no claim holds. */
async function unclaimed(testApp: TestApp, userId: string): Promise<bigint> {
  const rows = await testApp.app.db
    .selectFrom('reward_payouts')
    .select('amount_units')
    .where('user_id', '=', userId)
    .where('claim_id', 'is', null)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);
}

describeEachDatabase('POST /rewards/claim', (db) => {
  it('pays the whole claimable balance on chain and marks every payout with the claim', async () => {
    const { testApp, app, test, member } = await setUp(db);
    await credit(testApp, member.id, 1, units(12.5));
    await credit(testApp, member.id, 2, units(7.25));
    const receiver = await linkWallet(app, member.headers);

    const response = await claim(app, member.headers, { address: receiver, request_id: 'c-1' });
    expect(response.statusCode, response.body).toBe(200);
    const paid = rewardClaimSchema.parse(response.json());
    expect(paid).toEqual({
      address: receiver,
      amount: '19.75',
      signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      time: testApp.clock.now().toISOString(),
      explorer_url: null,
    });
    expect(await test.tokensOf(receiver)).toBe(units(19.75));
    expect(await test.chain.signatureStatus(paid.signature as never)).toBe('confirmed');
    const [row] = await claims(testApp);
    expect(row).toMatchObject({
      status: 'sent',
      signature: paid.signature,
      amount_units: units(19.75),
    });
    expect(await payouts(testApp, member.id)).toEqual([
      { epoch_id: 1, claim_id: row?.id },
      { epoch_id: 2, claim_id: row?.id },
    ]);

    // Nothing is left: a new claim is below the minimum, and pays nothing.
    const again = await claim(app, member.headers, { address: receiver, request_id: 'c-2' });
    expect(again.statusCode, again.body).toBe(422);
    expect(await test.tokensOf(receiver)).toBe(units(19.75));
  });

  it('pays only to a wallet linked to the member: any other address is 422, reserving nothing', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(30));
    const other = await signedInUser(app);
    const unlinked = await test.newAddress();
    const othersWallet = await linkWallet(app, other.headers);
    const mine = newWallet();
    await linkWallet(app, member.headers, mine);
    const unlink = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wallets/${mine.address}`,
      headers: member.headers,
    });
    expect(unlink.statusCode, unlink.body).toBe(204);

    // Never linked, linked to another member, or unlinked since: refused alike.
    for (const address of [unlinked, othersWallet, mine.address]) {
      const response = await claim(app, member.headers, { address, request_id: `to-${address}` });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ValidationErrorBody>().errors).toEqual([
        fieldError('address', MESSAGES.rewardClaimWalletNotLinked),
      ]);
      expect(await test.tokensOf(address)).toBeNull();
    }
    expect(control.sends).toBe(0);
    expect(await claims(testApp)).toEqual([]);
    expect(await unclaimed(testApp, member.id)).toBe(units(30));

    // Linked again, the same wallet is paid.
    await linkWallet(app, member.headers, mine);
    const paid = await claim(app, member.headers, { address: mine.address, request_id: 'linked' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await test.tokensOf(mine.address)).toBe(units(30));
  });

  it('returns the first result to a retried request_id and pays once', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(15));
    const receiver = await linkWallet(app, member.headers);
    const first = await claim(app, member.headers, { address: receiver, request_id: 'same' });
    expect(first.statusCode, first.body).toBe(200);

    // Credited meanwhile: the retry still answers the first claim, and pays nothing new.
    await credit(testApp, member.id, 2, units(11));
    testApp.clock.advance(30);
    const retry = await claim(app, member.headers, { address: receiver, request_id: 'same' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(control.sends).toBe(1);
    expect(await test.tokensOf(receiver)).toBe(units(15));

    // The same id for another address gets neither answer nor payment.
    const other = await claim(app, member.headers, {
      address: await linkWallet(app, member.headers),
      request_id: 'same',
    });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json<ValidationErrorBody>().errors).toEqual([
      fieldError('request_id', MESSAGES.rewardClaimRequestIdReused),
    ]);
    expect(control.sends).toBe(1);

    // A new id claims what was credited since.
    const next = await claim(app, member.headers, { address: receiver, request_id: 'next' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<RewardClaim>().amount).toBe('11');
    expect(await test.tokensOf(receiver)).toBe(units(26));
  });

  it('pays once of 20 concurrent claims by one member, each with its own request_id', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(40));
    await credit(testApp, member.id, 2, units(2.5));
    const receiver = await linkWallet(app, member.headers);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        claim(app, member.headers, { address: receiver, request_id: `r-${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 422)]);
    const refused = responses.find((response) => response.statusCode === 422);
    expect(refused?.json<ValidationErrorBody>().errors).toEqual([
      fieldError('claimable', MESSAGES.rewardClaimBelowMinimum('10', '0')),
    ]);
    expect(control.sends).toBe(1);
    expect(await test.tokensOf(receiver)).toBe(units(42.5));
    expect((await claims(testApp)).map((row) => [row.status, row.amount_units])).toEqual([
      ['sent', units(42.5)],
    ]);
  });

  it('answers 20 concurrent retries of one request_id with one payment', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(30));
    const receiver = await linkWallet(app, member.headers);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        claim(app, member.headers, { address: receiver, request_id: 'one' }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => response.json<RewardClaim>().signature)).size).toBe(
      1,
    );
    expect(control.sends).toBe(1);
    expect(await test.tokensOf(receiver)).toBe(units(30));
  });

  it('runs beside faucet requests without overshooting either limit', async () => {
    const { testApp, app, test, member, control } = await setUp(db, {
      FAUCET_MAX_REQUESTS_PER_USER_DAILY: '3',
    });
    await credit(testApp, member.id, 1, units(25));
    const receiver = await linkWallet(app, member.headers);
    const faucetBefore = (await test.tokensOf(test.chain.faucetAddress)) ?? 0n;
    const faucet = (index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/token/request',
        remoteAddress: '198.51.100.7',
        headers: { ...member.headers, ...form({}).headers },
        payload: form({ address: receiver, amount: '10', request_id: `f-${index}` }).payload,
      });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => [
        faucet(index),
        claim(app, member.headers, { address: receiver, request_id: `c-${index}` }),
      ]).flat(),
    );
    const faucetStatuses = responses.filter((_, index) => index % 2 === 0).map((r) => r.statusCode);
    const claimStatuses = responses.filter((_, index) => index % 2 === 1).map((r) => r.statusCode);
    expect(faucetStatuses.filter((status) => status === 200)).toHaveLength(3);
    expect(faucetStatuses.filter((status) => status === 429)).toHaveLength(5);
    expect(claimStatuses.filter((status) => status === 200)).toHaveLength(1);
    expect(claimStatuses.filter((status) => status === 422)).toHaveLength(7);
    expect(control.sends).toBe(4);
    expect(await test.tokensOf(receiver)).toBe(units(30) + units(25));
    expect(await test.tokensOf(test.chain.faucetAddress)).toBe(faucetBefore - units(55));
  });

  it('refuses an account younger than REWARD_MIN_CLAIM_AGE_SECONDS with 403 and the date', async () => {
    const test = await createTestChain();
    const testApp = await db.buildApp({ chain: test.chain });
    const { app } = testApp;
    const { user, headers } = await signedInUser(app);
    await credit(testApp, user.id, 1, units(50));
    const { created_at } = await app.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const receiver = await linkWallet(app, headers);

    const response = await claim(app, headers, { address: receiver, request_id: 'young' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual(
      errorBody(
        MESSAGES.rewardClaimTooEarly(formatClaimTime(Date.parse(created_at) + 604_800_000)),
      ),
    );
    expect(await claims(testApp)).toEqual([]);
    expect(await unclaimed(testApp, user.id)).toBe(units(50));
    expect(await test.tokensOf(receiver)).toBeNull();
  });

  it('refuses a balance below REWARD_MIN_CLAIM with 422 and the amounts, reserving nothing', async () => {
    const { testApp, app, test, member } = await setUp(db);
    await credit(testApp, member.id, 1, units(9.5));
    const receiver = await linkWallet(app, member.headers);
    const response = await claim(app, member.headers, { address: receiver, request_id: 'small' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      fieldError('claimable', MESSAGES.rewardClaimBelowMinimum('10', '9.5')),
    ]);
    expect(await claims(testApp)).toEqual([]);
    expect(await unclaimed(testApp, member.id)).toBe(units(9.5));
    expect(await test.tokensOf(receiver)).toBeNull();

    // Once enough is credited, the same request_id pays everything.
    await credit(testApp, member.id, 2, units(0.5));
    const paid = await claim(app, member.headers, { address: receiver, request_id: 'small' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await test.tokensOf(receiver)).toBe(units(10));
  });

  it('answers 503 when the chain is turned off (FAUCET_ENABLED=false), reserving nothing', async () => {
    const testApp = await db.buildApp({
      env: { FAUCET_ENABLED: 'false', REWARD_MIN_CLAIM_AGE_SECONDS: '0' },
    });
    const { user, headers } = await signedInUser(testApp.app);
    await credit(testApp, user.id, 1, units(20));
    const address = await (await createTestChain()).newAddress();
    const response = await claim(testApp.app, headers, { address, request_id: 'off' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual(errorBody(MESSAGES.rewardClaimsDisabled));
    expect(await claims(testApp)).toEqual([]);
    expect(await unclaimed(testApp, user.id)).toBe(units(20));
  });

  it('needs a signed-in member (401)', async () => {
    const { app, test } = await setUp(db);
    const response = await claim(app, {}, { address: await test.newAddress(), request_id: 'x' });
    expect(response.statusCode).toBe(401);
    const bad = await claim(app, { authorization: 'Bearer nonsense' }, { request_id: 'x' });
    expect(bad.statusCode).toBe(401);
  });

  it('answers 422 for a missing or bad address or request_id, naming the field, changing nothing', async () => {
    const { testApp, app, test, member } = await setUp(db);
    await credit(testApp, member.id, 1, units(20));
    const sourceToken = test.chain.mint;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ request_id: 'a' }, 'address', MESSAGES.enterReceivingAddress],
      [{ address: '  ', request_id: 'a' }, 'address', MESSAGES.enterReceivingAddress],
      [
        { address: 'not-a-solana-address', request_id: 'a' },
        'address',
        MESSAGES.invalidSolanaAddress,
      ],
      [{ address: 'x'.repeat(45), request_id: 'a' }, 'address', MESSAGES.invalidSolanaAddress],
      [{ address: await test.newAddress() }, 'request_id', 'request_id is required'],
      [
        { address: await test.newAddress(), request_id: ' ' },
        'request_id',
        'request_id is required',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await claim(app, member.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json<ValidationErrorBody>().errors).toEqual([fieldError(field, message)]);
    }
    // An address the chain says is no wallet (the mint): refused, and the payouts released. No
    // one can sign for the mint, so it is linked here as no member could link it.
    await app.db
      .insertInto('wallet_links')
      .values({ address: sourceToken, user_id: member.id, linked_at: new Date().toISOString() })
      .execute();
    const mint = await claim(app, member.headers, { address: sourceToken, request_id: 'mint' });
    expect(mint.statusCode, mint.body).toBe(422);
    expect(mint.json<ValidationErrorBody>().errors[0]?.field).toBe('address');
    expect((await claims(testApp)).map((row) => row.status)).toEqual(['failed']);
    expect(await unclaimed(testApp, member.id)).toBe(units(20));
  });

  it('releases the balance when a send certainly failed, so the next claim pays it', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(12));
    const receiver = await linkWallet(app, member.headers);

    control.failNext = 'rejected';
    const failed = await claim(app, member.headers, { address: receiver, request_id: 'f' });
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json()).toEqual(errorBody(MESSAGES.tokenTransferFailed));
    expect((await claims(testApp)).map((row) => row.status)).toEqual(['failed']);
    expect(await unclaimed(testApp, member.id)).toBe(units(12));
    expect(await test.tokensOf(receiver)).toBeNull();
    // The retry replays the failure; a new request_id pays.
    const replayed = await claim(app, member.headers, { address: receiver, request_id: 'f' });
    expect(replayed.statusCode).toBe(502);

    // The faucet out of SOL: refused before sending (503), released too.
    const lamports = await test.lamportsOf(test.chain.faucetAddress);
    await test.setLamports(test.chain.faucetAddress, 1_000_000n);
    const poor = await claim(app, member.headers, { address: receiver, request_id: 'g' });
    expect(poor.statusCode, poor.body).toBe(503);
    expect(poor.json()).toEqual(errorBody(MESSAGES.insufficientSol));
    expect(await unclaimed(testApp, member.id)).toBe(units(12));
    await test.setLamports(test.chain.faucetAddress, lamports);

    const paid = await claim(app, member.headers, { address: receiver, request_id: 'h' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<RewardClaim>().amount).toBe('12');
    expect(await test.tokensOf(receiver)).toBe(units(12));
    expect(control.sends).toBe(1);
  });

  it('keeps the balance reserved when the answer was lost, and settles it from the chain', async () => {
    const { testApp, app, test, member, control } = await setUp(db);
    await credit(testApp, member.id, 1, units(14));
    const receiver = await linkWallet(app, member.headers);

    control.failNext = 'uncertain-after-send';
    const lost = await claim(app, member.headers, { address: receiver, request_id: 'lost' });
    expect(lost.statusCode, lost.body).toBe(502);
    expect((await claims(testApp)).map((row) => row.status)).toEqual(['pending']);
    // Still reserved: nothing to claim meanwhile, so it cannot be paid twice.
    expect(await unclaimed(testApp, member.id)).toBe(0n);
    const meanwhile = await claim(app, member.headers, { address: receiver, request_id: 'm' });
    expect(meanwhile.statusCode, meanwhile.body).toBe(422);

    // Once the transaction is surely final, the retry learns from the chain that it landed.
    testApp.clock.advance(4 * 60);
    const retry = await claim(app, member.headers, { address: receiver, request_id: 'lost' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<RewardClaim>().amount).toBe('14');
    expect((await claims(testApp)).map((row) => row.status)).toEqual(['sent']);
    expect(control.sends).toBe(1);
    expect(await test.tokensOf(receiver)).toBe(units(14));
  });

  it('pays out exactly what was credited over random credits, claims and failures (property)', async () => {
    const { testApp, app, test, control } = await setUp(db, { REWARD_MIN_CLAIM: '1' });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), tokens: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('claim' as const) }),
      fc.record({ kind: fc.constant('failing-claim' as const) }),
      fc.record({ kind: fc.constant('retry' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { user, headers } = await signedInUser(app);
        testApp.clock.advance(61);
        const receiver = (await linkWallet(app, headers)) as Address;
        let epoch = 0;
        let credited = 0n;
        let lastId: string | null = null;
        for (const action of steps) {
          if (action.kind === 'credit') {
            epoch += 1;
            await credit(testApp, user.id, epoch, units(action.tokens));
            credited += units(action.tokens);
            continue;
          }
          if (action.kind === 'failing-claim') control.failNext = 'rejected';
          const requestId: string = action.kind === 'retry' && lastId ? lastId : randomUUID();
          lastId = requestId;
          const response = await claim(app, headers, { address: receiver, request_id: requestId });
          control.failNext = null;
          expect([200, 422, 502]).toContain(response.statusCode);
          // Paid on chain, plus what is still claimable, is always exactly what was credited.
          const onChain = (await test.tokensOf(receiver)) ?? 0n;
          expect(onChain + (await unclaimed(testApp, user.id))).toBe(credited);
        }
        const final = await claim(app, headers, { address: receiver, request_id: randomUUID() });
        expect([200, 422]).toContain(final.statusCode);
        const sent = (await claims(testApp))
          .filter((row) => row.address === receiver && row.status === 'sent')
          .reduce((sum, row) => sum + row.amount_units, 0n);
        expect(sent).toBe(credited);
        expect((await test.tokensOf(receiver)) ?? 0n).toBe(credited);
      }),
      { numRuns: 8 },
    );
  });
});
