import { generateKeyPairSigner } from '@solana/kit';
import { MESSAGES } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, errorBody, form, signedInUser } from '../../../test/helpers.js';
import { formatClaimTime } from '../../services/token/limits.js';
import { linkWallet } from '../../../test/wallets.js';

/**
 * The faucet's per-address limit and linked wallets (issue 28): the faucet still pays any typed
 * address, but a wallet linked to a member shares one allowance with that member's other linked
 * wallets and with the member's own requests, so linking more wallets multiplies nothing. Here
 * the per-address cap (20 tokens a day) is the only one that binds: every request comes from its
 * own IP address and the per-member caps are far above it.
 */
const LIMITS = {
  FAUCET_MAX_PER_REQUEST: '10',
  FAUCET_MAX_PER_ADDRESS_DAILY: '20',
  FAUCET_MAX_PER_USER_DAILY: '1000',
  FAUCET_MAX_REQUESTS_PER_USER_DAILY: '100',
};

type Headers = { authorization: string };
let ip = 0;

function ask(app: FastifyInstance, headers: Headers, address: string, amount = '10') {
  ip += 1;
  const fields = form({ address, amount });
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/request',
    remoteAddress: `198.51.100.${ip % 250}`,
    payload: fields.payload,
    headers: { ...headers, ...fields.headers },
  });
}

const statusOf = async (answer: ReturnType<typeof ask>) => (await answer).statusCode;

describeEachDatabase('faucet limits with linked wallets', (db) => {
  it("counts a member's linked wallets together: other members cannot fill each one", async () => {
    const { app, clock } = await db.buildApp({ env: LIMITS });
    const holder = await signedInUser(app);
    const [first, second] = [
      await linkWallet(app, holder.headers),
      await linkWallet(app, holder.headers),
    ];
    const others = [await signedInUser(app), await signedInUser(app), await signedInUser(app)];

    const startedAt = clock.now().getTime();
    expect(await statusOf(ask(app, others[0]!.headers, first))).toBe(200);
    clock.advance(60);
    expect(await statusOf(ask(app, others[1]!.headers, second))).toBe(200);
    clock.advance(60);
    // 20 tokens went to the holder's wallets: a third request to either is over the cap...
    for (const wallet of [first, second]) {
      const refused = await ask(app, others[2]!.headers, wallet);
      expect(refused.statusCode, refused.body).toBe(429);
      // ...until the first of those requests leaves the 24-hour window.
      const fitsAt = startedAt + 24 * 3600 * 1000;
      expect(Number(refused.headers['retry-after'])).toBe(
        Math.ceil((fitsAt - clock.now().getTime()) / 1000),
      );
      expect(refused.json()).toEqual(
        errorBody(MESSAGES.faucetLimitReached(formatClaimTime(fitsAt))),
      );
    }

    // An address no one linked still has its own allowance, as before.
    const typed = (await generateKeyPairSigner()).address;
    expect(await statusOf(ask(app, others[2]!.headers, typed))).toBe(200);
    expect(await statusOf(ask(app, others[1]!.headers, typed))).toBe(200);
    expect(await statusOf(ask(app, others[0]!.headers, typed))).toBe(429);
  });

  it("counts the member's own requests, to any address, against their linked wallet", async () => {
    const { app } = await db.buildApp({ env: LIMITS });
    const holder = await signedInUser(app);
    const wallet = await linkWallet(app, holder.headers);
    const other = await signedInUser(app);
    const elsewhere = (await generateKeyPairSigner()).address;

    // The holder takes 10 tokens to an address they typed; their wallet has 10 left.
    expect(await statusOf(ask(app, holder.headers, elsewhere))).toBe(200);
    expect(await statusOf(ask(app, other.headers, wallet))).toBe(200);
    expect(await statusOf(ask(app, other.headers, wallet, '1'))).toBe(429);

    // Unlinked, the wallet is an address like any other: 10 tokens were paid to it.
    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/wallets/${wallet}`,
      headers: holder.headers,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect(await statusOf(ask(app, other.headers, wallet))).toBe(200);
    expect(await statusOf(ask(app, other.headers, wallet, '1'))).toBe(429);
  });
});
