import { MESSAGES, WALLETS_PER_MEMBER_MAX } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import type { Decision } from './decision.js';
import { decideClaimReceiver, decideWalletLink, decideWalletUnlink } from './wallet-policy.js';

/**
 * The wallet rules as a table: who asks (signed out, the member, another member) about a wallet
 * in each state (linked to nobody, to the member, to someone else), and the status the API
 * answers ('ok', or the refusal's status). routes/wallets/wallets.test.ts checks the HTTP API.
 */
const ASKERS = ['anonymous', 'member'] as const;
const WALLET_STATES = ['unlinked', 'own', 'other'] as const;
type Outcome = 'ok' | 401 | 404 | 422;

const RULES: Record<
  (typeof ASKERS)[number],
  Record<(typeof WALLET_STATES)[number], { link: Outcome; unlink: Outcome; claimTo: Outcome }>
> = {
  anonymous: {
    unlinked: { link: 401, unlink: 401, claimTo: 401 },
    own: { link: 401, unlink: 401, claimTo: 401 },
    other: { link: 401, unlink: 401, claimTo: 401 },
  },
  member: {
    unlinked: { link: 'ok', unlink: 404, claimTo: 422 },
    own: { link: 'ok', unlink: 'ok', claimTo: 'ok' },
    other: { link: 422, unlink: 404, claimTo: 422 },
  },
};

const STATUS = { 'sign-in': 401, 'not-found': 404, forbidden: 403, invalid: 422 } as const;
const outcomeOf = (decision: Decision) =>
  decision.allowed ? 'ok' : (STATUS[decision.denial] as Outcome);

describe('wallet policy', () => {
  for (const asker of ASKERS) {
    for (const state of WALLET_STATES) {
      it(`${asker}, wallet ${state}: ${JSON.stringify(RULES[asker][state])}`, () => {
        const actor = asker === 'anonymous' ? null : { id: 'me' };
        const linkedTo = { unlinked: null, own: 'me', other: 'someone-else' }[state];
        const facts = { linkedTo, linkedCount: 1, max: WALLETS_PER_MEMBER_MAX };
        expect({
          link: outcomeOf(decideWalletLink(actor, facts)),
          unlink: outcomeOf(decideWalletUnlink(actor, linkedTo)),
          claimTo: outcomeOf(decideClaimReceiver(actor, linkedTo)),
        }).toEqual(RULES[asker][state]);
      });
    }
  }

  it('says why: another member holds it, the claim needs a linked wallet, the cap is reached', () => {
    const me = { id: 'me' };
    expect(decideWalletLink(me, { linkedTo: 'other', linkedCount: 0, max: 3 })).toEqual({
      allowed: false,
      denial: 'invalid',
      message: MESSAGES.walletLinkedElsewhere,
      field: 'address',
    });
    expect(decideClaimReceiver(me, null)).toMatchObject({
      message: MESSAGES.rewardClaimWalletNotLinked,
      field: 'address',
    });
    // A new wallet at the cap is refused; one already theirs is not a new one.
    expect(decideWalletLink(me, { linkedTo: null, linkedCount: 3, max: 3 })).toMatchObject({
      denial: 'invalid',
      message: MESSAGES.tooManyWallets(3),
    });
    expect(decideWalletLink(me, { linkedTo: 'me', linkedCount: 3, max: 3 }).allowed).toBe(true);
  });
});
