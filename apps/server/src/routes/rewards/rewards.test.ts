import type { CurrentUser, Leaderboard, Notification } from '@symposia/shared';
import { expect, it } from 'vitest';
import { commentOn, withCommunity } from '../../../test/community.js';
import { describeEachDatabase, uploadPost, type TestApp } from '../../../test/helpers.js';
import {
  DAY,
  endEpoch,
  likeComment,
  likePost,
  payouts,
  rewardsCommunity as community,
  rewardsMe,
  TOKEN,
  type Member,
} from '../../../test/rewards.js';

async function eventsOf(testApp: TestApp) {
  const rows = await testApp.app.db
    .selectFrom('contribution_events')
    .select(['kind', 'recipient_id', 'actor_id', 'target_id', 'source_id', 'delta'])
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ ...row, delta: Number(row.delta) }));
}

describeEachDatabase('contribution rewards', (db) => {
  it('records a signal with each like, unlike, comment, reply and deletion, for the author', async () => {
    const { testApp, app, author, second, fans, post } = await community(db);
    const [fan] = fans as [Member, ...Member[]];
    // A second between steps, so the signals' times order them.
    const step = () => testApp.clock.advance(1);
    expect((await likePost(app, fan, post)).json()).toMatchObject({ action: 'liked' });
    step();
    expect((await likePost(app, fan, post)).json()).toMatchObject({ action: 'unliked' });
    step();
    const comment = await commentOn(app, second.headers, post, 'A question');
    step();
    const reply = await commentOn(app, fan.headers, post, 'An answer', comment);
    step();
    expect((await likeComment(app, author, comment)).statusCode).toBe(200);
    step();
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/comments/${reply}`,
      headers: fan.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const like = {
      kind: 'post_like',
      recipient_id: author.user.id,
      actor_id: fan.user.id,
      target_id: post,
      source_id: null,
    };
    const received = { kind: 'comment_received', recipient_id: author.user.id, target_id: post };
    const replied = {
      kind: 'reply_received',
      recipient_id: second.user.id,
      actor_id: fan.user.id,
      target_id: comment,
      source_id: reply,
    };
    expect(await eventsOf(testApp)).toEqual([
      { ...like, delta: 1 },
      { ...like, delta: -1 },
      { ...received, actor_id: second.user.id, source_id: comment, delta: 1 },
      { ...received, actor_id: fan.user.id, source_id: reply, delta: 1 },
      { ...replied, delta: 1 },
      {
        kind: 'comment_like',
        recipient_id: second.user.id,
        actor_id: author.user.id,
        target_id: comment,
        source_id: null,
        delta: 1,
      },
      { ...received, actor_id: fan.user.id, source_id: reply, delta: -1 },
      { ...replied, delta: -1 },
    ]);
  });

  it('takes a hidden comment’s signals back and gives them again when it is restored', async () => {
    await withCommunity(
      db,
      async ({ app, clock, author, member, reported, resolve, moderator }) => {
        const post = await uploadPost(app, author.headers, { title: 'Hidden things' });
        const comment = await commentOn(app, member.headers, post, 'Spam, really');
        clock.advance(1);
        const hidden = await resolve(
          await reported(author, { target_type: 'comment', target_id: comment }),
          {
            action: 'hide',
            note: 'Spam',
          },
        );
        expect(hidden.statusCode, hidden.body).toBe(200);
        clock.advance(1);
        const restored = await app.inject({
          method: 'POST',
          url: `/api/v1/moderation/comment/${comment}/restore`,
          headers: moderator.headers,
          payload: { note: 'Not spam after all' },
        });
        expect(restored.statusCode, restored.body).toBe(204);
        const rows = await app.db
          .selectFrom('contribution_events')
          .select(['kind', 'delta'])
          .where('source_id', '=', comment)
          .orderBy('created_at')
          .execute();
        expect(rows.map((row) => [row.kind, Number(row.delta)])).toEqual([
          ['comment_received', 1],
          ['comment_received', -1],
          ['comment_received', 1],
        ]);
      },
    );
  });

  it('distributes an ended epoch once: run twice, or twice at once, it pays and notifies once', async () => {
    const { testApp, app, author, second, fans, post, secondPost } = await community(db);
    for (const fan of fans) expect((await likePost(app, fan, post)).statusCode).toBe(200);
    await likePost(app, fans[0] as Member, secondPost);
    // The author's own like counts nothing.
    await likePost(app, author, post);

    // Before its end the job gives way (and is retried later).
    await expect(testApp.app.services.rewards.distributeEpoch(1)).rejects.toThrow(/not over/);
    const before = await app.inject({ method: 'GET', url: '/api/v1/rewards/leaderboard' });
    expect(before.json()).toEqual({ epoch: null, entries: [] });

    expect(await endEpoch(testApp)).toEqual([1]);
    const jobs = await app.db
      .selectFrom('jobs')
      .select(['subject_id', 'status'])
      .where('kind', '=', 'distribute-rewards')
      .execute();
    expect(jobs).toEqual([{ subject_id: '1', status: 'queued' }]);
    // Another look at the clock queues nothing new.
    expect(await testApp.app.services.rewards.tick()).toEqual([1]);

    const rewards = testApp.app.services.rewards;
    const runs = await Promise.all([rewards.distributeEpoch(1), rewards.distributeEpoch(1)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await rewards.distributeEpoch(1)).toBe(false);

    // Scores 9 and 3 of 10,000 tokens; each under the 5% cap: 500 tokens, the rest kept.
    expect(await payouts(testApp, 1)).toEqual({
      [author.user.id]: { amount: 500n * TOKEN, carry: 0n, score: 9 },
      [second.user.id]: { amount: 500n * TOKEN, carry: 0n, score: 3 },
    });
    const epoch = await app.db
      .selectFrom('reward_epochs')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(BigInt(epoch.remainder_units ?? -1)).toBe(9000n * TOKEN);
    expect(await testApp.app.services.rewards.tick()).toEqual([]);

    const notifications = await app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: author.headers,
    });
    const rewardNotices = notifications.json<Notification[]>().filter((n) => n.type === 'reward');
    expect(rewardNotices).toEqual([
      expect.objectContaining({ type: 'reward', actor: null, excerpt: '500', count: 1 }),
    ]);
  });

  it('leaves out the signals of content hidden or deleted before the distribution', async () => {
    const { testApp, app, author, second, fans, post, secondPost } = await community(db);
    const [fan, fan2] = fans as [Member, Member, ...Member[]];
    const comment = await commentOn(app, author.headers, secondPost, 'Nice');
    await likeComment(app, fan, comment);
    await likeComment(app, fan2, comment);
    await likePost(app, fan, post);
    await likePost(app, fan2, secondPost);
    // The comment goes, and its likes (and the comment received by `second`) with it.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/comments/${comment}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    // The moderators hide `second`'s post (as resolving a report does): its like goes too.
    await app.db
      .updateTable('posts')
      .set({ hidden_at: testApp.clock.now().toISOString() })
      .where('id', '=', secondPost)
      .execute();
    expect(await endEpoch(testApp)).toEqual([1]);
    await testApp.app.services.rewards.distributeEpoch(1);
    const paid = await payouts(testApp, 1);
    expect(Object.keys(paid)).toEqual([author.user.id]);
    expect(paid[author.user.id]?.score).toBe(3);
    expect(second.user.id in paid).toBe(false);
  });

  it('carries an amount below REWARD_MIN_PAYOUT over to the member’s next payout', async () => {
    const { testApp, app, author, second, fans, post, secondPost } = await community(db, {
      REWARD_POOL_PER_EPOCH: '100',
      REWARD_MAX_SHARE: '1',
      REWARD_MIN_PAYOUT: '30',
    });
    const [fan, fan2, fan3] = fans as [Member, Member, Member];
    for (const each of [fan, fan2, fan3]) await likePost(app, each, post);
    await likePost(app, fan, secondPost);
    await endEpoch(testApp);
    await testApp.app.services.rewards.distributeEpoch(1);
    expect(await payouts(testApp, 1)).toEqual({
      [author.user.id]: { amount: 75n * TOKEN, carry: 0n, score: 9 },
      [second.user.id]: { amount: 0n, carry: 25n * TOKEN, score: 3 },
    });
    expect((await rewardsMe(app, second)).claimable).toBe('0');

    // Next epoch: the carry is paid with the new share (the pool less the carry, all theirs).
    testApp.clock.advance(DAY);
    await likePost(app, fan2, secondPost);
    const pending = await rewardsMe(app, second);
    expect(pending).toMatchObject({ pending_score: 3, epoch: { id: 2 } });
    expect(await endEpoch(testApp)).toEqual([2]);
    await testApp.app.services.rewards.distributeEpoch(2);
    expect(await payouts(testApp, 2)).toEqual({
      [second.user.id]: { amount: 100n * TOKEN, carry: 0n, score: 3 },
    });
    const me = await rewardsMe(app, second);
    expect(me).toMatchObject({ claimable: '100', total_earned: '100', pending_score: 0 });
    expect(me.history).toEqual([
      { epoch: 2, score: 3, amount: '100', claimed_at: null, signature: null, hold: null },
      { epoch: 1, score: 3, amount: '0', claimed_at: null, signature: null, hold: null },
    ]);
  });

  it('GET /rewards/me: balance, score so far, epoch, claim gates; what a claim took is not claimable', async () => {
    const { testApp, app, author, fans, post } = await community(db);
    expect((await app.inject({ method: 'GET', url: '/api/v1/rewards/me' })).statusCode).toBe(401);

    await likePost(app, fans[0] as Member, post);
    await likePost(app, fans[1] as Member, post);
    const epoch = await testApp.app.services.rewards.currentEpoch();
    const createdAt = Date.parse(author.user.created_at);
    expect(await rewardsMe(app, author)).toEqual({
      claimable: '0',
      frozen: '0',
      pending_score: 6,
      epoch: { id: 1, ends_at: epoch.endsAt },
      history: [],
      total_earned: '0',
      claim_allowed_from: new Date(createdAt + 7 * DAY * 1000).toISOString(),
      min_claim: '10',
    });

    await endEpoch(testApp);
    await testApp.app.services.rewards.distributeEpoch(1);
    expect(await rewardsMe(app, author)).toMatchObject({
      claimable: '500',
      total_earned: '500',
      pending_score: 0,
      epoch: { id: 2 },
      claim_allowed_from: null,
      history: [{ epoch: 1, score: 6, amount: '500', claimed_at: null, signature: null }],
    });

    // A claim (POST /rewards/claim's ledger) takes the payout: sent, it shows when and how.
    const at = testApp.clock.now().toISOString();
    await app.db
      .insertInto('token_transfers')
      .values({
        id: 'claim-1',
        kind: 'reward',
        user_id: author.user.id,
        request_id: 'r1',
        address: 'somewhere',
        amount_units: (500n * TOKEN).toString(),
        status: 'sent',
        signature: 'sig-1',
        created_at: at,
        sent_at: at,
        completed_at: at,
      })
      .execute();
    await app.db
      .updateTable('reward_payouts')
      .set({ claim_id: 'claim-1' })
      .where('user_id', '=', author.user.id)
      .execute();
    expect(await rewardsMe(app, author)).toMatchObject({
      claimable: '0',
      total_earned: '500',
      history: [{ epoch: 1, amount: '500', claimed_at: at, signature: 'sig-1' }],
    });
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: author.headers });
    expect(me.json<CurrentUser>().stats.tokens_earned).toBe('500');
  });

  it('GET /rewards/leaderboard: an epoch’s top members, private statistics shown as Anonymous', async () => {
    const { testApp, app, author, second, fans, post, secondPost } = await community(db);
    for (const fan of fans) await likePost(app, fan, post);
    await likePost(app, fans[0] as Member, secondPost);
    await endEpoch(testApp);
    await testApp.app.services.rewards.distributeEpoch(1);
    // `second` shows their statistics; the author keeps theirs private (the default).
    const shown = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_settings',
      headers: second.headers,
      payload: { new_public_statistics: 'true' },
    });
    expect(shown.statusCode, shown.body).toBe(200);

    const board = (query = '', headers?: Member['headers']) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/rewards/leaderboard${query}`,
        ...(headers && { headers }),
      });
    const anonymous = (await board()).json<Leaderboard>();
    expect(anonymous.epoch).toMatchObject({ id: 1 });
    expect(anonymous.entries).toEqual([
      { rank: 1, user_id: null, username: 'Anonymous', avatar: '', score: 9, amount: '500' },
      {
        rank: 2,
        user_id: second.user.id,
        username: second.username,
        avatar: second.user.avatar,
        score: 3,
        amount: '500',
      },
    ]);
    // The author sees themself; the epoch can be named.
    const own = (await board('?epoch=1', author.headers)).json<Leaderboard>();
    expect(own.entries[0]).toMatchObject({ user_id: author.user.id, username: author.username });
    // The running epoch has no payouts yet.
    expect((await board('?epoch=2')).json<Leaderboard>()).toMatchObject({
      epoch: { id: 2 },
      entries: [],
    });

    expect((await board('?epoch=99')).statusCode).toBe(404);
    for (const query of ['?epoch=abc', '?epoch=0', '?epoch=1.5', '?epoch=-1']) {
      const bad = await board(query);
      expect(bad.statusCode, query).toBe(422);
    }

    // The author profile shows tokens earned with the statistics, and only then.
    const profile = (headers: Member['headers']) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/auth/person_information?user_id=${author.user.id}`,
        headers,
      });
    expect((await profile(second.headers)).json()).not.toHaveProperty('tokens_earned');
    expect((await profile(author.headers)).json()).toMatchObject({ tokens_earned: '500' });
    await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_settings',
      headers: author.headers,
      payload: { new_public_statistics: 'true' },
    });
    expect((await profile(second.headers)).json()).toMatchObject({ tokens_earned: '500' });
  });
});
