import { randomUUID } from 'node:crypto';
import { ACCOUNT_ACTIVATION_LAMPORTS, MESSAGES, TOKEN_UNITS_PER_TOKEN } from '@symposia/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createTestClock,
  describeEachDatabase,
  type DatabaseUnderTest,
  type TestClock,
} from '../../../test/helpers.js';
import { FaucetTransferError, type Chain, type FaucetLimits } from '../../chain/index.js';
import { associatedTokenAddress } from '../../chain/faucet.js';
import { createTestChain, type TestChain } from '../../chain/testing.js';
import { createFaucetRepository, FAUCET_KIND } from '../../repositories/faucet-repository.js';
import {
  createLedgerRepository,
  type LedgerRepository,
  type LedgerTransaction,
} from '../../repositories/ledger-repository.js';
import { ConflictError, InvalidInputError, TooManyAttemptsError } from '../errors.js';
import { createLedger } from '../ledger/index.js';
import { ChainOperationError, FaucetUnavailableError } from '../ledger/errors.js';
import { FAUCET_WINDOW_MS } from './limits.js';
import { createTokenService } from './token-service.js';

const units = (tokens: number) =>
  BigInt(Math.round(tokens * 1000)) * BigInt(TOKEN_UNITS_PER_TOKEN / 1000);

const GENEROUS: FaucetLimits = {
  perRequest: units(100),
  minPerRequest: units(1),
  perUserDaily: units(10_000),
  perAddressDaily: units(10_000),
  perIpDaily: units(10_000),
  globalDaily: units(100_000),
  requestsPerUserDaily: 1000,
  requestsPerIpDaily: 1000,
  requestsGlobalDaily: 1000,
};

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to fail');
  return error;
}

/** Hooks into a chain's sends: hold them at a gate, fail them, or count them. */
interface ChainControl {
  chain: Chain;
  /** Transactions actually sent. */
  sends: number;
  /** Sends waiting at the gate. */
  waiting: number;
  hold: boolean;
  release: () => void;
  failNext: 'rejected' | 'uncertain' | null;
}

function controlled(inner: Chain): ChainControl {
  let open: () => void = () => undefined;
  let gate = Promise.resolve();
  const control: ChainControl = {
    sends: 0,
    waiting: 0,
    hold: false,
    failNext: null,
    release: () => {
      control.hold = false;
      open();
    },
    chain: {
      ...inner,
      prepareTransfer: async (receiver, amount, memo) => {
        const prepared = await inner.prepareTransfer(receiver, amount, memo);
        const failure = control.failNext;
        control.failNext = null;
        if (control.hold) {
          gate = new Promise<void>((resolve) => {
            open = resolve;
          });
        }
        const held = control.hold ? gate : Promise.resolve();
        return {
          ...prepared,
          send: async () => {
            control.waiting += 1;
            await held;
            control.waiting -= 1;
            if (failure) throw new FaucetTransferError(failure, `injected ${failure}`);
            control.sends += 1;
            await prepared.send();
          },
        };
      },
    },
  };
  return control;
}

/** The one ledger (services/ledger/) on the database under test, and its faucet rows. */
async function openLedger(db: DatabaseUnderTest) {
  const testApp = await db.buildApp();
  const transfers = createLedgerRepository(testApp.app.db, db.dialect);
  return { ...transfers, list: () => transfers.list(FAUCET_KIND) };
}

async function setUp(
  db: DatabaseUnderTest,
  options: { limits?: Partial<FaucetLimits>; clock?: TestClock; test?: TestChain } = {},
) {
  const ledger = await openLedger(db);
  const test = options.test ?? (await createTestChain());
  const control = controlled(test.chain);
  const clock = options.clock ?? createTestClock(new Date('2025-03-01T08:00:00.000Z'));
  const limits = { ...GENEROUS, ...options.limits };
  const make = (extra: { pendingWaitMs?: number; ledger?: LedgerRepository } = {}) =>
    createTokenService({
      ledger: createLedger({
        transfers: extra.ledger ?? ledger,
        chain: control.chain,
        now: clock.now,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
        pendingWaitMs: extra.pendingWaitMs,
      }),
      faucet: createFaucetRepository(),
      chain: control.chain,
      settings: { cluster: 'embedded', limits, mint: null },
    });
  return { ledger, test, control, clock, service: make(), make };
}

const caller = (userId = randomUUID(), ip = '203.0.113.7') => ({ userId, ip });

describeEachDatabase('token service', (db) => {
  it('pays a new receiver: activation, token account and transfer, and records the signature', async () => {
    const { service, test, ledger } = await setUp(db);
    const receiver = await test.newAddress();
    const result = await service.request(caller(), { address: receiver, amount: '12.5' });

    expect(result).toMatchObject({ address: receiver, units: units(12.5), explorerUrl: null });
    expect(await test.lamportsOf(receiver)).toBe(BigInt(ACCOUNT_ACTIVATION_LAMPORTS));
    expect(await test.tokensOf(receiver)).toBe(12_500_000_000n);
    expect(await test.chain.signatureStatus(result.signature as never)).toBe('confirmed');
    const [row] = await ledger.list();
    expect(row).toMatchObject({
      status: 'sent',
      signature: result.signature,
      amountUnits: units(12.5),
      address: receiver,
      completedAt: result.time,
    });
  });

  it('only transfers to an existing receiver', async () => {
    const { service, test } = await setUp(db);
    const receiver = await test.newAddress();
    await service.request(caller(), { address: receiver, amount: 1 });
    const lamportsBefore = await test.lamportsOf(receiver);
    await service.request(caller(), { address: receiver, amount: 2 });
    expect(await test.lamportsOf(receiver)).toBe(lamportsBefore);
    expect(await test.tokensOf(receiver)).toBe(units(3));
  });

  it('answers the spec message when the faucet has too little SOL, and records nothing as sent', async () => {
    const { service, test, ledger } = await setUp(db);
    await test.setLamports(test.chain.faucetAddress, 1_000_000n);
    const receiver = await test.newAddress();
    const error = await rejection(service.request(caller(), { address: receiver, amount: 5 }));
    expect(error).toBeInstanceOf(FaucetUnavailableError);
    expect(error.message).toBe(MESSAGES.insufficientSol);
    expect(await test.tokensOf(receiver)).toBeNull();
    expect(await test.lamportsOf(receiver)).toBe(0n);
    const rows = await ledger.list();
    expect(rows.map((row) => row.status)).toEqual(['failed']);
    expect(rows[0]).toMatchObject({ errorKind: 'unavailable', error: MESSAGES.insufficientSol });
  });

  it('reports a missing source token account, then a missing source account', async () => {
    const { service, test } = await setUp(db);
    const receiver = await test.newAddress();
    await test.deleteAccount(
      await associatedTokenAddress(test.chain.faucetAddress, test.chain.mint),
    );
    const first = await rejection(service.request(caller(), { address: receiver, amount: 1 }));
    expect(first).toBeInstanceOf(FaucetUnavailableError);
    expect(first.message).toBe(MESSAGES.sourceTokenAccountMissing);
    await test.deleteAccount(test.chain.faucetAddress);
    const second = await rejection(service.request(caller(), { address: receiver, amount: 1 }));
    expect(second.message).toBe(MESSAGES.sourceAccountMissing);
  });

  it('validates the address and the amount with the spec messages, reserving nothing', async () => {
    const { service, test, ledger } = await setUp(db);
    const receiver = await test.newAddress();
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ amount: 1 }, [{ field: 'address', message: MESSAGES.enterReceivingAddress }]],
      [
        { address: '  ', amount: 1 },
        [{ field: 'address', message: MESSAGES.enterReceivingAddress }],
      ],
      [
        { address: 'not-an-address', amount: 1 },
        [{ field: 'address', message: MESSAGES.invalidSolanaAddress }],
      ],
      // 0OIl are not base58; 31 bytes is not an address.
      [
        { address: `${receiver.slice(0, -1)}0`, amount: 1 },
        [{ field: 'address', message: MESSAGES.invalidSolanaAddress }],
      ],
      [{ address: receiver }, [{ field: 'amount', message: MESSAGES.tokenAmountInvalid }]],
      [
        { address: receiver, amount: 0 },
        [{ field: 'amount', message: MESSAGES.tokenAmountInvalid }],
      ],
      [
        { address: receiver, amount: '-3' },
        [{ field: 'amount', message: MESSAGES.tokenAmountInvalid }],
      ],
      [
        { address: receiver, amount: 'ten' },
        [{ field: 'amount', message: MESSAGES.tokenAmountInvalid }],
      ],
      [
        { address: receiver, amount: '0.0000000001' },
        [{ field: 'amount', message: MESSAGES.tokenAmountInvalid }],
      ],
      [
        { address: receiver, amount: 100.5 },
        [{ field: 'amount', message: MESSAGES.tokenAmountTooLarge(100) }],
      ],
      [
        { address: receiver, amount: '0.999999999' },
        [{ field: 'amount', message: MESSAGES.tokenAmountTooSmall(1) }],
      ],
      // 41 characters of a perfectly good number: refused for its length, never parsed.
      [
        { address: receiver, amount: `${'0'.repeat(40)}5` },
        [{ field: 'amount', message: MESSAGES.tokenAmountTooLong(40) }],
      ],
      [
        { address: receiver, amount: '9'.repeat(1_000_000) },
        [{ field: 'amount', message: MESSAGES.tokenAmountTooLong(40) }],
      ],
      [
        { address: 'x', amount: 'x' },
        [
          { field: 'address', message: MESSAGES.invalidSolanaAddress },
          { field: 'amount', message: MESSAGES.tokenAmountInvalid },
        ],
      ],
    ];
    for (const [body, errors] of cases) {
      const error = await rejection(service.request(caller(), body as never));
      expect(error, JSON.stringify(body)).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).errors).toEqual(errors);
    }
    expect(await ledger.list()).toEqual([]);
  });

  it('refuses an address that is not a wallet (a token account) with the verification message', async () => {
    const { service, test, ledger } = await setUp(db);
    const tokenAccount = await associatedTokenAddress(test.chain.faucetAddress, test.chain.mint);
    const error = await rejection(service.request(caller(), { address: tokenAccount, amount: 1 }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).errors[0]?.message).toMatch(
      /^Account verification failed: /,
    );
    expect((await ledger.list())[0]?.status).toBe('failed');
  });

  describe('limits within a rolling 24 hours', () => {
    const limitCases: {
      name: string;
      limits: Partial<FaucetLimits>;
      first: (a: Addresses) => Ask;
      second: (a: Addresses) => Ask;
      /** A request that the same limit does not touch. */
      other: (a: Addresses) => Ask;
    }[] = [
      {
        name: 'per user (tokens)',
        limits: { perUserDaily: units(10) },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 6 }),
        second: (a) => ({ user: 'u1', address: a[1], ip: 'ip2', amount: 5 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 5 }),
      },
      {
        name: 'per receiving address (tokens)',
        limits: { perAddressDaily: units(10) },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 6 }),
        second: (a) => ({ user: 'u2', address: a[0], ip: 'ip2', amount: 5 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 5 }),
      },
      {
        name: 'per IP (tokens)',
        limits: { perIpDaily: units(10) },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 6 }),
        second: (a) => ({ user: 'u2', address: a[1], ip: 'ip1', amount: 5 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 5 }),
      },
      {
        name: 'global (tokens)',
        limits: { globalDaily: units(10) },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 6 }),
        second: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 5 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 4 }),
      },
      {
        name: 'requests per user',
        limits: { requestsPerUserDaily: 1 },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 1 }),
        second: (a) => ({ user: 'u1', address: a[1], ip: 'ip2', amount: 1 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 1 }),
      },
      {
        name: 'requests per IP',
        limits: { requestsPerIpDaily: 1 },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 1 }),
        second: (a) => ({ user: 'u2', address: a[1], ip: 'ip1', amount: 1 }),
        other: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 1 }),
      },
      {
        name: 'requests overall',
        limits: { requestsGlobalDaily: 1, perRequest: units(5) },
        first: (a) => ({ user: 'u1', address: a[0], ip: 'ip1', amount: 1 }),
        second: (a) => ({ user: 'u2', address: a[1], ip: 'ip2', amount: 1 }),
        other: () => null,
      },
    ];

    for (const limit of limitCases) {
      it(`refuses over the limit ${limit.name} with 429 data, until the first request is 24 h old`, async () => {
        const { service, test, clock } = await setUp(db, { limits: limit.limits });
        const addresses: Addresses = [await test.newAddress(), await test.newAddress()];
        const ask = (spec: Ask) =>
          spec &&
          service.request(
            { userId: spec.user, ip: spec.ip },
            { address: spec.address, amount: spec.amount },
          );
        const firstAt = clock.now().getTime();
        await ask(limit.first(addresses));
        clock.advance(3600);
        const refused = await rejection(ask(limit.second(addresses)) as Promise<unknown>);
        expect(refused).toBeInstanceOf(TooManyAttemptsError);
        const fitsAt = firstAt + FAUCET_WINDOW_MS;
        expect((refused as TooManyAttemptsError).retryAfterSeconds).toBe(
          Math.ceil((fitsAt - clock.now().getTime()) / 1000),
        );
        expect((refused as TooManyAttemptsError).detail).toBe(
          MESSAGES.faucetLimitReached('2025-03-02 08:00 UTC'),
        );
        const other = limit.other(addresses);
        if (other) await ask(other);
        clock.advance(23 * 3600 - 1);
        expect(await rejection(ask(limit.second(addresses)) as Promise<unknown>)).toBeInstanceOf(
          TooManyAttemptsError,
        );
        clock.advance(1);
        const second = limit.second(addresses);
        await expect(ask(second)).resolves.toMatchObject({ units: units(second?.amount ?? 0) });
      });
    }

    it('gives the refused request its own time: when enough of the window has left for its amount', async () => {
      const { service, test, clock } = await setUp(db, { limits: { perUserDaily: units(10) } });
      const address = await test.newAddress();
      const user = caller();
      await service.request(user, { address, amount: 4 }); // 08:00
      clock.advance(2 * 3600);
      await service.request(user, { address, amount: 4 }); // 10:00
      clock.advance(3600);
      // 8 used: 2 more fit now (11:00). Then 3 need the 08:00 request gone, 7 need both 4s gone,
      // 9 need all three gone.
      await expect(service.request(user, { address, amount: 2 })).resolves.toBeDefined();
      const expected = { 3: '08:00', 7: '10:00', 9: '11:00' };
      for (const [amount, time] of Object.entries(expected)) {
        const refused = await rejection(service.request(user, { address, amount }));
        expect((refused as TooManyAttemptsError).detail).toBe(
          MESSAGES.faucetLimitReached(`2025-03-02 ${time} UTC`),
        );
      }
    });

    it('releases the reservation of a failed request', async () => {
      const { service, test, control, ledger } = await setUp(db, {
        limits: { perUserDaily: units(10) },
      });
      const address = await test.newAddress();
      const user = caller();
      control.failNext = 'rejected';
      const failed = await rejection(service.request(user, { address, amount: 10 }));
      expect(failed).toBeInstanceOf(ChainOperationError);
      expect(failed.message).toBe(MESSAGES.tokenTransferFailed);
      await expect(service.request(user, { address, amount: 10 })).resolves.toBeDefined();
      expect((await ledger.list()).map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    });

    it('keeps the reservation of a transfer whose outcome is unknown', async () => {
      const { service, test, control, ledger } = await setUp(db, {
        limits: { perUserDaily: units(10) },
      });
      const address = await test.newAddress();
      const user = caller();
      control.failNext = 'uncertain';
      const unknown = await rejection(service.request(user, { address, amount: 10 }));
      expect(unknown.message).toBe(MESSAGES.tokenTransferFailed);
      const [row] = await ledger.list();
      expect(row).toMatchObject({ status: 'pending', signature: expect.any(String) });
      expect(await rejection(service.request(user, { address, amount: 1 }))).toBeInstanceOf(
        TooManyAttemptsError,
      );
    });
  });

  it('pays exactly 5 of 20 concurrent requests against a cap that allows 5', async () => {
    const { service, test, ledger } = await setUp(db, {
      limits: { perUserDaily: units(50), perRequest: units(10) },
    });
    const user = caller();
    const addresses = await Promise.all(Array.from({ length: 20 }, () => test.newAddress()));
    const outcomes = await Promise.allSettled(
      addresses.map((address) => service.request(user, { address, amount: 10 })),
    );
    const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof TooManyAttemptsError,
    );
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(15);
    let onChain = 0n;
    for (const address of addresses) onChain += (await test.tokensOf(address)) ?? 0n;
    expect(onChain).toBe(units(50));
    expect((await ledger.list()).filter((row) => row.status === 'sent')).toHaveLength(5);
  });

  describe('request_id', () => {
    it('returns the first result to a retry and pays once', async () => {
      const { service, test, ledger } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      const first = await service.request(user, { address, amount: 7, request_id: 'abc' });
      const again = await service.request(user, { address, amount: 7, request_id: 'abc' });
      expect(again).toEqual(first);
      expect(await test.tokensOf(address)).toBe(units(7));
      expect(await ledger.list()).toHaveLength(1);
      // Another member's id space is their own.
      await service.request(caller(), { address, amount: 7, request_id: 'abc' });
      expect(await test.tokensOf(address)).toBe(units(14));
    });

    it('refuses the same id for another address or amount, paying nothing more', async () => {
      const { service, test, ledger } = await setUp(db);
      const [address, other] = [await test.newAddress(), await test.newAddress()];
      const user = caller();
      const first = await service.request(user, { address, amount: 7, request_id: 'same' });
      for (const body of [
        { address: other, amount: 7 },
        { address, amount: 8 },
        { address, amount: '7.000000001' },
      ]) {
        const error = await rejection(service.request(user, { ...body, request_id: 'same' }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).errors).toEqual([
          { field: 'request_id', message: MESSAGES.faucetRequestIdReused },
        ]);
      }
      // The same address and amount, written another way, is the same request.
      expect(await service.request(user, { address, amount: '7.0', request_id: 'same' })).toEqual(
        first,
      );
      expect(await test.tokensOf(address)).toBe(units(7));
      expect(await test.tokensOf(other)).toBeNull();
      expect(await ledger.list()).toHaveLength(1);
    });

    it('waits for the first attempt while it is in flight, and still pays once', async () => {
      const { service, test, control } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      control.hold = true;
      const first = service.request(user, { address, amount: 3, request_id: 'r1' });
      await waitFor(() => control.waiting === 1);
      const retry = service.request(user, { address, amount: 3, request_id: 'r1' });
      await new Promise((resolve) => setTimeout(resolve, 30));
      control.release();
      const [a, b] = await Promise.all([first, retry]);
      expect(b).toEqual(a);
      expect(control.sends).toBe(1);
      expect(await test.tokensOf(address)).toBe(units(3));
    });

    it('answers 409 to a retry that outwaits its bound, without paying again', async () => {
      const { test, control, make } = await setUp(db);
      const service = make({ pendingWaitMs: 20 });
      const address = await test.newAddress();
      const user = caller();
      control.hold = true;
      const first = service.request(user, { address, amount: 3, request_id: 'r2' });
      await waitFor(() => control.waiting === 1);
      const retry = await rejection(
        service.request(user, { address, amount: 3, request_id: 'r2' }),
      );
      expect(retry).toBeInstanceOf(ConflictError);
      expect(retry.message).toBe(MESSAGES.faucetRequestPending);
      control.release();
      await first;
      expect(control.sends).toBe(1);
      expect(await test.tokensOf(address)).toBe(units(3));
    });

    it('replays a failure', async () => {
      const { service, test } = await setUp(db);
      await test.setLamports(test.chain.faucetAddress, 1_000_000n);
      const address = await test.newAddress();
      const user = caller();
      const body = { address, amount: 1, request_id: 'r3' };
      const first = await rejection(service.request(user, body));
      await test.setLamports(test.chain.faucetAddress, 10n ** 12n);
      const again = await rejection(service.request(user, body));
      expect(again).toBeInstanceOf(FaucetUnavailableError);
      expect(again.message).toBe(first.message);
      expect(await test.tokensOf(address)).toBeNull();
    });

    it('settles a transfer whose answer was lost from the chain, once it is old enough', async () => {
      const { service, test, control, clock, ledger } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      // The transaction lands, but the answer is lost.
      const inner = control.chain.prepareTransfer;
      control.chain.prepareTransfer = async (...args) => {
        const prepared = await inner(...args);
        return {
          ...prepared,
          send: async () => {
            await prepared.send();
            throw new FaucetTransferError('uncertain', 'connection lost');
          },
        };
      };
      const lost = await rejection(service.request(user, { address, amount: 4, request_id: 'r4' }));
      expect(lost).toBeInstanceOf(ChainOperationError);
      expect((await ledger.list())[0]?.status).toBe('pending');
      clock.advance(5 * 60);
      const settled = await service.request(user, { address, amount: 4, request_id: 'r4' });
      expect(settled.units).toBe(units(4));
      const [row] = await ledger.list();
      expect(row).toMatchObject({ status: 'sent', signature: settled.signature });
      expect(await test.tokensOf(address)).toBe(units(4));
    });

    it('settles an abandoned request that never got a signature as failed', async () => {
      const { service, test, clock, ledger } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      await ledger.exclusive(FAUCET_KIND, (locked) =>
        locked.insert({
          kind: FAUCET_KIND,
          id: randomUUID(),
          userId: user.userId,
          requestId: 'r5',
          address,
          ip: user.ip,
          amountUnits: units(1),
          cluster: 'embedded',
          mint: test.chain.mint,
          createdAt: clock.now().toISOString(),
        }),
      );
      clock.advance(5 * 60);
      const error = await rejection(
        service.request(user, { address, amount: 1, request_id: 'r5' }),
      );
      expect(error.message).toBe(MESSAGES.tokenTransferFailed);
      expect((await ledger.list())[0]?.status).toBe('failed');
    });

    it('never releases a stale request whose signature was recorded after it was read (a late send)', async () => {
      const { test, clock, ledger, make } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      const id = randomUUID();
      await ledger.exclusive(FAUCET_KIND, (locked) =>
        locked.insert({
          kind: FAUCET_KIND,
          id,
          userId: user.userId,
          requestId: 'late',
          address,
          ip: user.ip,
          amountUnits: units(2),
          cluster: 'embedded',
          mint: test.chain.mint,
          createdAt: clock.now().toISOString(),
        }),
      );
      clock.advance(5 * 60);
      // The sender it was handed to wakes up late: right after the retry has read the row (still
      // without a signature), it records its signature and sends.
      let lateSend: Promise<void> | null = null;
      const racing: LedgerRepository = {
        ...ledger,
        exclusive: async <T>(scope: string, work: (locked: LedgerTransaction) => Promise<T>) => {
          const result = await ledger.exclusive(scope, work);
          lateSend ??= (async () => {
            const prepared = await test.chain.prepareTransfer(address, units(2), `late:${id}`);
            expect(await ledger.recordSignature(id, prepared.signature, clock.now().toISOString()));
            await prepared.send();
          })();
          await lateSend;
          return result;
        },
      };
      const service = make({ ledger: racing, pendingWaitMs: 20 });
      const body = { address, amount: 2, request_id: 'late' };

      // Not failed (which would free its reservation while the tokens went out): still pending,
      // the signature kept, until the transaction is surely final.
      const first = await rejection(service.request(user, body));
      expect(first).toBeInstanceOf(ConflictError);
      const [pending] = await ledger.list();
      expect(pending).toMatchObject({ status: 'pending' });
      expect(pending?.signature).not.toBeNull();

      clock.advance(5 * 60);
      const answer = await service.request(user, body);
      expect(answer.signature).toBe(pending?.signature);
      expect((await ledger.list())[0]).toMatchObject({
        status: 'sent',
        signature: answer.signature,
      });
      expect(await test.tokensOf(address)).toBe(units(2));
    });

    it('releases a stale request that has no signature when it is settled', async () => {
      const { test, clock, ledger, service } = await setUp(db);
      const address = await test.newAddress();
      const user = caller();
      await ledger.exclusive(FAUCET_KIND, (locked) =>
        locked.insert({
          kind: FAUCET_KIND,
          id: randomUUID(),
          userId: user.userId,
          requestId: 'unsent',
          address,
          ip: user.ip,
          amountUnits: units(2),
          cluster: 'embedded',
          mint: test.chain.mint,
          createdAt: clock.now().toISOString(),
        }),
      );
      clock.advance(5 * 60);
      const error = await rejection(
        service.request(user, { address, amount: 2, request_id: 'unsent' }),
      );
      expect(error.message).toBe(MESSAGES.tokenTransferFailed);
      const [row] = await ledger.list();
      expect(row).toMatchObject({ status: 'failed', signature: null });
      expect(await test.tokensOf(address)).toBeNull();
    });
  });

  it('holds every limit over random sequences of requests, members, addresses and time (property)', async () => {
    const limits: FaucetLimits = {
      perRequest: units(5),
      minPerRequest: units(1),
      perUserDaily: units(12),
      perAddressDaily: units(9),
      perIpDaily: units(15),
      globalDaily: units(24),
      requestsPerUserDaily: 4,
      requestsPerIpDaily: 5,
      requestsGlobalDaily: 8,
    };
    const clock = createTestClock(new Date('2025-01-01T00:00:00.000Z'));
    const { service, test, control } = await setUp(db, { limits, clock });
    const addresses = await Promise.all(Array.from({ length: 3 }, () => test.newAddress()));

    const command = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('request' as const),
          user: fc.integer({ min: 0, max: 2 }),
          address: fc.integer({ min: 0, max: 2 }),
          ip: fc.integer({ min: 0, max: 1 }),
          amount: fc.integer({ min: 1, max: 5 }),
          outcome: fc.constantFrom('ok', 'ok', 'ok', 'rejected', 'uncertain'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('advance' as const),
          seconds: fc.integer({ min: 1, max: 30 * 3600 }),
        }),
      },
    );

    let run = 0;
    const totals = { paid: 0, refused: 0, failed: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        run += 1;
        // Every run starts with an empty window; keys are this run's own.
        clock.advance(25 * 3600);
        const key = (kind: string, n: number) => `${kind}-${run}-${n}`;
        type Entry = {
          at: number;
          user: string;
          address: string;
          ip: string;
          units: bigint;
          paid: boolean;
        };
        const counted: Entry[] = [];
        const paidTo = new Map<string, bigint>();
        for (const address of addresses) paidTo.set(address, (await test.tokensOf(address)) ?? 0n);

        for (const step of commands) {
          if (step.kind === 'advance') {
            clock.advance(step.seconds);
            continue;
          }
          const at = clock.now().getTime();
          const entry: Entry = {
            at,
            user: key('user', step.user),
            address: addresses[step.address] as string,
            ip: key('ip', step.ip),
            units: units(step.amount),
            paid: false,
          };
          const window = counted.filter((e) => e.at > at - FAUCET_WINDOW_MS);
          const sum = (list: Entry[]) => list.reduce((total, e) => total + e.units, 0n);
          const mine = (field: 'user' | 'address' | 'ip') =>
            window.filter((e) => e[field] === entry[field]);
          const fits =
            sum(mine('user')) + entry.units <= limits.perUserDaily &&
            sum(mine('address')) + entry.units <= limits.perAddressDaily &&
            sum(mine('ip')) + entry.units <= limits.perIpDaily &&
            sum(window) + entry.units <= limits.globalDaily &&
            mine('user').length + 1 <= limits.requestsPerUserDaily &&
            mine('ip').length + 1 <= limits.requestsPerIpDaily &&
            window.length + 1 <= limits.requestsGlobalDaily;

          control.failNext = step.outcome === 'ok' ? null : step.outcome;
          const result = await service
            .request(
              { userId: entry.user, ip: entry.ip },
              { address: entry.address, amount: step.amount },
            )
            .then(
              () => 'paid' as const,
              (error: unknown) => (error instanceof TooManyAttemptsError ? 'refused' : 'failed'),
            );
          control.failNext = null;
          totals[result] += 1;
          // The service refuses exactly what the model refuses: never more, never less.
          expect(result === 'refused').toBe(!fits);
          if (!fits) continue;
          expect(result).toBe(step.outcome === 'ok' ? 'paid' : 'failed');
          // A rejected transfer releases its reservation; an uncertain one keeps it.
          if (step.outcome !== 'rejected') counted.push({ ...entry, paid: step.outcome === 'ok' });
          if (step.outcome === 'ok') {
            paidTo.set(entry.address, (paidTo.get(entry.address) ?? 0n) + entry.units);
          }
        }

        // In every 24 h window (the worst ends at a request), nothing exceeds any limit.
        for (const end of counted) {
          const inWindow = counted.filter(
            (e) => e.at > end.at - FAUCET_WINDOW_MS && e.at <= end.at,
          );
          const per = (field: 'user' | 'address' | 'ip', value: string) =>
            inWindow.filter((e) => e[field] === value);
          const total = (list: Entry[]) => list.reduce((t, e) => t + e.units, 0n);
          expect(total(per('user', end.user))).toBeLessThanOrEqual(limits.perUserDaily);
          expect(total(per('address', end.address))).toBeLessThanOrEqual(limits.perAddressDaily);
          expect(total(per('ip', end.ip))).toBeLessThanOrEqual(limits.perIpDaily);
          expect(total(inWindow)).toBeLessThanOrEqual(limits.globalDaily);
          expect(per('user', end.user).length).toBeLessThanOrEqual(limits.requestsPerUserDaily);
          expect(per('ip', end.ip).length).toBeLessThanOrEqual(limits.requestsPerIpDaily);
          expect(inWindow.length).toBeLessThanOrEqual(limits.requestsGlobalDaily);
        }
        // What the chain received is exactly what was reported paid.
        for (const address of addresses) {
          expect((await test.tokensOf(address)) ?? 0n).toBe(paidTo.get(address));
        }
      }),
      { numRuns: db.dialect === 'postgres' ? 20 : 40 },
    );
    // The sequences reached every branch: paid, refused by a limit, failed on the chain.
    expect(totals.paid).toBeGreaterThan(0);
    expect(totals.refused).toBeGreaterThan(0);
    expect(totals.failed).toBeGreaterThan(0);
  }, 180_000);
});

type Addresses = [string, string];
type Ask = { user: string; address: string; ip: string; amount: number } | null;

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('token service without a chain', () => {
  it('is disabled: info says so and requests get the faucet-disabled message', async () => {
    const service = createTokenService({
      ledger: createLedger({
        transfers: {} as LedgerRepository,
        chain: null,
        now: () => new Date(),
      }),
      faucet: createFaucetRepository(),
      chain: null,
      settings: { cluster: 'mainnet-beta', limits: GENEROUS, mint: null },
    });
    expect(service.info()).toMatchObject({ enabled: false, cluster: 'mainnet-beta', mint: '' });
    const error = await rejection(service.request(caller(), { address: 'x', amount: 1 }));
    expect(error).toBeInstanceOf(FaucetUnavailableError);
    expect(error.message).toBe(MESSAGES.faucetDisabled);
  });
});
