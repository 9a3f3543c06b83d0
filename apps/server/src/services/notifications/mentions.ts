import { mentionedUsernames } from '@symposia/shared';
import {
  postMentionRecipients,
  type Member,
  type PostFacts,
  type PostMentionEvent,
} from '../../policies/index.js';
import type { NewNotification, NotificationRepository } from '../../repositories/index.js';
import { usernameKey } from '../auth/usernames.js';
import { excerptOf } from './notification-service.js';

/**
 * `@username` in what members write — a comment, a post's content (issue 32) — read once for
 * every kind of text: which members a text names (shared/mentions.ts, which the web app links by,
 * so what is linked is what is notified), and whom that tells (policies/notification-policy.ts:
 * never the writer, only members who may see the post).
 */

/** Who the `@username`s of texts are. */
export type MentionDirectory = Pick<NotificationRepository, 'membersNamed'>;

/**
 * The members the text names that exist, in the order first named, at most
 * NOTIFICATIONS_MENTIONS_PER_TEXT of them.
 */
export function membersMentionedIn(directory: MentionDirectory, text: string): Promise<Member[]> {
  return directory.membersNamed(mentionedUsernames(text).map(usernameKey));
}

/** A post as its mentions see it: its id, title (the notification's excerpt) and content. */
export interface MentioningPost {
  id: string;
  title: string;
  content: string;
  facts: PostFacts;
}

/**
 * The `mention` notifications a post written or edited by `actor` owes
 * (`postMentionRecipients`): one per member it names, keyed `mention:post:{id}` so a member is
 * told of a post once, whatever its edits. With `before` (an edit), only those the version before
 * had not told.
 */
export async function postMentionNotices(
  directory: MentionDirectory,
  actor: Member,
  post: MentioningPost,
  at: string,
  before?: Omit<MentioningPost, 'id' | 'title'>,
): Promise<NewNotification[]> {
  const mentioned = await membersMentionedIn(directory, post.content);
  if (mentioned.length === 0) return [];
  const event: PostMentionEvent = { actor, post: post.facts, mentioned };
  if (before) {
    event.before = {
      post: before.facts,
      mentioned: await membersMentionedIn(directory, before.content),
    };
  }
  return postMentionRecipients(event).map((recipientId) => ({
    recipientId,
    type: 'mention',
    actorId: actor.id,
    postId: post.id,
    commentId: null,
    excerpt: excerptOf(post.title),
    groupKey: `mention:post:${post.id}`,
    at,
  }));
}
