import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import {
  emptyDatabase,
  withPayoutsBefore0026,
  type EmptyDatabase,
} from '../../../test/migrations.js';
import { createFaucetRepository } from '../../repositories/faucet-repository.js';
import { createLedgerRepository } from '../../repositories/ledger-repository.js';
import { createRewardClaimRepository } from '../../repositories/reward-claim-repository.js';

const opened: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T00:01:00.000Z';
/** Above 2^53: a value any float on the way would round. */
const BIG = '9007199254740993';

describeEachDatabase('migration 0020: one ledger of token transfers', (db) => {
  it('moves the faucet requests and the reward claims in place, ids and payouts’ links kept', async () => {
    const database = await emptyDatabase(db.dialect);
    opened.push(database);
    const { db: conn } = database;
    await database.migrateToBefore('0020-token-transfers');

    // Rows as the two ledgers wrote them (raw SQL: their tables are no longer in the schema).
    const faucet = (id: string, requestId: string, status: string, signature: string | null) =>
      sql`insert into faucet_requests (id, user_id, request_id, address, ip, amount_units,
          cluster, mint, status, signature, error_kind, error, created_at, sent_at, completed_at)
        values (${id}, 'ada', ${requestId}, 'AddrA', '203.0.113.7', ${BIG}, 'embedded', 'Mint1',
          ${status}, ${signature}, ${status === 'failed' ? 'chain' : null},
          ${status === 'failed' ? 'Token transfer failed' : null}, ${at},
          ${signature ? at : null}, ${status === 'pending' ? null : later})`.execute(conn);
    await faucet('f-sent', 'r1', 'sent', 'sig-f1');
    await faucet('f-failed', 'r2', 'failed', null);
    await faucet('f-pending', 'r3', 'pending', null);
    const claim = (id: string, status: string, signature: string | null, units: string) =>
      sql`insert into reward_claims (id, user_id, request_id, address, amount_units, status,
          signature, error_kind, error, created_at, sent_at, completed_at)
        values (${id}, 'ada', ${`claim-${id}`}, 'AddrB', ${units}, ${status}, ${signature},
          null, null, ${at}, ${signature ? at : null}, ${status === 'sent' ? later : null})`.execute(
        conn,
      );
    await claim('c-sent', 'sent', 'sig-c1', '500');
    await claim('c-pending', 'pending', null, '700');
    // The same member and request_id in both old ledgers: each is its own kind now.
    await sql`insert into reward_claims (id, user_id, request_id, address, amount_units, status,
        created_at) values ('c-same-id', 'ada', 'r1', 'AddrB', 1, 'failed', ${at})`.execute(conn);
    await conn
      .insertInto('reward_epochs')
      .values({
        id: 1,
        starts_at: at,
        ends_at: later,
        pool_units: '10000',
        remainder_units: '0',
        distributed_at: later,
      })
      .execute();
    const payout = (userId: string, claimId: string | null, units: string) => ({
      epoch_id: 1,
      user_id: userId,
      score: 1,
      amount_units: units,
      carry_units: '0',
      created_at: later,
      claim_id: claimId,
    });
    await withPayoutsBefore0026(conn)
      .insertInto('reward_payouts')
      .values([
        payout('ada', 'c-sent', '500'),
        payout('bob', 'c-pending', '700'),
        payout('cy', null, '9'),
      ])
      .execute();

    const { error } = await database.migrator.migrateTo('0020-token-transfers');
    expect(error).toBeUndefined();

    const transfers = createLedgerRepository(conn, db.dialect);
    expect(await transfers.list('faucet')).toEqual([
      {
        id: 'f-failed',
        kind: 'faucet',
        userId: 'ada',
        requestId: 'r2',
        address: 'AddrA',
        amountUnits: BigInt(BIG),
        ip: '203.0.113.7',
        cluster: 'embedded',
        mint: 'Mint1',
        status: 'failed',
        signature: null,
        errorKind: 'chain',
        error: 'Token transfer failed',
        createdAt: at,
        sentAt: null,
        completedAt: later,
      },
      expect.objectContaining({ id: 'f-pending', status: 'pending', completedAt: null }),
      expect.objectContaining({ id: 'f-sent', status: 'sent', signature: 'sig-f1', sentAt: at }),
    ]);
    expect(await transfers.list('reward')).toEqual([
      expect.objectContaining({ id: 'c-pending', amountUnits: 700n, status: 'pending' }),
      expect.objectContaining({ id: 'c-same-id', requestId: 'r1', status: 'failed' }),
      {
        id: 'c-sent',
        kind: 'reward',
        userId: 'ada',
        requestId: 'claim-c-sent',
        address: 'AddrB',
        amountUnits: 500n,
        ip: null,
        cluster: null,
        mint: null,
        status: 'sent',
        signature: 'sig-c1',
        errorKind: null,
        error: null,
        createdAt: at,
        sentAt: at,
        completedAt: later,
      },
    ]);

    // The payouts still name their claims, and the view the payout history read (until 0024
    // dropped it; raw SQL: it is no longer in the schema) shows them.
    const { rows: history } = await sql`select reward_payouts.user_id, reward_claims.status,
        reward_claims.signature
      from reward_payouts left join reward_claims on reward_claims.id = reward_payouts.claim_id
      order by reward_payouts.user_id`.execute(conn);
    expect(history).toEqual([
      { user_id: 'ada', status: 'sent', signature: 'sig-c1' },
      { user_id: 'bob', status: 'pending', signature: null },
      { user_id: 'cy', status: null, signature: null },
    ]);

    // A migrated pending claim is released like any other: its payout is given back with it.
    const claims = createRewardClaimRepository(db.dialect);
    const failure = {
      status: 'failed',
      errorKind: 'chain',
      error: 'Token transfer failed',
      completedAt: later,
    } as const;
    expect(await transfers.releaseUnsent('c-pending', failure, claims.givePayoutsBack)).toBe(true);
    const bob = await conn
      .selectFrom('reward_payouts')
      .select('claim_id')
      .where('user_id', '=', 'bob')
      .executeTakeFirstOrThrow();
    expect(bob.claim_id).toBeNull();

    // A migrated pending faucet request still counts against the faucet's limits, as today's
    // faucet counts them: on the schema of every later migration too (0022's linked wallets).
    expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
    const usage = await transfers.exclusive('faucet', (ledger) =>
      createFaucetRepository().usage(ledger, { userId: 'ada', address: 'AddrA', ip: 'x' }, '2025'),
    );
    expect(usage.user).toEqual({ units: 2n * BigInt(BIG), count: 2 });

    // The old tables are gone; one (kind, member, request_id) is still one row.
    await expect(sql`select * from faucet_requests`.execute(conn)).rejects.toThrow();
    await expect(
      transfers.exclusive('faucet', (ledger) =>
        ledger.insert({
          id: 'again',
          kind: 'faucet',
          userId: 'ada',
          requestId: 'r1',
          address: 'AddrA',
          amountUnits: 1n,
          ip: null,
          cluster: null,
          mint: null,
          createdAt: later,
        }),
      ),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError' });
  });
});
