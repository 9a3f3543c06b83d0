import {
  EMAIL_LINK_PATHS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PREFERENCES_QUERY,
  NOTIFICATION_TYPES,
  type NotificationKind,
} from '@symposia/shared';
import { z } from 'zod';
import type { MailLanguage } from '../../domain/mail.js';
import type { DigestPost, MailedNotification } from '../../domain/notification-email.js';
import { htmlPart, textPart, type MailBody, type MailSection } from './layout.js';
import type { MailContext, MailTemplate, RenderedMail } from './templates.js';

/**
 * The messages of notification emails (issue 30): one kind's notifications that came while the
 * member was away, and the weekly digest. What they list is a snapshot taken when they were
 * queued, stored as JSON in the message's parameters (`items`, `followed`, `community`,
 * `notifications`); every message ends with the member's preferences and its one-click
 * unsubscribe link (mail-sender.ts makes it, signed, as the message leaves).
 */

export const NOTIFICATION_EMAIL_TEMPLATE = 'notification-email';
export const DIGEST_TEMPLATE = 'notification-digest';

const mailedSchema = z.array(
  z.object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    actor: z.string().nullable(),
    count: z.number(),
    postId: z.string().nullable(),
    commentId: z.string().nullable(),
    postTitle: z.string().nullable(),
    excerpt: z.string(),
    createdAt: z.string(),
    at: z.string(),
  }),
);
const postsSchema = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    author: z.string(),
    comments: z.number(),
    validated: z.boolean(),
  }),
);

/** A list stored as JSON by the code that queued the message; anything else reads as empty. */
function listOf<T>(schema: z.ZodType<T[]>, json: string | undefined): T[] {
  try {
    const parsed = schema.safeParse(JSON.parse(json ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const isKind = (value: string | undefined): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly (string | undefined)[]).includes(value);

/** Where a notification opens: its post (at its comment), the Token page for a reward, My Page. */
function targetOf(item: MailedNotification, site: string): string {
  if (item.type === 'reward') return new URL(EMAIL_LINK_PATHS.token, site).toString();
  if (item.postId === null) return new URL(EMAIL_LINK_PATHS.myPage, site).toString();
  const url = new URL(`${EMAIL_LINK_PATHS.post}/${encodeURIComponent(item.postId)}`, site);
  if (item.commentId !== null) url.hash = `comment-${item.commentId}`;
  return url.toString();
}

const postUrl = (post: DigestPost, site: string) =>
  new URL(`${EMAIL_LINK_PATHS.post}/${encodeURIComponent(post.id)}`, site).toString();

/** My Page with its Settings open at the notification preferences. */
export function preferencesUrl(site: string): string {
  const url = new URL(EMAIL_LINK_PATHS.myPage, site);
  for (const [key, value] of Object.entries(NOTIFICATION_PREFERENCES_QUERY)) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

/** The words of one language. */
interface Words {
  kinds: Record<NotificationKind, string>;
  /** "alice", "alice and 4 others", or someone. */
  who: (item: MailedNotification) => string;
  describe: (item: MailedNotification, who: string) => string;
  greeting: (username: string) => string;
  awayIntro: string;
  several: (count: number, kind: string) => string;
  open: string;
  reason: string;
  preferences: string;
  unsubscribeKind: string;
  unsubscribeDigest: string;
  digestSubject: (days: number) => string;
  digestIntro: (days: number) => string;
  followed: string;
  community: string;
  unread: string;
  postNote: (post: DigestPost) => string;
  more: (count: number) => string;
}

/** ` “title”` in English, `《title》` in Chinese; nothing for a notification about no post. */
const titled = (title: string | null, open: string, close: string, space = ' ') =>
  title ? `${space}${open}${title}${close}` : '';

const ENGLISH: Words = {
  kinds: {
    replies: 'Replies and comments',
    mentions: 'Mentions',
    reviews: 'Reviews',
    bounties: 'Bounties',
    moderation: 'Moderation',
    rewards: 'Rewards',
    followed_posts: 'New posts of authors you follow',
    likes: 'Likes',
  },
  who: (item) => {
    const name = item.actor ?? 'Someone';
    const others = item.count - 1;
    return others <= 0 ? name : `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
  },
  describe: (item, who) => {
    const on = titled(item.postTitle, 'on “', '”');
    switch (item.type) {
      case 'comment':
        return `${who} commented on your post${titled(item.postTitle, '“', '”')}`;
      case 'reply':
        return `${who} replied to your comment${on}`;
      case 'mention':
        return `${who} mentioned you${on}`;
      case 'like':
        return item.commentId
          ? `${who} liked your comment${on}`
          : `${who} liked your post${titled(item.postTitle, '“', '”')}`;
      case 'moderation':
        return 'A message from the moderators';
      case 'reward':
        return 'You earned a reward';
      case 'review':
        return item.actor
          ? `${who} reviewed your post${titled(item.postTitle, '“', '”')}`
          : `Your post${titled(item.postTitle, '“', '”')} received a review`;
      case 'review_response':
        return `${who} responded to your review${on}`;
      case 'bounty_offered':
        return `${who} offered a bounty for reviews of your post${titled(item.postTitle, '“', '”')}`;
      case 'bounty_awarded':
        return `Your review${on} was awarded a bounty`;
      case 'followed_post':
        return `${who}, whom you follow, published${titled(item.postTitle, '“', '”')}`;
    }
  },
  greeting: (username) => `Hello ${username},`,
  awayIntro: 'While you were away from Symposia:',
  several: (count, kind) => `${count} new notifications on Symposia: ${kind}`,
  open: 'Open Symposia',
  reason: 'You get this email because of your notification preferences on Symposia.',
  preferences: 'Choose which emails you get',
  unsubscribeKind: 'Unsubscribe from these emails',
  unsubscribeDigest: 'Unsubscribe from the digest',
  digestSubject: (days) =>
    days === 7 ? 'Your weekly digest from Symposia' : 'Your digest from Symposia',
  digestIntro: (days) => `Here is what happened on Symposia in the past ${days} days.`,
  followed: 'From the authors and tags you follow',
  community: 'Across the community',
  unread: 'Your unread notifications',
  postNote: (post) =>
    [
      ...(post.comments > 0
        ? [`${post.comments} new ${post.comments === 1 ? 'comment' : 'comments'}`]
        : []),
      ...(post.validated ? ['newly validated'] : []),
    ].join(' · '),
  more: (count) => `…and ${count} more in your notifications.`,
};

const CHINESE: Words = {
  kinds: {
    replies: '回复和评论',
    mentions: '提及',
    reviews: '评审',
    bounties: '悬赏',
    moderation: '版务',
    rewards: '奖励',
    followed_posts: '关注的作者的新帖子',
    likes: '点赞',
  },
  who: (item) => {
    const name = item.actor ?? '有人';
    return item.count > 1 ? `${name} 等 ${item.count - 1} 人` : name;
  },
  describe: (item, who) => {
    const title = titled(item.postTitle, '《', '》', '');
    switch (item.type) {
      case 'comment':
        return `${who} 评论了你的帖子${title}`;
      case 'reply':
        return `${who} 在${title || '帖子'}中回复了你的评论`;
      case 'mention':
        return `${who} 在${title || '帖子'}中提到了你`;
      case 'like':
        return `${who} 赞了你的${item.commentId ? '评论' : '帖子'}${title}`;
      case 'moderation':
        return '来自版主的消息';
      case 'reward':
        return '你获得了一笔奖励';
      case 'review':
        return item.actor ? `${who} 评审了你的帖子${title}` : `你的帖子${title}收到了一篇评审`;
      case 'review_response':
        return `${who} 回应了你的评审${title}`;
      case 'bounty_offered':
        return `${who} 为你的帖子${title}的评审提供了悬赏`;
      case 'bounty_awarded':
        return `你的评审${title}获得了悬赏`;
      case 'followed_post':
        return `你关注的 ${who} 发布了新帖子${title}`;
    }
  },
  greeting: (username) => `${username}，你好：`,
  awayIntro: '你离开 Symposia 期间：',
  several: (count, kind) => `Symposia 上有 ${count} 条新通知：${kind}`,
  open: '打开 Symposia',
  reason: '你收到这封邮件，是因为你在 Symposia 的通知偏好设置。',
  preferences: '选择接收哪些邮件',
  unsubscribeKind: '退订此类邮件',
  unsubscribeDigest: '退订摘要',
  digestSubject: (days) => (days === 7 ? '你的 Symposia 每周摘要' : '你的 Symposia 摘要'),
  digestIntro: (days) => `以下是 Symposia 过去 ${days} 天的动态。`,
  followed: '你关注的作者和标签',
  community: '社区动态',
  unread: '你的未读通知',
  postNote: (post) =>
    [
      ...(post.comments > 0 ? [`${post.comments} 条新评论`] : []),
      ...(post.validated ? ['新通过验证'] : []),
    ].join(' · '),
  more: (count) => `……还有 ${count} 条，请在通知中查看。`,
};

const WORDS: Record<MailLanguage, Words> = { en: ENGLISH, 'zh-CN': CHINESE };

function notificationLine(words: Words, item: MailedNotification, site: string) {
  return {
    text: words.describe(item, words.who(item)),
    href: targetOf(item, site),
    // A comment's words, a moderator's decision, a reward's amount: what the member reads next.
    note: item.excerpt && item.excerpt !== item.postTitle ? item.excerpt : undefined,
  };
}

function rendered(body: MailBody, subject: string, context: MailContext): RenderedMail {
  return {
    subject,
    text: textPart(body, context.language, context.site),
    html: htmlPart(body, context.language, context.site, subject),
  };
}

function manage(words: Words, context: MailContext, unsubscribe: string): MailBody['manage'] {
  return {
    reason: words.reason,
    preferences: { label: words.preferences, href: preferencesUrl(context.site) },
    ...(context.unsubscribe && { unsubscribe: { label: unsubscribe, href: context.unsubscribe } }),
  };
}

/**
 * Params: `username`; `kind` (the kind's notifications it brings, which its unsubscribe turns
 * off); `items`, JSON of MailedNotification[].
 */
const notificationEmail: MailTemplate = {
  unsubscribe: (params) => (isKind(params.kind) ? params.kind : 'replies'),
  render(params, context) {
    const words = WORDS[context.language];
    const kind = isKind(params.kind) ? params.kind : 'replies';
    const items = listOf(mailedSchema, params.items);
    const lines = items.map((item) => notificationLine(words, item, context.site));
    const first = lines[0];
    const subject =
      lines.length === 1 && first ? first.text : words.several(lines.length, words.kinds[kind]);
    const body: MailBody = {
      greeting: words.greeting(params.username ?? ''),
      before: [words.awayIntro],
      sections: [{ heading: words.kinds[kind], items: lines }],
      action: { label: words.open, href: first?.href ?? context.site },
      after: [],
      manage: manage(words, context, words.unsubscribeKind),
    };
    return rendered(body, subject, context);
  },
};

/**
 * Params: `username`; `days` (the period); `followed` and `community`, JSON of DigestPost[];
 * `notifications`, JSON of MailedNotification[]; `more`, how many unread it leaves out.
 */
const digestEmail: MailTemplate = {
  unsubscribe: () => 'digest',
  render(params, context) {
    const words = WORDS[context.language];
    const days = Number(params.days ?? 7);
    const posts = (heading: string, list: DigestPost[]): MailSection[] =>
      list.length === 0
        ? []
        : [
            {
              heading,
              items: list.map((post) => ({
                text: `${post.title} — ${post.author}`,
                href: postUrl(post, context.site),
                note: words.postNote(post),
              })),
            },
          ];
    const unread = listOf(mailedSchema, params.notifications);
    const more = Number(params.more ?? 0);
    const sections: MailSection[] = [
      ...posts(words.followed, listOf(postsSchema, params.followed)),
      ...posts(words.community, listOf(postsSchema, params.community)),
      ...(unread.length === 0
        ? []
        : [
            {
              heading: words.unread,
              items: unread.map((item) => notificationLine(words, item, context.site)),
              ...(more > 0 && { more: words.more(more) }),
            },
          ]),
    ];
    const body: MailBody = {
      greeting: words.greeting(params.username ?? ''),
      before: [words.digestIntro(days)],
      sections,
      action: { label: words.open, href: new URL('/', context.site).toString() },
      after: [],
      manage: manage(words, context, words.unsubscribeDigest),
    };
    return rendered(body, words.digestSubject(days), context);
  },
};

/** The notification emails' templates, by the names the outbox stores. */
export const NOTIFICATION_MAIL_TEMPLATES: Readonly<Record<string, MailTemplate>> = {
  [NOTIFICATION_EMAIL_TEMPLATE]: notificationEmail,
  [DIGEST_TEMPLATE]: digestEmail,
};
