import type { AddressInfo } from 'node:net';
import type { Notification } from '@symposia/shared';
import { afterEach, expect, it } from 'vitest';
import { commentOn, withCommunity, type Community } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';
import { markRead, notificationsOf, unreadCount } from '../../../test/notifications.js';
import { openStream, type OpenStream } from '../../../test/sse.js';

const streams: OpenStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

/** The author's post, with the member's comment on it; the author's live stream, open. */
async function setUp(community: Community, postFields: Record<string, string> = {}) {
  const { app, author, member } = community;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const postId = await uploadPost(app, author.headers, { title: 'Catalysis', ...postFields });
  const stream = await openStream(base, author.headers);
  streams.push(stream);
  expect(await stream.count()).toBe(0);
  const commentId = await commentOn(app, member.headers, postId, 'Which temperature?');
  expect(await stream.count()).toBe(1);
  return { postId, commentId, stream, base };
}

const kinds = (list: Notification[]) => list.map((n) => [n.type, n.comment_id]);

describeEachDatabase('notifications of what the recipient may no longer see', (db) => {
  it('a comment deleted by its author leaves the list and the count; the stream follows', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member } = community;
      const { commentId, stream } = await setUp(community);
      expect(kinds(await notificationsOf(app, author.headers))).toEqual([['comment', commentId]]);

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/comments/${commentId}`,
        headers: member.headers,
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await notificationsOf(app, author.headers)).toEqual([]);
      expect(await unreadCount(app, author.headers)).toBe(0);
      expect(await stream.count()).toBe(0);
    });
  });

  it('a comment hidden by a moderator leaves for the post’s author, and is back when restored', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator } = community;
      const { commentId, stream } = await setUp(community);
      const reportId = await community.reported(other, {
        target_type: 'comment',
        target_id: commentId,
      });
      const hidden = await community.resolve(reportId, { action: 'hide', note: 'Spam link' });
      expect(hidden.statusCode, hidden.body).toBe(200);

      // The post's author (no moderator) may not see it: gone from the list, count and stream.
      expect(await notificationsOf(app, author.headers)).toEqual([]);
      expect(await unreadCount(app, author.headers)).toBe(0);
      expect(await stream.count()).toBe(0);
      // Marking all read passes over what is not shown: it comes back unread.
      expect((await markRead(app, author.headers, { all: true })).json()).toEqual({ count: 0 });
      // The comment's author and the reporter keep the moderators' word on it.
      expect(kinds(await notificationsOf(app, member.headers))).toEqual([
        ['moderation', commentId],
      ]);
      expect(kinds(await notificationsOf(app, other.headers))).toEqual([['moderation', commentId]]);

      const restored = await app.inject({
        method: 'POST',
        url: `/api/v1/moderation/comment/${commentId}/restore`,
        headers: moderator.headers,
        payload: { note: 'Fine after all' },
      });
      expect(restored.statusCode, restored.body).toBe(204);
      const [back, ...rest] = await notificationsOf(app, author.headers);
      expect(rest).toEqual([]);
      expect(back).toMatchObject({ type: 'comment', comment_id: commentId, read: false });
      expect(await unreadCount(app, author.headers)).toBe(1);
      expect(await stream.count()).toBe(1);
    });
  });

  it('a post made private takes others’ notifications of it along; made public, they return', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other } = community;
      const { postId } = await setUp(community);
      const mention = await commentOn(app, member.headers, postId, `@${other.username} thoughts?`);
      await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: other.headers,
      });
      expect(kinds(await notificationsOf(app, other.headers))).toEqual([['mention', mention]]);
      expect(await unreadCount(app, author.headers)).toBe(3);

      const openOther = await openStream(
        `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
        other.headers,
      );
      streams.push(openOther);
      expect(await openOther.count()).toBe(1);

      const patch = (visibility: string) =>
        app.inject({
          method: 'PATCH',
          url: `/api/v1/media/${postId}`,
          headers: author.headers,
          payload: { visibility },
        });
      expect((await patch('private')).statusCode).toBe(200);
      expect(await notificationsOf(app, other.headers)).toEqual([]);
      expect(await unreadCount(app, other.headers)).toBe(0);
      expect(await openOther.count()).toBe(0);
      // Its author still sees the post, and so what was said on it.
      expect(await unreadCount(app, author.headers)).toBe(3);

      expect((await patch('public')).statusCode).toBe(200);
      expect(kinds(await notificationsOf(app, other.headers))).toEqual([['mention', mention]]);
      expect(await openOther.count()).toBe(1);
    });
  });

  it('a post deleted by a moderator: its notifications leave, the moderators’ notice stays', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, other } = community;
      const { postId, stream } = await setUp(community);
      const reportId = await community.reported(other, { target_type: 'post', target_id: postId });
      const deleted = await community.resolve(reportId, { action: 'delete', note: 'Plagiarism' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const list = await notificationsOf(app, author.headers);
      expect(list.map((n) => [n.type, n.post_id])).toEqual([['moderation', postId]]);
      expect(await unreadCount(app, author.headers)).toBe(1);
      // The moderators' notice read, nothing is left to count: the comment's went with the post.
      const [notice] = list;
      expect((await markRead(app, author.headers, { ids: [notice?.id] })).json()).toEqual({
        count: 1,
      });
      expect(await stream.next((item) => 'event' in item && item.data === '{"count":0}')).toEqual({
        event: 'count',
        data: '{"count":0}',
      });
    });
  });
});
