import { randomUUID } from 'node:crypto';
import { MESSAGES, TOKEN_UNITS_PER_TOKEN } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  createTestClock,
  describeEachDatabase,
  type DatabaseUnderTest,
} from '../../../test/helpers.js';
import { associatedTokenAddress } from '../../chain/faucet.js';
import { createTestChain } from '../../chain/testing.js';
import {
  createLedgerRepository,
  type LedgerTransaction,
  type TokenTransfer,
} from '../../repositories/ledger-repository.js';
import { ConflictError, InvalidInputError } from '../errors.js';
import { createLedger, type TransferKind } from './index.js';

/**
 * A kind the ledger has never seen (a bounty, say), declared in a few lines, gets the whole
 * discipline: reservation under its own lock, one payment for a request_id asked many times,
 * the first answer replayed, a release that gives back what the kind took in the transaction
 * that fails the row, and the chain owner's hand-over by kind and id.
 */

const units = (tokens: number) => BigInt(tokens) * BigInt(TOKEN_UNITS_PER_TOKEN);

async function setUp(db: DatabaseUnderTest) {
  const { app } = await db.buildApp();
  const test = await createTestChain();
  const clock = createTestClock(new Date('2026-02-01T08:00:00.000Z'));
  const transfers = createLedgerRepository(app.db, db.dialect);
  const ledger = createLedger({
    transfers,
    chain: test.chain,
    now: clock.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
  });

  // What the kind's release hook saw of its row, from inside the transaction it runs in.
  const releases: { id: string; statusSeen: string | undefined }[] = [];
  let failRelease = false;
  const BOUNTY: TransferKind = {
    name: 'bounty',
    memo: 'symposia-bounty',
    messages: { disabled: 'Bounties are off.', pending: 'The bounty is still being paid.' },
    release: async (transaction: LedgerTransaction, id: string) => {
      releases.push({ id, statusSeen: (await transaction.find(id))?.status });
      if (failRelease) throw new Error('the give-back failed');
    },
  };
  const bounties = ledger.kind(BOUNTY);

  /** A bounty of `tokens` to `address` for the member: reserved, then paid. */
  async function pay(userId: string, address: string, tokens: number, requestId: string) {
    const reserved = await bounties.reserve(
      { userId, requestId, lock: `bounty:${userId}` },
      async (reserving) => reserving.insert({ address, amountUnits: units(tokens) }),
    );
    if ('first' in reserved) return bounties.replay(reserved.first);
    return bounties.pay(reserved.answer);
  }

  /** A pending bounty row written long ago and never sent (its sender vanished). */
  async function abandoned(userId: string, address: string): Promise<TokenTransfer> {
    const id = randomUUID();
    await transfers.exclusive(`bounty:${userId}`, (locked) =>
      locked.insert({
        id,
        kind: 'bounty',
        userId,
        requestId: id,
        address,
        amountUnits: units(1),
        ip: null,
        cluster: 'embedded',
        mint: test.chain.mint,
        createdAt: clock.now().toISOString(),
      }),
    );
    const row = await transfers.find(id);
    if (!row) throw new Error('the row was not written');
    return row;
  }

  return {
    test,
    clock,
    transfers,
    ledger,
    bounties,
    releases,
    failReleases: () => {
      failRelease = true;
    },
    pay,
    abandoned,
  };
}

describeEachDatabase('the ledger with a new kind', (db) => {
  it('reserves, sends and replays: one request_id asked eight times at once pays once', async () => {
    const { test, transfers, pay } = await setUp(db);
    const receiver = await test.newAddress();
    const member = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => pay(member, receiver, 3, 'bounty-1')),
    );

    expect(new Set(answers.map((answer) => answer.signature)).size).toBe(1);
    expect(answers[0]).toMatchObject({ address: receiver, units: units(3) });
    expect(await test.tokensOf(receiver)).toBe(units(3));
    const rows = await transfers.list('bounty');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'bounty',
      status: 'sent',
      signature: answers[0]?.signature,
      cluster: 'embedded',
    });
    // Its rows are its own: another kind's list does not hold them.
    expect(await transfers.list('faucet')).toEqual([]);
  });

  it('releases a transfer that certainly sent nothing, its hook running in the transaction that fails the row', async () => {
    const { test, transfers, pay, releases } = await setUp(db);
    // A token account is no wallet: refused before anything is sent.
    const tokenAccount = await associatedTokenAddress(test.chain.faucetAddress, test.chain.mint);

    const error = await pay(randomUUID(), tokenAccount, 2, 'bounty-2').then(
      () => null,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(InvalidInputError);
    const [row] = await transfers.list('bounty');
    expect(row).toMatchObject({ status: 'failed', errorKind: 'invalid', signature: null });
    // The hook ran once, its row already failed where it looked (that it runs inside the
    // transaction that fails the row is the next test's: a hook that fails undoes the release).
    expect(releases).toEqual([{ id: row?.id, statusSeen: 'failed' }]);
  });

  it('replays the first answer, a failure included, and answers the kind’s 409 while it is in flight', async () => {
    const { test, clock, bounties, abandoned, releases } = await setUp(db);
    const member = randomUUID();
    const row = await abandoned(member, await test.newAddress());

    // Young and unsent: it may still be under way, so the retry is told to wait.
    const waiting = await bounties.replay(row, 20).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(waiting).toBeInstanceOf(ConflictError);
    expect((waiting as Error).message).toBe('The bounty is still being paid.');
    expect(releases).toEqual([]);

    // Stale and unsent: released, with the kind's give-back, and answered as failed every time.
    clock.advance(5 * 60);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await bounties.replay(row).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect((failed as Error).message).toBe(MESSAGES.tokenTransferFailed);
    }
    expect(releases).toEqual([{ id: row.id, statusSeen: 'failed' }]);
  });

  it('keeps the row pending when the kind’s give-back fails: nothing is released without it', async () => {
    const { test, clock, transfers, bounties, abandoned, failReleases } = await setUp(db);
    const row = await abandoned(randomUUID(), await test.newAddress());
    clock.advance(5 * 60);
    failReleases();

    await expect(bounties.settle(row)).rejects.toThrow('the give-back failed');

    expect(await transfers.find(row.id)).toMatchObject({ status: 'pending', signature: null });
  });

  it('sends a handed-over row by kind and id, once, and leaves another kind’s row alone', async () => {
    const { test, transfers, ledger, abandoned } = await setUp(db);
    const receiver = await test.newAddress();
    const row = await abandoned(randomUUID(), receiver);
    ledger.kind({ name: 'tip', memo: 'symposia-tip', messages: { disabled: '', pending: '' } });

    await ledger.sendHandedOver('tip', row.id);
    expect(await transfers.find(row.id)).toMatchObject({ status: 'pending', signature: null });
    await expect(ledger.sendHandedOver('no-such-kind', row.id)).rejects.toThrow(/no-such-kind/);

    await ledger.sendHandedOver('bounty', row.id);
    await ledger.sendHandedOver('bounty', row.id);
    expect(await transfers.find(row.id)).toMatchObject({ status: 'sent' });
    expect(await test.tokensOf(receiver)).toBe(units(1));
  });
});
