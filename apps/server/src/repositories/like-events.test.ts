import { expect, it } from 'vitest';
import { describeEachDatabase, type DatabaseUnderTest } from '../../test/helpers.js';
import {
  endEpoch,
  likeComment,
  likePost,
  payouts,
  rewardsCommunity,
  type Member,
} from '../../test/rewards.js';

/**
 * A like taken back within LIKE_UNDO_WINDOW_SECONDS removes its own contribution event instead of
 * adding a reversal (contribution-writes.ts, undoRecentLike). The same toggles, played once with
 * every toggle recorded (LIKE_UNDO_WINDOW_SECONDS=0) and once with the default window, must pay
 * every epoch exactly the same, while the second keeps far fewer rows.
 */

const WINDOW_SECONDS = 600;

async function play(db: DatabaseUnderTest, env: Record<string, string>) {
  const community = await rewardsCommunity(db, env);
  const { testApp, app, author, second, fans, post, secondPost } = community;
  const toggle = async (member: Member, postId: string, times: number) => {
    for (let index = 0; index < times; index += 1) {
      // A second apart: a member's clicks, each after the last (scoring orders by time).
      testApp.clock.advance(1);
      const answer = await likePost(app, member, postId);
      expect(answer.statusCode, answer.body).toBe(200);
    }
  };
  const comment = await app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers: { ...second.headers, 'content-type': 'application/json' },
    payload: { postId: post, content: 'a comment' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const commentId = comment.json<{ _id: string }>()._id;

  // A loop ending liked, one ending unliked, and a like taken back after the window.
  await toggle(fans[0], post, 41);
  await toggle(fans[1], secondPost, 40);
  await toggle(fans[2], post, 1);
  testApp.clock.advance(WINDOW_SECONDS + 60);
  await toggle(fans[2], post, 6);
  for (let index = 0; index < 21; index += 1) {
    testApp.clock.advance(1);
    expect((await likeComment(app, fans[1], commentId)).statusCode).toBe(200);
  }
  // Liked just before the epoch ends, taken back (and toggled) in the next one.
  await toggle(fans[1], post, 1);
  await endEpoch(testApp);
  await app.services.rewards.distributeEpoch(1);
  await toggle(fans[1], post, 3);
  await toggle(fans[0], secondPost, 30);
  await endEpoch(testApp);
  await app.services.rewards.distributeEpoch(2);

  const byName = async (epochId: number) => {
    const paid = await payouts(testApp, epochId);
    return {
      author: paid[author.user.id]?.score ?? 0,
      second: paid[second.user.id]?.score ?? 0,
    };
  };
  const [events] = await app.db
    .selectFrom('contribution_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .execute();
  return { epoch1: await byName(1), epoch2: await byName(2), events: Number(events?.n) };
}

describeEachDatabase('contribution events of likes taken back at once', (db) => {
  it('pays every epoch as if each toggle were recorded, with a bounded number of rows', async () => {
    const recorded = await play(db, { LIKE_UNDO_WINDOW_SECONDS: '0' });
    const undone = await play(db, { LIKE_UNDO_WINDOW_SECONDS: String(WINDOW_SECONDS) });

    expect(undone.epoch1).toEqual(recorded.epoch1);
    expect(undone.epoch2).toEqual(recorded.epoch2);
    // Something was scored: the comparison is not between two empty epochs.
    expect(recorded.epoch1.author).toBeGreaterThan(0);
    expect(recorded.epoch1.second).toBeGreaterThan(0);
    // 143 toggles: every one a row when recorded, a few per member and target when undone (the
    // comment's own comment_received row counted in both).
    expect(recorded.events).toBe(144);
    expect(undone.events).toBeLessThanOrEqual(20);
  }, 120_000);
});
