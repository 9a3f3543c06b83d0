import { describe, expect, it } from 'vitest';
import type { ReportTargetType } from '@symposia/shared';
import { describeEachDatabase, PNG_1X1, uniqueUsername } from '../../test/helpers.js';
import { endEpoch, likePost, rewardsCommunity } from '../../test/rewards.js';
import { createWriteGuard } from '../../test/write-guard.js';
import type { User } from '../domain/user.js';
import { createRepositories } from '../repositories/index.js';
import { createAfterWrite, type WriteChange } from './after-write.js';
import { createContentVersion } from './content-version.js';
import { createServices, type UploadPart } from './index.js';

async function* bytes(content: Buffer): AsyncIterable<Uint8Array> {
  yield content;
}

async function* parts(fields: Record<string, string>, file?: { field: string; name: string }) {
  for (const [name, value] of Object.entries(fields)) {
    yield { type: 'field', name, value } satisfies UploadPart;
  }
  if (file)
    yield { type: 'file', ...file, fileName: file.name, content: bytes(PNG_1X1) } as UploadPart;
}

/**
 * Services as the app builds them, on the app's database seen through the guard: every write
 * their repositories make is recorded, and so is every after-write step they take.
 */
async function guardedServices(testApp: Awaited<ReturnType<typeof rewardsCommunity>>['testApp']) {
  const { app, config, clock } = testApp;
  const guard = createWriteGuard();
  const repositories = createRepositories(app.db.withPlugin(guard.plugin), config.database.dialect);
  const services = createServices({ repositories, store: app.contentStore, chain: null }, config, {
    now: clock.now,
    observeWrites: guard.observe,
  });
  const watched = guard.watch({
    posts: services.posts,
    comments: services.comments,
    reviews: services.reviews,
    profiles: services.profiles,
    reports: services.reports,
    moderation: services.moderation,
    notifications: services.notifications,
    rewards: services.rewards,
  });
  const user = async (id: string) => (await repositories.users.findById(id)) as User;
  return { guard, services: watched, repositories, user };
}

describeEachDatabase('every write states what it changed, in one after-write step', (db) => {
  it('each service call that writes a content table names it after the write', async () => {
    const community = await rewardsCommunity(db, { REPORT_RATE_LIMIT_MAX: '100' });
    const { testApp, app, fans } = community;
    try {
      const { guard, services, user } = await guardedServices(testApp);
      const author = await user(community.author.user.id);
      const fan = await user(fans[0].user.id);
      const other = await user(fans[1].user.id);
      const moderator = await user(fans[2].user.id);
      const reporter = await user(community.second.user.id);
      await app.services.accounts.applyModerators([moderator.username]);
      const mod = await user(moderator.id);

      // Posts: upload, edit, like and unlike, a file stored alone.
      const { post_id: postId } = await services.posts.upload(
        author,
        parts({ title: 'Guarded' }, { field: 'file', name: 'figure.png' }),
      );
      await services.posts.edit(postId, author, { title: 'Guarded, edited' });
      await services.posts.toggleLike(postId, fan);
      await services.posts.toggleLike(postId, fan);
      await services.posts.storeSingleFile(author, parts({}, { field: 'file', name: 'alone.png' }));

      // Comments: a reply that mentions, a like, an edit, a deletion.
      const comment = await services.comments.create(fan, {
        postId,
        content: `Nice, @${author.username}`,
        imageUrl: '',
      });
      const reply = await services.comments.create(author, {
        postId,
        parentId: comment.id,
        content: 'Thanks',
        imageUrl: '',
      });
      await services.comments.toggleLike(comment.id, author);
      await services.comments.edit(comment.id, fan, 'Nice indeed');
      await services.comments.remove(reply.id, author);

      // Reviews: write, edit, answer, mark helpful, rate, delete.
      const review = await services.reviews.create(fan, postId, {
        soundness: 4,
        significance: 4,
        clarity: 4,
        reproducibility: 4,
        confidence: 4,
        recommendation: 'valid',
        summary: 'Sound.',
        strengths: '',
        weaknesses: '',
        anonymous: false,
      });
      await services.reviews.edit(review.id, fan, { clarity: 3 });
      await services.reviews.respond(review.id, author, 'Thanks');
      await services.reviews.toggleHelpful(review.id, other);
      await services.reviews.rate(review.id, author, 5);
      const dropped = await services.reviews.create(other, postId, {
        soundness: 2,
        significance: 2,
        clarity: 2,
        reproducibility: 2,
        confidence: 2,
        recommendation: 'not_valid',
        summary: 'Unsound.',
        strengths: '',
        weaknesses: '',
        anonymous: true,
      });
      await services.reviews.remove(dropped.id, other);

      // Profiles: a new name, settings, an avatar.
      await services.profiles.modify(other, other.id, { username: uniqueUsername('renamed') });
      await services.profiles.modifySettings(other, { new_public_contact: false });
      await services.profiles.setAvatar(
        other,
        parts({ user_id: other.id }, { field: 'new_avatar', name: 'me.png' }),
      );

      // Reports and every decision: dismiss, hide and restore, delete, suspend; on posts,
      // comments, reviews and their responses (a review's post has its status computed again).
      const report = (type: ReportTargetType, id: string) =>
        services.reports.create(reporter, {
          target_type: type,
          target_id: id,
          reason: 'spam',
          note: '',
        });
      const dismissed = await report('post', postId);
      await services.moderation.resolve(mod, dismissed.id, { action: 'dismiss', note: '' });
      const hidden = await report('post', postId);
      await services.moderation.resolve(mod, hidden.id, { action: 'hide', note: '' });
      await services.moderation.restore(mod, { target_type: 'post', id: postId }, { note: '' });
      const hiddenComment = await report('comment', comment.id);
      await services.moderation.resolve(mod, hiddenComment.id, { action: 'hide', note: '' });
      await services.moderation.restore(
        mod,
        { target_type: 'comment', id: comment.id },
        { note: '' },
      );
      const deleted = await report('comment', comment.id);
      await services.moderation.resolve(mod, deleted.id, { action: 'delete', note: '' });
      const hiddenReview = await report('review', review.id);
      await services.moderation.resolve(mod, hiddenReview.id, { action: 'hide', note: '' });
      await services.moderation.restore(
        mod,
        { target_type: 'review', id: review.id },
        { note: '' },
      );
      // The author's response to the review: hidden, restored, deleted.
      const hiddenResponse = await report('review_response', review.id);
      await services.moderation.resolve(mod, hiddenResponse.id, { action: 'hide', note: '' });
      await services.moderation.restore(
        mod,
        { target_type: 'review_response', id: review.id },
        { note: '' },
      );
      const deletedResponse = await report('review_response', review.id);
      await services.moderation.resolve(mod, deletedResponse.id, { action: 'delete', note: '' });
      const deletedReview = await report('review', review.id);
      await services.moderation.resolve(mod, deletedReview.id, { action: 'delete', note: '' });
      const suspended = await report('user', other.id);
      await services.moderation.resolve(mod, suspended.id, {
        action: 'suspend',
        note: '',
        suspend_days: 1,
      });
      await services.notifications.markRead(author, { all: true });

      // Rewards: an epoch's distribution tells whom it credited.
      for (const member of fans.slice(1)) await likePost(app, member, community.post);
      const [epochId] = await endEpoch(testApp);
      await services.rewards.distributeEpoch(epochId as number);

      // The author's post goes.
      await services.posts.remove(postId, author);

      expect(guard.violations).toEqual([]);
      // The scenario did reach every write path the rule is about.
      expect([...guard.writers].sort()).toEqual([
        'comments.create',
        'comments.edit',
        'comments.remove',
        'comments.toggleLike',
        'moderation.resolve',
        'moderation.restore',
        'posts.edit',
        'posts.remove',
        'posts.toggleLike',
        'posts.upload',
        'profiles.modify',
        'profiles.setAvatar',
        'reviews.create',
        'reviews.edit',
        'reviews.rate',
        'reviews.remove',
        'reviews.respond',
        'reviews.toggleHelpful',
        'rewards.distributeEpoch',
      ]);
    } finally {
      await testApp.close();
    }
  });

  it('fails a service that writes a content table without the step, or names another subject', async () => {
    const { testApp, author, post } = await rewardsCommunity(db);
    try {
      const { guard, repositories } = await guardedServices(testApp);
      // A throwaway service, as a newcomer might write one: two edits of a post, one that forgets
      // the after-write step and one that names the wrong subject, and a correct one.
      const contentVersion = createContentVersion();
      const afterWrite = createAfterWrite({ contentVersion, observe: guard.observe });
      const retitle = (title: string) =>
        repositories.posts.edit(post, { title }, new Date().toISOString());
      const throwaway = guard.watch({
        retitles: {
          async forgetful() {
            await retitle('Forgot to tell');
          },
          async wrongSubject() {
            await retitle('Told the wrong thing');
            await afterWrite({ profiles: [author.user.id] } satisfies WriteChange);
          },
          async tooEarly() {
            await afterWrite({ posts: [post] });
            await retitle('Told before the write');
          },
          async correct() {
            await retitle('Told');
            await afterWrite({ posts: [post] });
          },
        },
      });
      for (const call of ['forgetful', 'wrongSubject', 'tooEarly', 'correct'] as const) {
        await throwaway.retitles[call]();
      }
      const broken = guard.violations.map((violation) => violation.call);
      expect([...new Set(broken)]).toEqual([
        'retitles.forgetful',
        'retitles.wrongSubject',
        'retitles.tooEarly',
      ]);
      expect(guard.violations).toContainEqual({
        call: 'retitles.forgetful',
        write: { statement: 'update', table: 'posts', columns: expect.arrayContaining(['title']) },
        expected: ['posts', 'comments', 'likeCounts'],
      });
      const before = contentVersion.current();
      await afterWrite({ posts: [post] });
      expect(contentVersion.current()).toBe(before + 1);
    } finally {
      await testApp.close();
    }
  });
});

describe('the after-write step', () => {
  it('tells each cache, the gateway and the streams, in that order, once', async () => {
    const heard: string[] = [];
    const afterWrite = createAfterWrite({
      contentVersion: {
        bump: () => heard.push('bump'),
        countChanged: (postId) => heard.push(`count ${postId}`),
        memberChanged: (id) => heard.push(`member ${id}`),
      },
      files: { forget: (cids) => heard.push(`forget ${[...cids].join(',')}`) },
      notifications: {
        changed: (ids) => heard.push(`changed ${[...ids].join(',')}`),
        contentChanged: async (target) => {
          heard.push(`about ${JSON.stringify(target)}`);
        },
        sessionsEnded: (id) => heard.push(`ended ${id}`),
      },
    });
    await afterWrite({
      posts: ['p'],
      comments: ['c'],
      files: ['cid'],
      notify: ['a'],
      notificationsAbout: { postId: 'p' },
      sessionsEnded: 'm',
    });
    expect(heard).toEqual(['bump', 'forget cid', 'ended m', 'changed a', 'about {"postId":"p"}']);
    heard.length = 0;
    await afterWrite({ likeCounts: { postId: 'p', likerId: 'm' }, notify: [] });
    expect(heard).toEqual(['member m', 'count p', 'changed ']);
    heard.length = 0;
    await afterWrite({ posts: [] });
    expect(heard).toEqual([]);
  });
});
