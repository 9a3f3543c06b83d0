import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import {
  emptyDatabase,
  withPayoutsBefore0026,
  type EmptyDatabase,
} from '../../../test/migrations.js';
import { createLedgerRepository } from '../../repositories/ledger-repository.js';
import { REWARD_KIND } from '../../repositories/reward-claim-repository.js';
import { createRewardRepository } from '../../repositories/reward-repository.js';

const opened: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

const at = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T00:01:00.000Z';

describeEachDatabase('migration 0024: the reward_claims view is dropped', (db) => {
  it('drops the view and keeps the claims, which the payout history reads from the ledger', async () => {
    const database = await emptyDatabase(db.dialect);
    opened.push(database);
    const { db: conn } = database;
    await database.migrateToBefore('0024-drop-reward-claims-view');

    const claim = (id: string, status: string, signature: string | null) =>
      conn
        .insertInto('token_transfers')
        .values({
          id,
          kind: REWARD_KIND,
          user_id: 'ada',
          request_id: `request-${id}`,
          address: 'AddrB',
          amount_units: '500',
          status,
          signature,
          created_at: at,
          sent_at: signature ? at : null,
          completed_at: status === 'pending' ? null : later,
        })
        .execute();
    await claim('c-sent', 'sent', 'sig-c1');
    await claim('c-pending', 'pending', null);
    // A faucet row with a claim's id would be no claim: the history reads the reward kind only.
    await conn
      .insertInto('token_transfers')
      .values({
        id: 'f-1',
        kind: 'faucet',
        user_id: 'ada',
        request_id: 'r1',
        address: 'AddrA',
        amount_units: '7',
        status: 'sent',
        signature: 'sig-f1',
        created_at: at,
      })
      .execute();
    for (const id of [1, 2, 3, 4]) {
      await conn
        .insertInto('reward_epochs')
        .values({
          id,
          starts_at: at,
          ends_at: later,
          pool_units: '10000',
          remainder_units: '0',
          distributed_at: later,
        })
        .execute();
    }
    const payout = (epochId: number, claimId: string | null) => ({
      epoch_id: epochId,
      user_id: 'ada',
      score: epochId,
      amount_units: '500',
      carry_units: '0',
      created_at: later,
      claim_id: claimId,
    });
    await withPayoutsBefore0026(conn)
      .insertInto('reward_payouts')
      .values([payout(1, 'c-sent'), payout(2, 'c-pending'), payout(3, null), payout(4, 'f-1')])
      .execute();
    const { rows: before } = await sql`select id from reward_claims order by id`.execute(conn);
    expect(before).toEqual([{ id: 'c-pending' }, { id: 'c-sent' }]);

    const { error } = await database.migrator.migrateTo('0024-drop-reward-claims-view');
    expect(error).toBeUndefined();

    await expect(sql`select * from reward_claims`.execute(conn)).rejects.toThrow();
    const transfers = createLedgerRepository(conn, db.dialect);
    expect((await transfers.list(REWARD_KIND)).map((row) => [row.id, row.status])).toEqual([
      ['c-pending', 'pending'],
      ['c-sent', 'sent'],
    ]);
    expect(await transfers.find('f-1')).toMatchObject({ kind: 'faucet', status: 'sent' });

    // Read by today's repository, on today's schema: 0026 rebuilt the payouts, keeping them.
    expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
    const mine = await createRewardRepository(conn, db.dialect).memberRewards('ada', 10);
    expect(mine.earnedUnits).toBe(2000n);
    expect(mine.claimableUnits).toBe(500n);
    expect(mine.history).toEqual([
      { epochId: 4, score: 4, amountUnits: 500n, hold: null, claim: null },
      { epochId: 3, score: 3, amountUnits: 500n, hold: null, claim: null },
      {
        epochId: 2,
        score: 2,
        amountUnits: 500n,
        hold: null,
        claim: { status: 'pending', createdAt: at, completedAt: null, signature: null },
      },
      {
        epochId: 1,
        score: 1,
        amountUnits: 500n,
        hold: null,
        claim: { status: 'sent', createdAt: at, completedAt: later, signature: 'sig-c1' },
      },
    ]);
  });
});
