/**
 * The embedded chain shared by two server processes on one PostgreSQL database (chain/owner.ts):
 * one owns it and sends, the other hands its transfers over, and the role (with every balance)
 * moves when the owner stops or its lease runs out.
 */
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { decodeToken } from '@solana-program/token';
import { tokenTransferSchema, type TokenInfo } from '@symposia/shared';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, form, signedInUser, type TestApp } from '../../test/helpers.js';
import { anotherApp, type OtherApp } from '../../test/two-apps.js';
import { createRepositories } from '../repositories/index.js';
import { associatedTokenAddress } from './faucet.js';

const others: OtherApp[] = [];
// Registered inside each suite, after its database's hook, so it runs first: the other servers
// close before the database is dropped.
const closeOthers = () => {
  afterEach(async () => {
    await Promise.all(others.splice(0).map((other) => other.close()));
  });
};

const UNITS = 1_000_000_000n;

function requestTokens(
  app: TestApp['app'],
  headers: Record<string, string>,
  fields: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/request',
    remoteAddress: '198.51.100.7',
    ...form(fields),
    headers: { ...headers, ...form(fields).headers },
  });
}

/** A receiver's token balance as the chain's saved state says (what any process reads). */
async function tokensOf(testApp: TestApp, owner: Address): Promise<bigint | null> {
  const info = (
    await testApp.app.inject({ method: 'GET', url: '/api/v1/token/info' })
  ).json<TokenInfo>();
  const ata = await associatedTokenAddress(owner, info.mint as Address);
  const chain = createRepositories(testApp.app.db, 'postgres').chain;
  const saved = await chain.accountsByAddress(`embedded:${info.mint}`, [ata]);
  const account = saved.get(ata);
  if (!account) return null;
  return decodeToken({
    address: ata,
    data: account.data,
    executable: false,
    lamports: account.lamports as never,
    programAddress: account.program as Address,
    space: BigInt(account.data.byteLength),
  }).data.amount;
}

async function owners(testApp: TestApp) {
  return testApp.app.db.selectFrom('chain_owners').selectAll().execute();
}

describePostgres('embedded chain shared by two servers', (db) => {
  closeOthers();

  it('20 concurrent faucet requests over both against a cap of 5 pay exactly 5, sent by the owner', async () => {
    const first = await db.buildApp({ env: { FAUCET_MAX_REQUESTS_GLOBAL_DAILY: '5' } });
    const second = await anotherApp(first);
    others.push(second);
    // The first server took the chain when it started; the second hands its transfers over.
    expect(await owners(first)).toEqual([
      expect.objectContaining({ holder: expect.stringContaining(':'), generation: '1' }),
    ]);

    const members = await Promise.all([1, 2, 3, 4].map(() => signedInUser(first.app)));
    const receivers = await Promise.all(
      members.map(async () => (await generateKeyPairSigner()).address),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const app = index % 2 === 0 ? first.app : second.app;
        const who = index % members.length;
        return requestTokens(app, members[who]!.headers, {
          address: receivers[who]!,
          amount: '1',
          request_id: `r-${index}`,
        });
      }),
    );
    const paid = responses.filter((response) => response.statusCode === 200);
    expect(
      responses.map((response) => response.statusCode).sort(),
      responses.map((r) => r.body).join('\n'),
    ).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    // Both servers answered paid requests with their signatures.
    const signatures = paid.map((response) => tokenTransferSchema.parse(response.json()).signature);
    expect(new Set(signatures).size).toBe(5);
    // Each one paid through the second server was handed over as one job, run by the owner.
    const paidBySecond = responses.filter(
      (response, index) => index % 2 === 1 && response.statusCode === 200,
    ).length;
    const handedOver = await first.app.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'chain-transfer')
      .execute();
    expect(handedOver).toEqual(Array(paidBySecond).fill({ status: 'done', attempts: 1 }));

    const rows = await first.app.db
      .selectFrom('token_transfers')
      .select(['status', 'signature'])
      .where('kind', '=', 'faucet')
      .execute();
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(5);
    expect(rows.filter((row) => row.status !== 'sent')).toHaveLength(0);
    const onChain = await first.app.db
      .selectFrom('chain_signatures')
      .select(['signature', 'status'])
      .execute();
    expect(onChain.map((row) => row.signature).sort()).toEqual([...signatures].sort());
    let total = 0n;
    for (const receiver of receivers) total += (await tokensOf(first, receiver)) ?? 0n;
    expect(total).toBe(5n * UNITS);
  });

  it('stopping the owner hands the role over, with every balance, and the next request is paid', async () => {
    const first = await db.buildApp();
    const second = await anotherApp(first);
    others.push(second);
    const ada = await signedInUser(first.app);
    const receiver = (await generateKeyPairSigner()).address;

    // Paid through the second server, sent by the first (the owner).
    const before = await requestTokens(second.app, ada.headers, { address: receiver, amount: '3' });
    expect(before.statusCode, before.body).toBe(200);
    expect(await tokensOf(first, receiver)).toBe(3n * UNITS);

    await first.app.close();
    const after = await requestTokens(second.app, ada.headers, { address: receiver, amount: '4' });
    expect(after.statusCode, after.body).toBe(200);
    // The second server owns the chain now, restored from the saved state: the 3 tokens are
    // still there and the 4 came on top.
    expect(await owners({ ...first, app: second.app })).toEqual([
      expect.objectContaining({ generation: '2' }),
    ]);
    expect(await tokensOf({ ...first, app: second.app }, receiver)).toBe(7n * UNITS);
  });

  it('an owner whose lease ran out (a crash, a pause) loses the chain to the next request', async () => {
    const first = await db.buildApp({ env: { CHAIN_OWNER_LEASE_SECONDS: '60' } });
    const second = await anotherApp(first);
    others.push(second);
    const ada = await signedInUser(first.app);
    const receiver = (await generateKeyPairSigner()).address;
    expect(
      (await requestTokens(first.app, ada.headers, { address: receiver, amount: '2' })).statusCode,
    ).toBe(200);

    // The first server stops renewing (its clock says a minute and more went by unrenewed).
    first.clock.advance(61);
    const taken = await requestTokens(second.app, ada.headers, { address: receiver, amount: '5' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await owners(first)).toEqual([expect.objectContaining({ generation: '2' })]);
    expect(await tokensOf(first, receiver)).toBe(7n * UNITS);

    // The old owner can no longer send: its transfers go to the new owner.
    const handed = await requestTokens(first.app, ada.headers, { address: receiver, amount: '1' });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await tokensOf(first, receiver)).toBe(8n * UNITS);
  });

  it('with no process that may own the chain, a request waits; the first owner to come sends it', async () => {
    const first = await db.buildApp({
      env: { CHAIN_OWNER: 'false', CHAIN_TRANSFER_TIMEOUT_SECONDS: '1' },
    });
    expect(await owners(first)).toEqual([]);
    const ada = await signedInUser(first.app);
    const receiver = (await generateKeyPairSigner()).address;
    const fields = { address: receiver, amount: '2', request_id: 'waits' };
    const waited = await requestTokens(first.app, ada.headers, fields);
    expect(waited.statusCode, waited.body).toBe(409);

    // A process that may own the chain starts: it takes it and sends what was handed over.
    const second = await anotherApp(first, {
      chainOwner: { ...first.config.chainOwner, candidate: true },
    });
    others.push(second);
    const deadline = Date.now() + 15_000;
    let answer = await requestTokens(first.app, ada.headers, fields);
    while (answer.statusCode === 409 && Date.now() < deadline) {
      answer = await requestTokens(first.app, ada.headers, fields);
    }
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await tokensOf(first, receiver)).toBe(2n * UNITS);
  });
});
