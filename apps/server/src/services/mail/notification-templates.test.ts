import { describe, expect, it } from 'vitest';
import type { DigestPost, MailedNotification } from '../../domain/notification-email.js';
import {
  DIGEST_TEMPLATE,
  NOTIFICATION_EMAIL_TEMPLATE,
  NOTIFICATION_MAIL_TEMPLATES,
} from './notification-templates.js';

/**
 * The notification emails' templates on their own (issue 30): both parts in both languages,
 * every link and what members wrote escaped in HTML, the unsubscribe link where it is given. The
 * messages as they arrive are the SMTP suites' (routes/notifications/*.test.ts).
 */

const SITE = 'https://symposia.test';
const UNSUBSCRIBE = `${SITE}/api/v1/notifications/unsubscribe?token=u.replies.x`;
const HOSTILE = '<img src=x onerror=alert(1)>';

const item = (overrides: Partial<MailedNotification> = {}): MailedNotification => ({
  id: 'n1',
  type: 'reply',
  actor: 'bob',
  count: 1,
  postId: 'p1',
  commentId: 'c1',
  postTitle: 'Folding',
  excerpt: 'Which force field?',
  createdAt: '2025-01-13T08:00:00.000Z',
  at: '2025-01-13T08:00:00.000Z',
  ...overrides,
});

const post = (overrides: Partial<DigestPost> = {}): DigestPost => ({
  id: 'p2',
  title: 'Community notes',
  author: 'gil',
  comments: 3,
  validated: true,
  ...overrides,
});

const render = (
  name: string,
  params: Record<string, string>,
  language: 'en' | 'zh-CN' = 'en',
  unsubscribe: string | null = UNSUBSCRIBE,
) =>
  NOTIFICATION_MAIL_TEMPLATES[name]!.render(params, {
    language,
    site: SITE,
    link: null,
    unsubscribe,
  });

describe('notification email templates', () => {
  it('name what each unsubscribes from: the kind of the message, or the digest', () => {
    expect(
      NOTIFICATION_MAIL_TEMPLATES[NOTIFICATION_EMAIL_TEMPLATE]!.unsubscribe!({ kind: 'mentions' }),
    ).toBe('mentions');
    expect(NOTIFICATION_MAIL_TEMPLATES[DIGEST_TEMPLATE]!.unsubscribe!({})).toBe('digest');
  });

  it('write one notification as the subject, several as a count, in English and Chinese', () => {
    const one = render(NOTIFICATION_EMAIL_TEMPLATE, {
      username: 'ada',
      kind: 'replies',
      items: JSON.stringify([item()]),
    });
    expect(one.subject).toBe('bob replied to your comment on “Folding”');
    expect(one.text).toContain(`${SITE}/forum/detail/p1#comment-c1`);
    expect(one.text).toContain(`Unsubscribe from these emails: ${UNSUBSCRIBE}`);
    expect(one.html).toContain(`href="${UNSUBSCRIBE}"`);

    const several = render(
      NOTIFICATION_EMAIL_TEMPLATE,
      {
        username: 'ada',
        kind: 'replies',
        items: JSON.stringify([item(), item({ id: 'n2', type: 'comment', actor: 'cy', count: 3 })]),
      },
      'zh-CN',
    );
    expect(several.subject).toBe('Symposia 上有 2 条新通知：回复和评论');
    expect(several.text).toContain('cy 等 2 人 评论了你的帖子《Folding》');
    expect(several.html).toContain('<html lang="zh-CN">');
  });

  it('escape what members wrote in HTML and keep it as written in the text', () => {
    const mail = render(NOTIFICATION_EMAIL_TEMPLATE, {
      username: HOSTILE,
      kind: 'mentions',
      items: JSON.stringify([item({ type: 'mention', postTitle: HOSTILE, excerpt: HOSTILE })]),
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain(HOSTILE);
  });

  it('lay out the digest: the sections it has, in order, and how many more notifications wait', () => {
    const mail = render(DIGEST_TEMPLATE, {
      username: 'ada',
      days: '7',
      followed: JSON.stringify([post({ id: 'p1', title: 'Folding', validated: false })]),
      community: JSON.stringify([post()]),
      notifications: JSON.stringify([item({ type: 'like', commentId: null })]),
      more: '4',
    });
    expect(mail.subject).toBe('Your weekly digest from Symposia');
    const text = mail.text;
    expect(text.indexOf('From the authors and tags you follow')).toBeLessThan(
      text.indexOf('Across the community'),
    );
    expect(text).toContain('- Folding — gil (3 new comments)');
    expect(text).toContain('- Community notes — gil (3 new comments · newly validated)');
    expect(text).toContain('bob liked your post “Folding”');
    expect(text).toContain('…and 4 more in your notifications.');
    expect(text).toContain(`Unsubscribe from the digest: ${UNSUBSCRIBE}`);

    const bare = render(
      DIGEST_TEMPLATE,
      { username: 'ada', days: '14', community: JSON.stringify([post()]) },
      'zh-CN',
      null,
    );
    expect(bare.subject).toBe('你的 Symposia 摘要');
    expect(bare.text).toContain('社区动态');
    expect(bare.text).not.toContain('你关注的作者和标签');
    expect(bare.text).not.toContain('退订摘要');
    // Parameters that are not what was queued read as nothing, never as an error.
    expect(render(DIGEST_TEMPLATE, { followed: '{oops', community: '[1]' }).text).not.toContain(
      'Across the community',
    );
  });
});
