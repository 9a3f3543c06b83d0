import type { NotificationType, UserRole } from '@symposia/shared';
import { mayReadPost, type PostFacts } from './content-policy.js';

/**
 * Who is told of what (docs/ARCHITECTURE.md §4): never oneself, never of a post one may not see,
 * and one event is one notification. The services ask before they write; the writes themselves
 * (repositories/notification-writes.ts) honour each member's settings.
 */

/** A member who may be told: the id, and the role that decides what they may see. */
export interface Member {
  id: string;
  role?: UserRole;
}

/** What a new comment means, in the order one event is told: a reply wins over a comment. */
export type CommentNotificationType = 'reply' | 'comment' | 'mention';

export interface CommentEvent {
  /** Who wrote the comment. */
  actor: Member;
  /** The post it is on, and its author, told of a comment. */
  post: PostFacts;
  /** The author of the comment replied to; null for a top-level comment (or one gone meanwhile). */
  parentAuthor: Member | null;
  /** The members the text names with `@username` that exist (mentions.ts bounds how many). */
  mentioned: Member[];
}

export interface Recipient {
  recipientId: string;
  type: CommentNotificationType;
}

/**
 * The one rule of who is told of an event on a post, in the order the candidates are given: the
 * actor never, nobody of a post they may not see (a mention in a private post reaches no one but
 * its author), and each member once, as the first candidate naming them.
 */
function tellOnce<T extends string>(
  actor: Member,
  post: PostFacts,
  candidates: { member: Member; type: T }[],
): { recipientId: string; type: T }[] {
  const told = new Set<string>([actor.id]);
  const recipients: { recipientId: string; type: T }[] = [];
  for (const { member, type } of candidates) {
    if (told.has(member.id) || !mayReadPost(member, post)) continue;
    told.add(member.id);
    recipients.push({ recipientId: member.id, type });
  }
  return recipients;
}

/**
 * Whom a comment notifies, and as what: the author of the comment replied to (`reply`), then the
 * post's author (`comment`), then each member named (`mention`). A member who would be told
 * twice is told once, as the first of these that applies; the actor is never told; nobody is told
 * of a post they may not see (a mention in a private post reaches no one but its author).
 */
export function commentRecipients(event: CommentEvent): Recipient[] {
  const candidates: { member: Member; type: CommentNotificationType }[] = [];
  if (event.parentAuthor) candidates.push({ member: event.parentAuthor, type: 'reply' });
  candidates.push({ member: { id: event.post.authorId }, type: 'comment' });
  for (const member of event.mentioned) candidates.push({ member, type: 'mention' });
  return tellOnce(event.actor, event.post, candidates);
}

/** A post written or edited, and the members its content names with `@username` (issue 32). */
export interface PostMentionEvent {
  /** Its author, who wrote or edited it. */
  actor: Member;
  /** The post as it is now (after the edit). */
  post: PostFacts;
  /** The members its content names now that exist (mentions.ts bounds how many). */
  mentioned: Member[];
  /**
   * Before an edit: the post as it was and the members its content named then. Those already
   * told by it are not told again; absent for a new post.
   */
  before?: { post: PostFacts; mentioned: Member[] };
}

/**
 * Whom a post's `@username`s notify (`mention`), by the rule of a comment's mentions: never its
 * author, only members who may see the post. An edit tells only those it newly names, or who may
 * see it only now (made public): the ones the version before already told are not told again
 * (and the notification's key, one per post and member, keeps anyone from being told twice).
 */
export function postMentionRecipients(event: PostMentionEvent): string[] {
  const toldBefore = event.before
    ? new Set(
        postMentionRecipients({
          actor: event.actor,
          post: event.before.post,
          mentioned: event.before.mentioned,
        }),
      )
    : new Set<string>();
  return tellOnce(
    event.actor,
    event.post,
    event.mentioned.map((member) => ({ member, type: 'mention' as const })),
  )
    .map(({ recipientId }) => recipientId)
    .filter((id) => !toldBefore.has(id));
}

/**
 * Whom a like notifies: the author of what was liked (a post, or a comment on `post`), unless
 * they liked it themselves or may no longer see the post it is on. Null: nobody.
 */
export function likeRecipient(like: {
  actor: Member;
  authorId: string;
  post: PostFacts;
}): string | null {
  if (like.authorId === like.actor.id) return null;
  return mayReadPost({ id: like.authorId }, like.post) ? like.authorId : null;
}

/**
 * Whom a bounty offered on a post notifies (`bounty_offered`): its author, unless they offered it
 * or may no longer see the post. Null: nobody.
 */
export function bountyOfferedRecipient(offer: { actor: Member; post: PostFacts }): string | null {
  return likeRecipient({ actor: offer.actor, authorId: offer.post.authorId, post: offer.post });
}

/**
 * Whom an award notifies (`bounty_awarded`): the reviewer, unless they awarded it themself (a
 * moderator's own review is never eligible, but the rule does not lean on that). Null: nobody.
 */
export function bountyAwardedRecipient(award: {
  actor: Member;
  reviewerId: string;
}): string | null {
  return award.reviewerId === award.actor.id ? null : award.reviewerId;
}

/**
 * Whose live streams hear that a post was published (issue 31: the forum shows it without a
 * reload): everyone's when anyone may read it (public, neither hidden nor deleted); its author's
 * alone when only they may (private, or hidden by the moderators meanwhile) — a stream never
 * learns of a post its member may not see; nobody's once deleted. Moderators are not told of a
 * hidden post: it is not news on their forum either.
 */
export function publishedPostAudience(post: PostFacts): 'everyone' | 'author' | 'nobody' {
  if (mayReadPost(null, post)) return 'everyone';
  return mayReadPost({ id: post.authorId }, post) ? 'author' : 'nobody';
}

/**
 * Which notifications are shown only while their recipient may still see what they are about.
 * Those that quote a post or a comment (a comment, a reply, a mention, a like) leave with it —
 * deleted, hidden from the recipient by the moderators, made private — and come back with it (a
 * restore), so a notification never shows what its recipient may no longer read. A moderation
 * outcome is about that very removal and quotes the moderators, not the content; a reward is
 * about the recipient's own tokens: both stay. repositories/visibility.ts
 * (`notificationShownTo`) is the SQL form.
 */
const FOLLOWS_ITS_CONTENT: Record<NotificationType, boolean> = {
  comment: true,
  reply: true,
  mention: true,
  like: true,
  moderation: false,
  reward: false,
  review: true,
  review_response: true,
  // A bounty offered quotes the post; one awarded is about the reviewer's own tokens.
  bounty_offered: true,
  bounty_awarded: false,
  // A followed author's new post leaves with it (deleted, hidden, made private), as a like's does.
  followed_post: true,
};

export function notificationFollowsItsContent(type: NotificationType): boolean {
  return FOLLOWS_ITS_CONTENT[type];
}
