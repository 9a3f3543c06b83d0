import { MESSAGES } from '@symposia/shared';
import { mayReadPost, type PostFacts } from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may follow what (issue 30; docs/ARCHITECTURE.md §4), and which posts tell an author's
 * followers. The rows of rule-table.ts (FOLLOW_RULES) write these out; follow-policy.test.ts
 * checks them.
 */

/** The member asking, or null when signed out. */
export type FollowActor = { id: string } | null;

/** The author a member asks to follow, as found: null when no member has that id or name. */
export interface FollowedAuthorFacts {
  id: string;
  /** No sign-in before this time; null when not suspended. */
  suspendedUntil: string | null;
}

export interface FollowFacts {
  /** `author`: the member found (or null); `tag`: any tag may be followed. */
  target: { type: 'author'; author: FollowedAuthorFacts | null } | { type: 'tag' };
  /** The member follows it already: following again changes nothing and is allowed. */
  alreadyFollowing: boolean;
  /** How many authors and tags the member follows now, and the most they may. */
  count: number;
  max: number;
  at: Date;
}

/**
 * May the member follow this? Signed out: 401. An author nobody is, or one suspended now: 404
 * (they are not there to follow). Oneself: 422 on `target`. Already followed: allowed (nothing
 * changes). A new follow beyond `max`: 422 on `target`.
 */
export function decideFollow(actor: FollowActor, facts: FollowFacts): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (facts.target.type === 'author') {
    const { author } = facts.target;
    if (author === null || suspendedAt(author, facts.at)) {
      return deny('not-found', MESSAGES.userNotFound);
    }
    if (author.id === actor.id) return deny('invalid', MESSAGES.cannotFollowYourself, 'target');
  }
  if (facts.alreadyFollowing) return ALLOW;
  if (facts.count >= facts.max) {
    return deny('invalid', MESSAGES.tooManyFollows(facts.max), 'target');
  }
  return ALLOW;
}

function suspendedAt(author: FollowedAuthorFacts, at: Date): boolean {
  return author.suspendedUntil !== null && at.getTime() < new Date(author.suspendedUntil).getTime();
}

/**
 * Whether a post tells its author's followers (`followed_post`): once it is published (processed)
 * and anyone may read it — public, neither hidden nor deleted. A private post tells nobody; a post
 * made public later tells them then, and a post tells them once (the repository records it).
 * Followers of its tags are never told: a tag may be on a great many posts. The SQL form, applied
 * inside the transaction that publishes or edits the post, is `postVisibleTo(null)` and the
 * published status (repositories/follow-writes.ts).
 */
export function followersToldOf(post: PostFacts & { published: boolean }): boolean {
  return post.published && mayReadPost(null, post);
}

/**
 * May `reader` read the following feed (`GET /media/list?feed=following`)? It is a member's own
 * list: signed out, 401 — clearer than an empty list, which would read as "you follow nothing".
 */
export function decideFollowingFeed(reader: FollowActor): Decision {
  return reader === null ? deny('sign-in', MESSAGES.notAuthenticated) : ALLOW;
}
