import type { Bounty } from '@symposia/shared';

/** An open bounty of 5 tokens, as GET /media/{id}/bounties answers it. */
export function makeBounty(overrides: Partial<Bounty> = {}): Bounty {
  return {
    id: 'bounty-1',
    post_id: 'post-1',
    offerer: { id: 'sponsor', username: 'sponsor', avatar: '' },
    from_pool: false,
    amount: '5000000000',
    max_awards: 1,
    deadline: '2026-04-01T08:00:00.000Z',
    status: 'open',
    awarded: [],
    refunded_amount: null,
    created_at: '2026-03-01T08:00:00.000Z',
    may_award: false,
    ...overrides,
  };
}
