import {
  MESSAGES,
  type AuthorInfo,
  type Comment,
  type ModerationLogEntry,
  type ModerationQueueItem,
  type Notification,
  type PostDetail,
  type PostListItem,
} from '@symposia/shared';
import { expect, it } from 'vitest';
import { commentOn, withCommunity, type Community, type Member } from '../../../test/community.js';
import {
  describeEachDatabase,
  PNG_1X1,
  requestToken,
  uploadPost,
  errorBody,
  fieldError,
} from '../../../test/helpers.js';

type Viewer = 'visitor' | 'member' | 'author' | 'moderator';
const VIEWERS: Viewer[] = ['visitor', 'member', 'author', 'moderator'];

function headersOf(community: Community, viewer: Viewer) {
  return viewer === 'visitor' ? undefined : community[viewer].headers;
}

/** A member's notifications, through the API. */
async function notificationsOf(community: Community, who: Member): Promise<Notification[]> {
  const response = await community.get('/api/v1/notifications', who.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Notification[]>();
}

/** Lets the author's profile show their posts and statistics to anyone signed in. */
async function publishProfile(community: Community): Promise<void> {
  const response = await community.app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_settings',
    headers: community.author.headers,
    payload: { new_public_posts: true, new_public_statistics: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function threadOf(community: Community, postId: string, viewer: Viewer) {
  const response = await community.get(
    `/api/v1/comments/post/${postId}`,
    headersOf(community, viewer),
  );
  expect(response.statusCode, `${viewer}: ${response.body}`).toBe(200);
  return response.json<Comment[]>();
}

async function commentCount(community: Community, postId: string): Promise<number> {
  const response = await community.get(`/api/v1/media/${postId}`);
  expect(response.statusCode).toBe(200);
  return response.json<PostDetail>().comments;
}

describeEachDatabase('moderation: queue, decisions and log', (db) => {
  it('is for moderators only: 401 signed out, 403 for every member, nothing changed', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, reported } = community;
      const postId = await uploadPost(app, author.headers);
      const reportId = await reported(member, { target_type: 'post', target_id: postId });
      const calls = [
        { method: 'GET' as const, url: '/api/v1/moderation/reports' },
        { method: 'GET' as const, url: '/api/v1/moderation/reports?status=resolved' },
        { method: 'GET' as const, url: '/api/v1/moderation/log' },
        {
          method: 'POST' as const,
          url: `/api/v1/moderation/reports/${reportId}/resolve`,
          payload: { action: 'hide', note: 'Spam' },
        },
        {
          method: 'POST' as const,
          url: `/api/v1/moderation/post/${postId}/restore`,
          payload: { note: 'Fine after all' },
        },
      ];
      for (const call of calls) {
        const anonymous = await app.inject(call);
        expect(anonymous.statusCode, call.url).toBe(401);
        for (const who of [member, author, community.other]) {
          const refused = await app.inject({ ...call, headers: who.headers });
          expect(refused.statusCode, call.url).toBe(403);
          expect(refused.json()).toEqual(errorBody(MESSAGES.moderatorsOnly));
        }
      }
      const detail = await community.get(`/api/v1/media/${postId}`);
      expect(detail.json<PostDetail>().hidden).toBe(false);
      const report = await app.db
        .selectFrom('reports')
        .select('status')
        .where('id', '=', reportId)
        .executeTakeFirstOrThrow();
      expect(report.status).toBe('open');
    });
  });

  it('answers 404 for an unknown report, 409 for a resolved one, 422 for a bad decision', async () => {
    await withCommunity(db, async ({ app, author, member, moderator, reported, resolve }) => {
      const postId = await uploadPost(app, author.headers);
      const reportId = await reported(member, { target_type: 'post', target_id: postId });
      const onMember = await reported(member, { target_type: 'user', target_id: author.user.id });
      const onModerator = await reported(member, {
        target_type: 'user',
        target_id: moderator.user.id,
      });

      const unknown = await resolve('no-such-report', { action: 'dismiss', note: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(errorBody(MESSAGES.reportNotFound));
      const bad: [Record<string, unknown>, string][] = [
        [{ action: 'hide' }, 'note'],
        [{ action: 'hide', note: '   ' }, 'note'],
        [{ action: 'ban', note: 'x' }, 'action'],
        [{ action: 'suspend', note: 'x' }, 'suspend_days'],
        [{ action: 'suspend', note: 'x', suspend_days: 0 }, 'suspend_days'],
        [{ action: 'suspend', note: 'x', suspend_days: 1.5 }, 'suspend_days'],
      ];
      for (const [body, field] of bad) {
        const response = await resolve(reportId, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().errors[0].field).toBe(field);
      }
      // A member is not hidden or deleted; a moderator is not suspended.
      for (const action of ['hide', 'delete']) {
        const response = await resolve(onMember, { action, note: 'x' });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[0]).toEqual(
          fieldError('action', MESSAGES.moderationActionNotForUsers),
        );
      }
      const suspendModerator = await resolve(onModerator, {
        action: 'suspend',
        note: 'x',
        suspend_days: 3,
      });
      expect(suspendModerator.statusCode).toBe(422);
      expect(suspendModerator.json().errors[0].message).toBe(MESSAGES.cannotModerateModerator);

      expect((await resolve(reportId, { action: 'dismiss', note: 'Fine' })).statusCode).toBe(200);
      const again = await resolve(reportId, { action: 'hide', note: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(errorBody(MESSAGES.reportAlreadyResolved));
      // None of the refused decisions was logged.
      const log = await app.inject({
        method: 'GET',
        url: '/api/v1/moderation/log',
        headers: moderator.headers,
      });
      expect(log.json<ModerationLogEntry[]>().map((entry) => entry.action)).toEqual(['dismiss']);
    });
  });

  it('hides a post from all but its author (marked) and the moderators; restore brings it back', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, reported, resolve, get } = community;
      await publishProfile(community);
      const postId = await uploadPost(app, author.headers, {
        title: 'Zeolite catalysis results',
        summary: 'Pore sizes',
      });
      // Another file: a CID another public post carries stays public.
      const otherPost = await uploadPost(app, author.headers, { title: 'Another paper' }, [
        { name: 'other.png', content: Buffer.concat([PNG_1X1, Buffer.from([1])]) },
      ]);
      const like = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: member.headers,
      });
      expect(like.statusCode).toBe(200);
      const cid = (await get(`/api/v1/media/${postId}`)).json<PostDetail>().files[0]?.cid;
      expect((await get(`/ipfs/${cid}`)).statusCode).toBe(200);
      // Read once by a visitor, so the public caches hold it.
      expect((await get('/api/v1/media/list')).json<PostListItem[]>()).toHaveLength(2);
      expect((await get(`/api/v1/media/${postId}`)).statusCode).toBe(200);

      const reportId = await reported(member, { target_type: 'post', target_id: postId });
      const hidden = await resolve(reportId, { action: 'hide', note: 'Spam links' });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toEqual({
        status: 'resolved',
        outcome: 'hide',
        resolved_count: 1,
        suspended_until: null,
      });

      const sees = async (viewer: Viewer, shown: boolean) => {
        const headers = headersOf(community, viewer);
        const list = (await get('/api/v1/media/list', headers)).json<PostListItem[]>();
        const listed = list.find((post) => post.id === postId);
        expect(listed?.hidden, `list for ${viewer}`).toBe(shown ? true : undefined);
        expect(list.find((post) => post.id === otherPost)?.hidden).toBe(false);
        const search = (await get('/api/v1/media/list?search=zeolite', headers)).json<
          PostListItem[]
        >();
        expect(
          search.map((post) => post.id),
          `search for ${viewer}`,
        ).toEqual(shown ? [postId] : []);
        const detail = await get(`/api/v1/media/${postId}`, headers);
        expect(detail.statusCode, `detail for ${viewer}`).toBe(shown ? 200 : 404);
        if (shown) {
          expect(detail.json<PostDetail>().hidden).toBe(true);
          // Its files are no longer public: those who see it get signed URLs.
          expect(detail.json<PostDetail>().files[0]?.url).toContain('?token=');
        } else {
          expect(detail.json()).toEqual(errorBody(MESSAGES.postNotFoundTitle));
        }
        const thread = await get(`/api/v1/comments/post/${postId}`, headers);
        expect(thread.statusCode, `thread for ${viewer}`).toBe(shown ? 200 : 404);
        if (viewer !== 'visitor') {
          const profile = await get(
            `/api/v1/auth/person_information?user_id=${author.user.id}`,
            headers,
          );
          const info = profile.json<AuthorInfo>();
          expect(info.posts?.map((post) => post.id).sort(), `profile for ${viewer}`).toEqual(
            (shown ? [postId, otherPost] : [otherPost]).sort(),
          );
          expect(info.posts_number).toBe(shown ? 2 : 1);
          expect(info.like_received).toBe(shown ? 1 : 0);
        }
      };
      await sees('visitor', false);
      await sees('member', false);
      await sees('author', true);
      await sees('moderator', true);
      expect((await get(`/ipfs/${cid}`)).statusCode).toBe(404);
      // A hidden post takes no likes or comments, even from its author.
      const frozen = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: author.headers,
      });
      expect(frozen.statusCode).toBe(403);
      expect(frozen.json()).toEqual(errorBody(MESSAGES.hiddenByModerators));
      // Reported again by someone who cannot see it: there is nothing to report for them.
      const unseen = await community.report(community.other, {
        target_type: 'post',
        target_id: postId,
      });
      expect(unseen.statusCode).toBe(404);

      const restore = (note: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/moderation/post/${postId}/restore`,
          headers: community.moderator.headers,
          payload: { note },
        });
      const restored = await restore('The links were fine');
      expect(restored.statusCode, restored.body).toBe(204);
      for (const viewer of VIEWERS) {
        const headers = headersOf(community, viewer);
        const detail = await get(`/api/v1/media/${postId}`, headers);
        expect(detail.statusCode, viewer).toBe(200);
        expect(detail.json<PostDetail>()).toMatchObject({ hidden: false, likes: 1 });
        const search = (await get('/api/v1/media/list?search=zeolite', headers)).json<
          PostListItem[]
        >();
        expect(search.map((post) => post.id)).toEqual([postId]);
      }
      expect((await get(`/ipfs/${cid}`)).statusCode).toBe(200);
      const twice = await restore('Again');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual(errorBody(MESSAGES.notHidden));
    });
  });

  it('hides a comment: a blank place for others while replies hang from it; counts move and come back', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator, reported, resolve } = community;
      await publishProfile(community);
      const postId = await uploadPost(app, other.headers, { title: 'A thread' });
      const withReplies = await commentOn(app, author.headers, postId, 'Rude remark');
      const reply = await commentOn(app, member.headers, postId, 'Please be civil', withReplies);
      const alone = await commentOn(app, author.headers, postId, 'Spam link');
      const ownReply = await commentOn(app, author.headers, postId, 'More spam', withReplies);
      expect(await commentCount(community, postId)).toBe(4);
      // Read once by a visitor, so the shared thread is cached.
      expect(await threadOf(community, postId, 'visitor')).toHaveLength(4);

      for (const id of [withReplies, alone, ownReply]) {
        const reportId = await reported(member, { target_type: 'comment', target_id: id });
        const hidden = await resolve(reportId, { action: 'hide', note: 'Abusive' });
        expect(hidden.statusCode, hidden.body).toBe(200);
      }
      expect(await commentCount(community, postId)).toBe(1);

      for (const viewer of ['visitor', 'member'] as const) {
        const thread = await threadOf(community, postId, viewer);
        expect(
          thread.map((comment) => comment._id),
          viewer,
        ).toEqual([withReplies, reply]);
        expect(thread[0]).toMatchObject({
          deleted: true,
          hidden: false,
          content: '',
          userId: '',
          replyCount: 1,
        });
        expect(thread[1]).toMatchObject({ deleted: false, hidden: false });
      }
      // The post's author sees what everyone sees: the comments are not theirs.
      const forPostAuthor = await community.get(`/api/v1/comments/post/${postId}`, other.headers);
      expect(forPostAuthor.json<Comment[]>()).toHaveLength(2);
      for (const viewer of ['author', 'moderator'] as const) {
        const thread = await threadOf(community, postId, viewer);
        expect(
          thread.map((comment) => comment._id),
          viewer,
        ).toEqual([withReplies, reply, alone, ownReply]);
        expect(thread[0]).toMatchObject({ hidden: true, deleted: false, content: 'Rude remark' });
        expect(thread[2]).toMatchObject({ hidden: true, content: 'Spam link' });
        expect(thread[1]).toMatchObject({ hidden: false });
      }

      // Profiles: the hidden comments count for their author and the moderators only.
      const commentsPosted = async (who: Member) =>
        (
          await community.get(
            `/api/v1/auth/person_information?user_id=${author.user.id}`,
            who.headers,
          )
        ).json<AuthorInfo>().comments_post;
      expect(await commentsPosted(member)).toBe(0);
      expect(await commentsPosted(author)).toBe(3);
      expect(await commentsPosted(moderator)).toBe(3);

      // Frozen: no likes or replies; to a member it is no comment at all.
      const likeBy = (who: Member) =>
        app.inject({ method: 'POST', url: `/api/v1/comments/${alone}/like`, headers: who.headers });
      expect((await likeBy(member)).statusCode).toBe(404);
      expect((await likeBy(author)).statusCode).toBe(403);
      const replyBy = (who: Member) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/comments/create',
          headers: who.headers,
          payload: { postId, content: 'Hm', parentId: alone },
        });
      const memberReply = await replyBy(member);
      expect(memberReply.statusCode).toBe(422);
      expect(memberReply.json().errors[0]).toEqual(
        fieldError('parentId', MESSAGES.commentNotFound),
      );
      expect((await replyBy(author)).statusCode).toBe(403);

      // Its author deletes a hidden comment: it was not counted, so no count moves again.
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/comments/${alone}`,
        headers: author.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await commentCount(community, postId)).toBe(1);

      // Restored: counted and shown again.
      const restore = (id: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/moderation/comment/${id}/restore`,
          headers: moderator.headers,
          payload: { note: 'On reflection, fine' },
        });
      expect((await restore(withReplies)).statusCode).toBe(204);
      expect(await commentCount(community, postId)).toBe(2);
      const thread = await threadOf(community, postId, 'visitor');
      expect(thread[0]).toMatchObject({
        _id: withReplies,
        deleted: false,
        hidden: false,
        content: 'Rude remark',
        replyCount: 1,
      });
      expect((await restore(ownReply)).statusCode).toBe(204);
      expect(await commentCount(community, postId)).toBe(3);
      expect((await threadOf(community, postId, 'member'))[0]?.replyCount).toBe(2);
      expect(await commentsPosted(member)).toBe(2);
      const gone = await restore(alone);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(errorBody(MESSAGES.commentNotFound));
    });
  });

  it('deletes as the author would: gone for everyone, counts and threads follow', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, reported, resolve, get } = community;
      const postId = await uploadPost(app, author.headers, { title: 'To be removed' });
      const keptPost = await uploadPost(app, author.headers, { title: 'Kept' });
      const commentId = await commentOn(app, author.headers, keptPost, 'Offensive');
      await commentOn(app, member.headers, keptPost, 'Reply to the post');
      expect(await commentCount(community, keptPost)).toBe(2);

      const onComment = await reported(member, { target_type: 'comment', target_id: commentId });
      expect((await resolve(onComment, { action: 'delete', note: 'Abuse' })).statusCode).toBe(200);
      expect(await commentCount(community, keptPost)).toBe(1);
      for (const viewer of VIEWERS) {
        const thread = await threadOf(community, keptPost, viewer);
        expect(thread.map((comment) => comment._id)).not.toContain(commentId);
      }

      const onPost = await reported(member, { target_type: 'post', target_id: postId });
      expect((await resolve(onPost, { action: 'delete', note: 'Plagiarism' })).statusCode).toBe(
        200,
      );
      for (const viewer of VIEWERS) {
        const headers = headersOf(community, viewer);
        expect((await get(`/api/v1/media/${postId}`, headers)).statusCode, viewer).toBe(404);
        const list = (await get('/api/v1/media/list?include_hidden=true', headers)).json<
          PostListItem[]
        >();
        expect(list.map((post) => post.id)).not.toContain(postId);
      }
      const queue = await get(
        '/api/v1/moderation/reports?status=resolved',
        community.moderator.headers,
      );
      const removed = queue.json<ModerationQueueItem[]>().find((item) => item.target_id === postId);
      expect(removed).toMatchObject({
        outcome: 'delete',
        target: { deleted: true, title: 'To be removed' },
      });
    });
  });

  it('suspends: every session ends, sign-in is refused until the suspension ends', async () => {
    await withCommunity(db, async (community) => {
      const { app, clock, author, member, reported, resolve, get } = community;
      // A second session of the author.
      const secondToken = await requestToken(app, {
        grant_type: 'password',
        username: author.username,
        password: author.password,
      });
      expect(secondToken.statusCode).toBe(200);
      const second = { authorization: `Bearer ${secondToken.json().access_token}` };

      const reportId = await reported(member, { target_type: 'user', target_id: author.user.id });
      const suspended = await resolve(reportId, {
        action: 'suspend',
        note: 'Repeated abuse',
        suspend_days: 2,
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      const until = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString();
      expect(suspended.json()).toEqual({
        status: 'resolved',
        outcome: 'suspend',
        resolved_count: 1,
        suspended_until: until,
      });
      for (const headers of [author.headers, second]) {
        expect((await get('/api/v1/auth/me', headers)).statusCode).toBe(401);
      }
      const signIn = () =>
        requestToken(app, {
          grant_type: 'password',
          username: author.username,
          password: author.password,
        });
      const refused = await signIn();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(errorBody(MESSAGES.accountSuspended(until)));
      // A wrong password says nothing of the suspension.
      const wrong = await requestToken(app, {
        grant_type: 'password',
        username: author.username,
        password: 'not the password',
      });
      expect(wrong.statusCode).toBe(400);

      clock.advance(2 * 86_400 - 1);
      expect((await signIn()).statusCode).toBe(403);
      clock.advance(1);
      const back = await signIn();
      expect(back.statusCode, back.body).toBe(200);
      const headers = { authorization: `Bearer ${back.json().access_token}` };
      expect((await get('/api/v1/auth/me', headers)).statusCode).toBe(200);
    });
  });

  it('resolves every open report on a target at once, grouped in the queue oldest first', async () => {
    await withCommunity(db, async (community) => {
      const { app, clock, author, member, other, moderator, reported, resolve, get } = community;
      const postId = await uploadPost(app, author.headers, {
        title: 'Miracle cure',
        content: 'Drink bleach',
      });
      const laterPost = await uploadPost(app, author.headers, { title: 'Later' });
      const first = await reported(member, {
        target_type: 'post',
        target_id: postId,
        reason: 'abuse',
        note: 'Dangerous advice',
      });
      clock.advance(1);
      const second = await reported(other, { target_type: 'post', target_id: postId });
      clock.advance(1);
      const onLater = await reported(member, { target_type: 'post', target_id: laterPost });
      clock.advance(1);
      const third = await reported(moderator, {
        target_type: 'post',
        target_id: postId,
        reason: 'abuse',
      });

      const queue = await get('/api/v1/moderation/reports', moderator.headers);
      expect(queue.statusCode).toBe(200);
      const items = queue.json<ModerationQueueItem[]>();
      expect(items.map((item) => item.target_id)).toEqual([postId, laterPost]);
      expect(items[0]).toEqual({
        report_id: first,
        target_type: 'post',
        target_id: postId,
        target: {
          title: 'Miracle cure',
          text: 'Drink bleach',
          post_id: postId,
          hidden: false,
          deleted: false,
        },
        author: { id: author.user.id, username: author.username, avatar: expect.any(String) },
        report_count: 3,
        reasons: expect.arrayContaining([
          { reason: 'abuse', count: 2 },
          { reason: 'spam', count: 1 },
        ]),
        notes: [
          {
            reporter: { id: member.user.id, username: member.username, avatar: expect.any(String) },
            note: 'Dangerous advice',
            created_at: expect.any(String),
          },
        ],
        first_reported_at: expect.any(String),
        status: 'open',
        outcome: null,
      });
      expect(items[0]?.reasons).toHaveLength(2);
      expect(items[1]).toMatchObject({ report_id: onLater, report_count: 1 });
      const paged = await get('/api/v1/moderation/reports?skip=1&limit=1', moderator.headers);
      expect(paged.json<ModerationQueueItem[]>().map((item) => item.report_id)).toEqual([onLater]);

      // Resolving any one of them resolves all three.
      const resolved = await resolve(second, { action: 'hide', note: 'Health misinformation' });
      expect(resolved.json()).toMatchObject({ resolved_count: 3 });
      for (const id of [first, third]) {
        expect((await resolve(id, { action: 'dismiss', note: 'x' })).statusCode).toBe(409);
      }
      const open = (await get('/api/v1/moderation/reports', moderator.headers)).json<
        ModerationQueueItem[]
      >();
      expect(open.map((item) => item.report_id)).toEqual([onLater]);
      const done = (
        await get('/api/v1/moderation/reports?status=resolved', moderator.headers)
      ).json<ModerationQueueItem[]>();
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({
        report_id: first,
        status: 'resolved',
        outcome: 'hide',
        report_count: 3,
        target: { hidden: true },
      });

      // The author hears of it, and so does every reporter, once; the moderator does not.
      const toAuthor = await notificationsOf(community, author);
      expect(toAuthor).toEqual([
        expect.objectContaining({
          type: 'moderation',
          actor: null,
          post_id: postId,
          comment_id: null,
          excerpt: MESSAGES.moderationNotice.hide('post', 'Health misinformation'),
          read: false,
        }),
      ]);
      for (const reporter of [member, other]) {
        const told = await notificationsOf(community, reporter);
        expect(told).toEqual([
          expect.objectContaining({
            type: 'moderation',
            post_id: postId,
            excerpt: MESSAGES.reportOutcomeNotice.hide,
          }),
        ]);
      }
      expect(await notificationsOf(community, moderator)).toEqual([]);

      // A dismissal tells the reporter, not the author.
      clock.advance(1);
      expect((await resolve(onLater, { action: 'dismiss', note: 'Fine' })).statusCode).toBe(200);
      expect(await notificationsOf(community, author)).toHaveLength(1);
      expect((await notificationsOf(community, member))[0]).toMatchObject({
        excerpt: MESSAGES.reportOutcomeNotice.dismiss,
        post_id: laterPost,
      });
    });
  });

  it('takes one of two decisions made at once on one target; the other is told it is resolved', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator, reported, resolve } = community;
      const postId = await uploadPost(app, other.headers);
      const commentId = await commentOn(app, author.headers, postId, 'Spam');
      await commentOn(app, member.headers, postId, 'A reply', commentId);
      for (let round = 0; round < 3; round += 1) {
        const first = await reported(member, { target_type: 'comment', target_id: commentId });
        const second = await reported(other, { target_type: 'comment', target_id: commentId });
        const answers = await Promise.all([
          resolve(first, { action: 'hide', note: `Round ${round}` }),
          resolve(second, { action: 'hide', note: `Round ${round}, again` }),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const restored = await app.inject({
          method: 'POST',
          url: `/api/v1/moderation/comment/${commentId}/restore`,
          headers: moderator.headers,
          payload: { note: 'Next round' },
        });
        expect(restored.statusCode).toBe(204);
      }
      expect(await commentCount(community, postId)).toBe(2);
      const log = await community.get('/api/v1/moderation/log?limit=100', moderator.headers);
      expect(log.json<ModerationLogEntry[]>().map((entry) => entry.action)).toEqual(
        Array.from({ length: 3 }, () => ['restore', 'hide']).flat(),
      );
    });
  });

  it('logs every action, newest first: who, what, which target, why, when', async () => {
    await withCommunity(db, async (community) => {
      const { app, clock, author, member, moderator, reported, resolve, get } = community;
      const postId = await uploadPost(app, author.headers);
      const commentId = await commentOn(app, author.headers, postId, 'Hm');
      const dismissed = await reported(member, { target_type: 'post', target_id: postId });
      const steps: { action: string; targetType: string; targetId: string; note: string }[] = [];
      const times: string[] = [];
      const act = async (
        run: () => Promise<{ statusCode: number; body: string }>,
        step: (typeof steps)[number],
      ) => {
        clock.advance(60);
        times.push(clock.now().toISOString());
        const response = await run();
        expect(response.statusCode, response.body).toBeLessThan(300);
        steps.push(step);
      };
      await act(() => resolve(dismissed, { action: 'dismiss', note: 'Not spam' }), {
        action: 'dismiss',
        targetType: 'post',
        targetId: postId,
        note: 'Not spam',
      });
      const hideReport = await reported(member, { target_type: 'comment', target_id: commentId });
      await act(() => resolve(hideReport, { action: 'hide', note: 'Rude' }), {
        action: 'hide',
        targetType: 'comment',
        targetId: commentId,
        note: 'Rude',
      });
      await act(
        () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/moderation/comment/${commentId}/restore`,
            headers: moderator.headers,
            payload: { note: 'Context' },
          }),
        { action: 'restore', targetType: 'comment', targetId: commentId, note: 'Context' },
      );
      const deleteReport = await reported(member, { target_type: 'post', target_id: postId });
      await act(() => resolve(deleteReport, { action: 'delete', note: 'Duplicate' }), {
        action: 'delete',
        targetType: 'post',
        targetId: postId,
        note: 'Duplicate',
      });
      const suspendReport = await reported(member, {
        target_type: 'user',
        target_id: author.user.id,
      });
      await act(
        () => resolve(suspendReport, { action: 'suspend', note: 'Spammer', suspend_days: 7 }),
        { action: 'suspend', targetType: 'user', targetId: author.user.id, note: 'Spammer' },
      );

      const log = await get('/api/v1/moderation/log', moderator.headers);
      expect(log.statusCode).toBe(200);
      const entries = log.json<ModerationLogEntry[]>();
      expect(entries).toHaveLength(5);
      const newestFirst = [...steps].reverse();
      const reportIds = [suspendReport, deleteReport, null, hideReport, dismissed];
      const timesNewestFirst = [...times].reverse();
      entries.forEach((entry, index) => {
        const step = newestFirst[index];
        expect(entry).toEqual({
          id: expect.any(String),
          moderator: {
            id: moderator.user.id,
            username: moderator.username,
            avatar: expect.any(String),
          },
          action: step?.action,
          target_type: step?.targetType,
          target_id: step?.targetId,
          note: step?.note,
          report_id: reportIds[index],
          suspended_until:
            step?.action === 'suspend'
              ? new Date(Date.parse(timesNewestFirst[index] ?? '') + 7 * 86_400_000).toISOString()
              : null,
          amount: null,
          signals: null,
          created_at: timesNewestFirst[index],
        });
      });
      const page = await get('/api/v1/moderation/log?skip=1&limit=2', moderator.headers);
      expect(page.json<ModerationLogEntry[]>().map((entry) => entry.action)).toEqual([
        'delete',
        'restore',
      ]);
      // Actions taken within one instant keep their order too.
      const a = await reported(member, { target_type: 'user', target_id: moderator.user.id });
      const b = await reported(community.other, {
        target_type: 'user',
        target_id: member.user.id,
      });
      await resolve(a, { action: 'dismiss', note: 'first' });
      await resolve(b, { action: 'dismiss', note: 'second' });
      const latest = (await get('/api/v1/moderation/log?limit=2', moderator.headers)).json<
        ModerationLogEntry[]
      >();
      expect(latest.map((entry) => entry.note)).toEqual(['second', 'first']);
    });
  });
});
