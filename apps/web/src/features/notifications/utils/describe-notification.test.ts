import { describe, expect, it } from 'vitest';
import { MESSAGES, type Notification } from '@symposia/shared';
import { changeLanguage, i18n } from '@/lib/i18n';
import {
  actorsOf,
  describeNotification,
  moderationNotice,
  notificationTarget,
  rewardAmountOf,
  sentenceText,
  type NotificationT,
} from './describe-notification';

const base: Notification = {
  id: 'n1',
  type: 'comment',
  actor: { id: 'u1', username: 'alice', avatar: '' },
  post_id: 'p1',
  comment_id: 'c1',
  excerpt: 'Nice result',
  count: 1,
  created_at: '2026-01-02T03:04:05.000Z',
  read: false,
};

/** The lookups in the current language (English unless a test changes it). */
const t = (): NotificationT => i18n.getFixedT(null, ['notifications', 'messages']);
const describeText = (notification: Notification) =>
  sentenceText(describeNotification(t(), notification));

describe('actorsOf', () => {
  it('names one member, or the latest and how many others', () => {
    expect(sentenceText(actorsOf(t(), base))).toBe('alice');
    expect(sentenceText(actorsOf(t(), { ...base, count: 2 }))).toBe('alice and 1 other');
    expect(sentenceText(actorsOf(t(), { ...base, count: 5 }))).toBe('alice and 4 others');
    expect(sentenceText(actorsOf(t(), { ...base, actor: null }))).toBe('Someone');
  });

  it('keeps the username apart from the words around it', () => {
    expect(actorsOf(t(), { ...base, count: 5 })).toEqual([{ user: 'alice' }, ' and 4 others']);
    expect(actorsOf(t(), { ...base, actor: null })).toEqual(['Someone']);
  });
});

describe('describeNotification', () => {
  it('says what happened for the peer-review types, in English and Chinese', async () => {
    const review = { ...base, comment_id: null, excerpt: 'Quantum codes' };
    expect(describeText({ ...review, type: 'review' })).toBe('alice reviewed your post');
    expect(describeText({ ...review, type: 'review', actor: null })).toBe(
      'Your post received a review',
    );
    expect(describeText({ ...review, type: 'review_response' })).toBe(
      'alice responded to your review',
    );
    const bounty = { ...review, excerpt: '2.5' };
    expect(describeText({ ...bounty, type: 'bounty_offered' })).toBe(
      'alice offered a bounty of 2.5 tokens for reviews of your post',
    );
    expect(describeText({ ...bounty, type: 'bounty_awarded', actor: null })).toBe(
      'Your review was awarded a bounty of 2.5 tokens',
    );
    expect(notificationTarget({ ...review, type: 'review' })).toBe('/forum/detail/p1');
    await changeLanguage('zh-CN');
    expect(describeText({ ...review, type: 'bounty_awarded', actor: null, excerpt: '2.5' })).toBe(
      '你的评审获得了 2.5 个代币的悬赏',
    );
    expect(describeText({ ...review, type: 'review' })).toBe('alice评审了你的帖子');
    expect(describeText({ ...review, type: 'review_response' })).toBe('alice回应了你的评审');
  });

  it('says what happened for each type', () => {
    expect(describeText(base)).toBe('alice commented on your post');
    expect(describeText({ ...base, type: 'reply' })).toBe('alice replied to your comment');
    expect(describeText({ ...base, type: 'mention' })).toBe('alice mentioned you');
    expect(describeText({ ...base, type: 'like', count: 5, comment_id: null })).toBe(
      'alice and 4 others liked your post',
    );
    expect(describeText({ ...base, type: 'like' })).toBe('alice liked your comment');
    expect(describeText({ ...base, type: 'moderation', actor: null })).toBe(
      'A message from the moderators',
    );
  });

  it("a reward says how many tokens: 'You earned N tokens'", () => {
    const reward = {
      ...base,
      type: 'reward' as const,
      actor: null,
      post_id: null,
      comment_id: null,
    };
    expect(describeText({ ...reward, excerpt: '12.5' })).toBe('You earned 12.5 tokens');
    expect(describeText({ ...reward, excerpt: '250 tokens' })).toBe('You earned 250 tokens');
    expect(describeText({ ...reward, excerpt: '1' })).toBe('You earned 1 token');
    expect(describeText({ ...reward, excerpt: '' })).toBe('You earned a reward');
    expect(rewardAmountOf('epoch 3')).toBeNull();
  });

  it('says it in Chinese, the username kept as written', async () => {
    await changeLanguage('zh-CN', false);
    expect(
      describeNotification(t(), { ...base, type: 'like', count: 5, comment_id: null }),
    ).toEqual([{ user: 'alice' }, ' 等 4 人赞了你的帖子']);
    expect(describeText({ ...base, type: 'reply', actor: null })).toBe('有人回复了你的评论');
  });
});

describe('moderationNotice', () => {
  it("reads the server's English notice back, the moderator's note kept apart", () => {
    expect(moderationNotice(t(), MESSAGES.moderationNotice.hide('post', 'spam links'))).toEqual([
      'The moderators hid your post: ',
      { user: 'spam links' },
    ]);
    expect(sentenceText(moderationNotice(t(), MESSAGES.reportOutcomeNotice.dismiss) ?? [])).toBe(
      MESSAGES.reportOutcomeNotice.dismiss,
    );
    // The end of a suspension reads like every other time (China time).
    expect(
      sentenceText(
        moderationNotice(
          t(),
          MESSAGES.moderationNotice.suspend('2026-03-08T08:00:00.000Z', 'abuse'),
        ) ?? [],
      ),
    ).toBe('Your account is suspended until 2026-03-08 16:00: abuse');
    expect(moderationNotice(t(), 'Nice result')).toBeNull();
  });

  it('names what was hidden in Chinese', async () => {
    await changeLanguage('zh-CN', false);
    const notice = moderationNotice(t(), MESSAGES.moderationNotice.delete('comment', 'off topic'));
    expect(notice).toContainEqual({ user: 'off topic' });
    expect(sentenceText(notice ?? [])).toContain('评论');
    // A review and a response to one are named too (the server's 'review' and 'response').
    const review = moderationNotice(t(), MESSAGES.moderationNotice.hide('review', 'spam'));
    expect(sentenceText(review ?? [])).toBe('版主隐藏了你的评审：spam');
    const response = moderationNotice(t(), MESSAGES.moderationNotice.hide('response', 'rude'));
    expect(sentenceText(response ?? [])).toBe('版主隐藏了你的评审回应：rude');
  });
});

describe('notificationTarget', () => {
  it('goes to the post, scrolled to the comment when there is one', () => {
    expect(notificationTarget(base)).toBe('/forum/detail/p1#comment-c1');
    expect(notificationTarget({ ...base, comment_id: null })).toBe('/forum/detail/p1');
    expect(notificationTarget({ ...base, post_id: null, comment_id: null })).toBeNull();
  });

  it('a reward goes to the Token page, where it is claimed', () => {
    expect(
      notificationTarget({ ...base, type: 'reward', actor: null, post_id: null, comment_id: null }),
    ).toBe('/token');
  });
});
