import { randomUUID } from 'node:crypto';
import { OPEN_REVIEWS_PAGE_SIZE, type OpenReviews } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withCommunity, type Member } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * GET /reviews/open on both databases (issue 29): the posts asking for review that the reader may
 * see, those with a bounty open for reviews first, then those sharing a tag with the reader's own
 * posts, then the newest; `tag` narrows it and `cursor` pages through it without overlap.
 */

/** Credits the member `units` claimable, so they can offer a bounty. */
async function credit(app: FastifyInstance, userId: string, units: bigint) {
  const at = new Date().toISOString();
  await app.db
    .insertInto('reward_epochs')
    .values({
      id: 900,
      starts_at: '2000-01-01T00:00:00.000Z',
      ends_at: '2000-01-08T00:00:00.000Z',
      pool_units: '0',
      remainder_units: '0',
      distributed_at: at,
    })
    .execute();
  await app.db
    .insertInto('reward_payouts')
    .values({
      id: randomUUID(),
      epoch_id: 900,
      user_id: userId,
      score: 1,
      amount_units: units.toString(),
      carry_units: '0',
      created_at: at,
      claim_id: null,
    })
    .execute();
}

const setStatus = (app: FastifyInstance, postId: string, status: string) =>
  app.db.updateTable('posts').set({ review_status: status }).where('id', '=', postId).execute();

async function queue(app: FastifyInstance, query = '', by?: Member) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/reviews/open${query}`,
    ...(by && { headers: by.headers }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenReviews>();
}

const ids = (page: OpenReviews) => page.items.map((item) => item.post.id);

describeEachDatabase('the review queue', (db) => {
  it('lists bounties first, then the reader’s own tags, then the newest', async () => {
    await withCommunity(db, async ({ app, clock, author, member, other, moderator }) => {
      const post = async (tags: string, fields: Record<string, string> = {}) => {
        clock.advance(60);
        return uploadPost(app, author.headers, { tags, ...fields });
      };
      const physics = await post('physics');
      const biology = await post('biology, cells');
      const validated = await post('chemistry');
      const bountied = await post('chemistry');
      const expired = await post('physics');
      const secret = await post('biology', { visibility: 'private' });
      const hidden = await post('biology');
      const disputed = await post('history');
      await setStatus(app, validated, 'validated');
      await setStatus(app, bountied, 'validated');
      await setStatus(app, disputed, 'disputed');
      await app.db
        .updateTable('posts')
        .set({ hidden_at: clock.now().toISOString() })
        .where('id', '=', hidden)
        .execute();
      // The reader's own post, validated (so not listed), gives them the tag "cells".
      clock.advance(60);
      const own = await uploadPost(app, other.headers, { tags: 'Cells' });
      await setStatus(app, own, 'validated');
      clock.advance(60);
      const own2 = await uploadPost(app, other.headers, { tags: 'cells' });
      await setStatus(app, own2, 'validated');

      await credit(app, member.user.id, 1000n);
      const offer = (postId: string, body: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/media/${postId}/bounties`,
          headers: member.headers,
          payload: body,
        });
      const open = await offer(bountied, { amount: '100' });
      expect(open.statusCode, open.body).toBe(201);
      const soon = new Date(clock.now().getTime() + 60_000).toISOString();
      expect((await offer(expired, { amount: '100', deadline: soon })).statusCode).toBe(201);
      clock.advance(120);

      // Anyone: the bounty first (validated though it is), then the newest not validated; the
      // expired bounty's post ranks as any other, the private, hidden and validated are left out.
      const anyone = await queue(app);
      expect(ids(anyone)).toEqual([bountied, disputed, expired, biology, physics]);
      expect(anyone.next_cursor).toBeNull();
      expect(anyone.items[0]!.bounties.map((b) => b.id)).toEqual([open.json<{ id: string }>().id]);
      expect(anyone.items[0]!.post).toMatchObject({ id: bountied, review_status: 'validated' });
      expect(anyone.items.slice(1).every((item) => item.bounties.length === 0)).toBe(true);

      // The reader who wrote about cells sees the cells post right after the bounty.
      expect(ids(await queue(app, '', other))).toEqual([
        bountied,
        biology,
        disputed,
        expired,
        physics,
      ]);
      // Nobody is offered their own posts to review: the author sees none of theirs (not even
      // the bountied one), whatever their state; others see theirs as the forum lists them.
      expect(ids(await queue(app, '', author))).toEqual([]);
      expect(ids(await queue(app, '?tag=chemistry', author))).toEqual([]);
      // A moderator may see the hidden post, but nobody may review it: it is offered to nobody.
      expect(ids(await queue(app, '', moderator))).not.toContain(hidden);
      expect(ids(await queue(app, '', moderator))).not.toContain(secret);
      expect(ids(await queue(app, '', moderator))).toContain(biology);
      const ownOfOther = await uploadPost(app, other.headers, { tags: 'physics' });
      expect(ids(await queue(app, '?tag=physics', member))).toContain(ownOfOther);
      expect(ids(await queue(app, '?tag=physics', other))).not.toContain(ownOfOther);

      expect(ids(await queue(app, '?tag=physics', other))).toEqual([expired, physics]);
      expect(ids(await queue(app, '?tag=chemistry'))).toEqual([bountied]);
      expect(ids(await queue(app, '?tag=nothing'))).toEqual([]);
    });
  });

  it('pages with its cursor, each post once, and refuses a cursor it did not give', async () => {
    await withCommunity(db, async ({ app, clock, author, other }) => {
      const posts: string[] = [];
      for (let n = 0; n < OPEN_REVIEWS_PAGE_SIZE + 3; n += 1) {
        // Several posts share a time, so the cursor's sequence number breaks the ties.
        if (n % 3 === 0) clock.advance(60);
        posts.push(await uploadPost(app, author.headers, { tags: n % 2 ? 'odd' : 'even' }));
      }
      clock.advance(60);
      const own = await uploadPost(app, other.headers, { tags: 'odd' });
      await setStatus(app, own, 'validated');

      const first = await queue(app, '', other);
      expect(first.items).toHaveLength(OPEN_REVIEWS_PAGE_SIZE);
      expect(first.next_cursor).not.toBeNull();
      const second = await queue(app, `?cursor=${encodeURIComponent(first.next_cursor!)}`, other);
      expect(second.next_cursor).toBeNull();
      const seen = [...ids(first), ...ids(second)];
      const odd = posts.filter((_, n) => n % 2).reverse();
      const even = posts.filter((_, n) => n % 2 === 0).reverse();
      expect(seen).toEqual([...odd, ...even]);

      for (const cursor of ['nonsense', '21.abc', '11.' + 'x'.repeat(20)]) {
        const bad = await app.inject({
          method: 'GET',
          url: `/api/v1/reviews/open?cursor=${cursor}`,
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
      }
      const long = await app.inject({
        method: 'GET',
        url: `/api/v1/reviews/open?tag=${'t'.repeat(500)}`,
      });
      expect(long.statusCode).toBe(422);
    });
  });
});
