import { describe, expect, it } from 'vitest';
import type { Notification } from '@symposia/shared';
import {
  actorsOf,
  describeNotification,
  notificationTarget,
  rewardAmountOf,
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

describe('actorsOf', () => {
  it('names one member, or the latest and how many others', () => {
    expect(actorsOf(base)).toBe('alice');
    expect(actorsOf({ ...base, count: 2 })).toBe('alice and 1 other');
    expect(actorsOf({ ...base, count: 5 })).toBe('alice and 4 others');
    expect(actorsOf({ ...base, actor: null })).toBe('Someone');
  });
});

describe('describeNotification', () => {
  it('says what happened for each type', () => {
    expect(describeNotification(base)).toBe('alice commented on your post');
    expect(describeNotification({ ...base, type: 'reply' })).toBe('alice replied to your comment');
    expect(describeNotification({ ...base, type: 'mention' })).toBe('alice mentioned you');
    expect(describeNotification({ ...base, type: 'like', count: 5, comment_id: null })).toBe(
      'alice and 4 others liked your post',
    );
    expect(describeNotification({ ...base, type: 'like' })).toBe('alice liked your comment');
    expect(describeNotification({ ...base, type: 'moderation', actor: null })).toBe(
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
    expect(describeNotification({ ...reward, excerpt: '12.5' })).toBe('You earned 12.5 tokens');
    expect(describeNotification({ ...reward, excerpt: '250 tokens' })).toBe(
      'You earned 250 tokens',
    );
    expect(describeNotification({ ...reward, excerpt: '1' })).toBe('You earned 1 token');
    expect(describeNotification({ ...reward, excerpt: '' })).toBe('You earned a reward');
    expect(rewardAmountOf('epoch 3')).toBeNull();
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
