import { randomUUID } from 'node:crypto';
import type { Address } from '@solana/kit';
import { TOKEN_UNITS_PER_TOKEN } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  registerUser,
  type DatabaseUnderTest,
  type TestApp,
} from '../../../test/helpers.js';
import { createTestChain, type TestChain } from '../../chain/testing.js';
import type { User } from '../../domain/user.js';
import {
  createLedgerRepository,
  type LedgerRepository,
} from '../../repositories/ledger-repository.js';
import {
  createRewardClaimRepository,
  REWARD_KIND,
} from '../../repositories/reward-claim-repository.js';
import { createUserRepository } from '../../repositories/user-repository.js';
import { createWalletRepository } from '../../repositories/wallet-repository.js';
import { InvalidInputError } from '../errors.js';
import { createLedger } from '../ledger/index.js';
import { createRewardClaimService } from './claim-service.js';

/**
 * Settling stale claims against a late sender: a claim reserved long ago whose sender wakes up
 * and records its signature just after the settlement read the claim. The claim service runs on
 * the real repository and an embedded chain; only the moment of the late send is arranged.
 */

const units = (tokens: number) =>
  BigInt(Math.round(tokens * 1000)) * BigInt(TOKEN_UNITS_PER_TOKEN / 1000);

interface Setup {
  db: DatabaseUnderTest;
  testApp: TestApp;
  test: TestChain;
  /** The one ledger (services/ledger/), where the claims are rows of kind `reward`. */
  claims: LedgerRepository;
  member: User;
  /** A claim reserved five minutes ago holding the member's 10 tokens, never sent. */
  stale: { id: string; address: Address };
}

async function setUp(db: DatabaseUnderTest): Promise<Setup> {
  const test = await createTestChain();
  const testApp = await db.buildApp({ chain: test.chain });
  const { app, clock } = testApp;
  const registered = await registerUser(app);
  const member = await createUserRepository(app.db).findById(registered.user.id);
  if (!member) throw new Error('the member was not stored');
  const at = clock.now().toISOString();
  await app.db
    .insertInto('reward_epochs')
    .values({
      id: 1,
      starts_at: new Date(Date.parse(at) - 604_800_000).toISOString(),
      ends_at: at,
      pool_units: units(10_000).toString(),
      remainder_units: '0',
      distributed_at: at,
    })
    // The app's reward clock may have opened epoch 1 already.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const payoutId = randomUUID();
  await app.db
    .insertInto('reward_payouts')
    .values({
      id: payoutId,
      epoch_id: 1,
      user_id: member.id,
      score: 1,
      amount_units: units(10).toString(),
      carry_units: '0',
      created_at: at,
      claim_id: null,
    })
    .execute();
  const claims = createLedgerRepository(app.db, db.dialect);
  const stale = { id: randomUUID(), address: await test.newAddress() };
  await claims.exclusive(`${REWARD_KIND}:${member.id}`, async (locked) => {
    await locked.insert({
      kind: REWARD_KIND,
      id: stale.id,
      userId: member.id,
      requestId: 'stale',
      address: stale.address,
      amountUnits: units(10),
      ip: null,
      cluster: null,
      mint: null,
      createdAt: at,
    });
    await createRewardClaimRepository(db.dialect).takePayouts(
      locked,
      { id: stale.id, userId: member.id },
      [payoutId],
    );
  });
  clock.advance(5 * 60);
  return { db, testApp, test, claims, member, stale };
}

function serviceOn(setup: Setup, claims: LedgerRepository) {
  return createRewardClaimService({
    ledger: createLedger({
      transfers: claims,
      chain: setup.test.chain,
      now: setup.testApp.clock.now,
      pendingWaitMs: 20,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
    }),
    claims: createRewardClaimRepository(setup.db.dialect),
    wallets: createWalletRepository(setup.testApp.app.db, setup.db.dialect),
    settings: { minClaimAgeSeconds: 0, minClaimUnits: units(1) },
    now: setup.testApp.clock.now,
  });
}

/** A new address, linked to the member as POST /wallets links one (routes/wallets/). */
async function linkedReceiver(setup: Setup): Promise<Address> {
  const address = await setup.test.newAddress();
  await setup.testApp.app.db
    .insertInto('wallet_links')
    .values({
      address,
      user_id: setup.member.id,
      linked_at: setup.testApp.clock.now().toISOString(),
    })
    .execute();
  return address;
}

const holders = (setup: Setup) =>
  setup.testApp.app.db
    .selectFrom('reward_payouts')
    .select('claim_id')
    .where('user_id', '=', setup.member.id)
    .execute();

describeEachDatabase('settling a stale reward claim', (db) => {
  it('keeps the payouts of a stale claim whose signature was recorded after it was read', async () => {
    const setup = await setUp(db);
    const { claims, test, stale, member, testApp } = setup;
    // The late sender records its signature and sends right after the settlement's read.
    let lateSend: Promise<void> | null = null;
    const racing: LedgerRepository = {
      ...claims,
      pendingOf: async (kind, userId) => {
        const pending = await claims.pendingOf(kind, userId);
        lateSend ??= (async () => {
          const prepared = await test.chain.prepareTransfer(stale.address, units(10), 'late');
          const sentAt = testApp.clock.now().toISOString();
          expect(await claims.recordSignature(stale.id, prepared.signature, sentAt)).toBe(true);
          await prepared.send();
        })();
        await lateSend;
        return pending;
      },
    };
    const receiver = await linkedReceiver(setup);

    const error = await serviceOn(setup, racing)
      .claim(member, { address: receiver, request_id: 'again' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );

    // Nothing was claimable: the stale claim still holds the payouts its late send paid.
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(await claims.find(stale.id)).toMatchObject({ status: 'pending' });
    expect((await claims.find(stale.id))?.signature).not.toBeNull();
    expect(await holders(setup)).toEqual([{ claim_id: stale.id }]);
    expect(await test.tokensOf(receiver)).toBeNull();
    expect(await test.tokensOf(stale.address)).toBe(units(10));

    // Once final, the chain settles it as the payment it was.
    testApp.clock.advance(5 * 60);
    await expect(
      serviceOn(setup, claims).claim(member, { address: receiver, request_id: 'later' }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(await claims.find(stale.id)).toMatchObject({ status: 'sent' });
    expect(await holders(setup)).toEqual([{ claim_id: stale.id }]);
  });

  it('releases the payouts of a stale claim that has no signature, and the next claim pays them', async () => {
    const setup = await setUp(db);
    const { claims, test, stale, member } = setup;
    const receiver = await linkedReceiver(setup);

    const paid = await serviceOn(setup, claims).claim(member, {
      address: receiver,
      request_id: 'again',
    });

    expect(paid.units).toBe(units(10));
    expect(await claims.find(stale.id)).toMatchObject({ status: 'failed', signature: null });
    expect(await test.tokensOf(receiver)).toBe(units(10));
    expect(await test.tokensOf(stale.address)).toBeNull();
  });
});
