import { MESSAGES, type UserRole } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { MODERATION_ACTIONS, type ModerationAction } from '@symposia/shared';
import { describeEachDatabase, PNG_1X1, signedInUser, uploadPost } from '../../test/helpers.js';
import { createRepositories } from '../repositories/index.js';
import {
  BOUNTY_ASKERS,
  BOUNTY_AWARD_RULES,
  BOUNTY_OFFER_RULES,
  BOUNTY_REVIEW_RULES,
  BOUNTY_REVIEWS,
  BOUNTY_STATES,
  COMMENT_RULES,
  MODERATION_RULES,
  POST_RULES,
  REPORT_RULES,
  RESOLUTION_RULES,
  RESOLUTION_TARGETS,
  REVIEW_REPORT_RULES,
  REVIEW_RESOLUTION_RULES,
  REVIEW_RESPONSE_REPORT_RULES,
  REVIEW_RESPONSE_RESOLUTION_RULES,
  REVIEW_RESPONSE_RULES,
  REVIEW_RESPONSE_STATES,
  REVIEW_RULES,
  REVIEW_STATES,
  REVIEW_VIEWERS,
  REVIEW_WRITE_RULES,
  STATES,
  VIEWERS,
  type Outcome,
  type PostState,
  type ResolutionTarget,
  type ReviewResponseState,
  type ReviewState,
  type ReviewViewerKind,
  type ViewerKind,
} from './rule-table.js';
import {
  decideBountyAward,
  decideBountyOffer,
  decideBountyReview,
  mayAwardBounty,
  COMMENT_ACTIONS,
  decideComment,
  decideModeration,
  decidePost,
  decideProfileChange,
  decideReport,
  decideResolution,
  decideRestore,
  decideReview,
  decideReviewResponse,
  decideReviewWrite,
  decideSignIn,
  mayKnowReviewer,
  mayReadComment,
  mayReadPost,
  moderationRecipients,
  needsSignedFileUrls,
  POST_ACTIONS,
  profileSectionShown,
  readsHiddenAmong,
  REVIEW_ACTIONS,
  type Actor,
  type CommentFacts,
  type Decision,
  type ModerationTargetFacts,
  type PostFacts,
  type ReviewFacts,
  type ReviewResponseFacts,
} from './index.js';

const STATUS: Record<Exclude<Decision, { allowed: true }>['denial'], Outcome> = {
  'sign-in': 401,
  forbidden: 403,
  'not-found': 404,
  invalid: 422,
};

const outcome = (decision: Decision): Outcome =>
  decision.allowed ? 'ok' : STATUS[decision.denial];

const AUTHOR_ID = 'author-1';

function actorOf(kind: ViewerKind): Actor {
  const role: UserRole = kind === 'moderator' ? 'moderator' : 'member';
  switch (kind) {
    case 'anonymous':
      return null;
    case 'author':
      return { id: AUTHOR_ID, role };
    default:
      return { id: `${kind}-1`, role };
  }
}

function postIn(state: PostState): PostFacts {
  return {
    authorId: AUTHOR_ID,
    visibility: state === 'private' ? 'private' : 'public',
    deleted: state === 'deleted',
    hidden: state === 'hidden',
  };
}

/** The author's comment in `state`; a hidden or deleted one on a public post. */
function commentIn(state: PostState): CommentFacts {
  return {
    authorId: AUTHOR_ID,
    deleted: state === 'deleted',
    hidden: state === 'hidden',
    post: postIn(state === 'private' ? 'private' : 'public'),
  };
}

describe('policies: the rule table', () => {
  for (const viewer of VIEWERS) {
    for (const state of STATES) {
      it(`posts: ${viewer} × ${state}`, () => {
        const got = Object.fromEntries(
          POST_ACTIONS.map((action) => [
            action,
            outcome(decidePost(actorOf(viewer), postIn(state), action)),
          ]),
        );
        expect(got).toEqual(POST_RULES[viewer][state]);
      });

      it(`comments: ${viewer} × ${state}`, () => {
        // The comment is the author's, on the author's post; a deleted one on a public post.
        const comment = commentIn(state);
        const got = Object.fromEntries(
          COMMENT_ACTIONS.map((action) => [
            action,
            outcome(decideComment(actorOf(viewer), comment, action)),
          ]),
        );
        expect(got).toEqual(COMMENT_RULES[viewer][state]);
      });
    }
  }

  it('answers 404 for a post or comment that does not exist, 401 first for anyone signed out', () => {
    for (const action of POST_ACTIONS) {
      expect(outcome(decidePost(actorOf('moderator'), undefined, action))).toBe(404);
      expect(outcome(decidePost(null, undefined, action))).toBe(action === 'see' ? 404 : 401);
    }
    for (const action of COMMENT_ACTIONS) {
      expect(outcome(decideComment(actorOf('author'), undefined, action))).toBe(404);
      // A comment on a post the actor cannot see (the repositories found none for them).
      const unseen = { authorId: AUTHOR_ID, deleted: false, hidden: false, post: null };
      expect(outcome(decideComment(actorOf('author'), unseen, action))).toBe(404);
    }
  });

  it('tells the person why, in the spec’s words', () => {
    const member = actorOf('member');
    expect(decidePost(member, undefined, 'see')).toMatchObject({
      message: MESSAGES.postNotFoundTitle,
    });
    expect(decidePost(member, postIn('public'), 'edit')).toMatchObject({
      message: MESSAGES.notYourPost,
    });
    expect(decidePost(member, postIn('public'), 'delete')).toMatchObject({
      message: MESSAGES.cannotDeletePost,
    });
    const comment = commentIn('public');
    expect(decideComment(member, comment, 'edit')).toMatchObject({
      message: MESSAGES.notYourComment,
    });
    expect(decideComment(member, { ...comment, deleted: true }, 'like')).toMatchObject({
      message: MESSAGES.commentNotFound,
    });
  });

  it('profiles: the owner sees every section and changes only their own profile', () => {
    const owner = {
      id: AUTHOR_ID,
      settings: {
        public_posts: false,
        public_activities: true,
        public_profile: false,
        public_statistics: false,
        public_contact: false,
      },
    };
    expect(profileSectionShown({ id: AUTHOR_ID }, owner, 'public_posts')).toBe(true);
    expect(profileSectionShown({ id: 'member-1' }, owner, 'public_posts')).toBe(false);
    expect(profileSectionShown({ id: 'member-1' }, owner, 'public_activities')).toBe(true);
    expect(profileSectionShown(null, owner, 'public_contact')).toBe(false);
    expect(outcome(decideProfileChange({ id: AUTHOR_ID }, undefined))).toBe('ok');
    expect(outcome(decideProfileChange({ id: AUTHOR_ID }, AUTHOR_ID))).toBe('ok');
    expect(outcome(decideProfileChange({ id: AUTHOR_ID }, 'member-1'))).toBe(403);
  });
});

const REVIEWER_ID = 'reviewer-1';

function reviewActor(kind: ReviewViewerKind): Actor {
  if (kind === 'reviewer') return { id: REVIEWER_ID, role: 'member' };
  return actorOf(kind);
}

/** A review by REVIEWER_ID of the author's post, in `state`. */
function reviewIn(state: ReviewState): ReviewFacts {
  return {
    reviewerId: REVIEWER_ID,
    deleted: state === 'deleted',
    hidden: state === 'hidden',
    post: postIn(state === 'private' ? 'private' : state === 'post-hidden' ? 'hidden' : 'public'),
  };
}

describe('policies: peer reviews', () => {
  for (const viewer of REVIEW_VIEWERS) {
    for (const state of REVIEW_STATES) {
      it(`reviews: ${viewer} × ${state}`, () => {
        const got = Object.fromEntries(
          REVIEW_ACTIONS.map((action) => [
            action,
            outcome(decideReview(reviewActor(viewer), reviewIn(state), action)),
          ]),
        );
        expect(got).toEqual(REVIEW_RULES[viewer][state]);
      });
    }
  }

  it('reporting a review: REVIEW_REPORT_RULES', () => {
    const rules = { at: new Date('2026-03-01T00:00:00Z'), minAccountAgeSeconds: 0 };
    for (const viewer of REVIEW_VIEWERS) {
      const actor = reviewActor(viewer);
      const reporter = actor && { ...actor, createdAt: '2026-01-01T00:00:00Z' };
      const got = Object.fromEntries(
        REVIEW_STATES.map((state) => [
          state,
          outcome(decideReport(reporter, { type: 'review', review: reviewIn(state) }, rules)),
        ]),
      );
      expect(got, viewer).toEqual(REVIEW_REPORT_RULES[viewer]);
    }
    expect(outcome(decideReport(null, { type: 'review', review: undefined }, rules))).toBe(401);
    const member = { ...actorOf('member')!, createdAt: '2026-01-01T00:00:00Z' };
    expect(decideReport(member, { type: 'review', review: undefined }, rules)).toMatchObject({
      denial: 'not-found',
    });
    expect(
      decideReport(
        { ...reviewActor('reviewer')!, createdAt: '2026-01-01T00:00:00Z' },
        { type: 'review', review: reviewIn('public') },
        rules,
      ),
    ).toMatchObject({ message: MESSAGES.reportOwnContent, field: 'target_id' });
  });

  it('moderating a review: REVIEW_RESOLUTION_RULES', () => {
    const moderator = actorOf('moderator');
    for (const state of REVIEW_STATES) {
      const review = reviewIn(state);
      const got = {
        ...Object.fromEntries(
          MODERATION_ACTIONS.map((action: ModerationAction) => [
            action,
            outcome(
              decideResolution(moderator, { type: 'review', review, authorRole: 'member' }, action),
            ),
          ]),
        ),
        restore: outcome(decideRestore(moderator, { type: 'review', review })),
      };
      expect(got, state).toEqual(REVIEW_RESOLUTION_RULES[state]);
      // Only moderators, whatever the state.
      expect(outcome(decideRestore(actorOf('member'), { type: 'review', review }))).toBe(403);
    }
    const gone = { type: 'review' as const, review: undefined, authorRole: 'member' as const };
    expect(outcome(decideResolution(moderator, gone, 'hide'))).toBe(404);
    expect(outcome(decideResolution(actorOf('member'), gone, 'dismiss'))).toBe(403);
  });

  it('writing a review: a member who sees the post, never its author', () => {
    for (const viewer of VIEWERS) {
      const got = Object.fromEntries(
        STATES.map((state) => [state, outcome(decideReviewWrite(actorOf(viewer), postIn(state)))]),
      );
      expect(got, viewer).toEqual(REVIEW_WRITE_RULES[viewer]);
    }
    expect(decideReviewWrite(actorOf('member'), undefined)).toMatchObject({ denial: 'not-found' });
    expect(decideReview(actorOf('member'), undefined, 'see')).toMatchObject({
      denial: 'not-found',
      message: MESSAGES.reviewNotFound,
    });
  });

  it('an anonymous reviewer is known to themself and the moderators only', () => {
    const anonymous = { reviewerId: REVIEWER_ID, anonymous: true };
    expect(mayKnowReviewer(null, anonymous)).toBe(false);
    expect(mayKnowReviewer(actorOf('member'), anonymous)).toBe(false);
    expect(mayKnowReviewer(actorOf('author'), anonymous)).toBe(false);
    expect(mayKnowReviewer(reviewActor('reviewer'), anonymous)).toBe(true);
    expect(mayKnowReviewer(actorOf('moderator'), anonymous)).toBe(true);
    expect(mayKnowReviewer(null, { ...anonymous, anonymous: false })).toBe(true);
  });
});

/** The post author's response to REVIEWER_ID's review of their post, in `state`. */
function responseIn(state: ReviewResponseState): ReviewResponseFacts {
  return {
    authorId: AUTHOR_ID,
    deleted: state === 'deleted',
    hidden: state === 'hidden',
    review: reviewIn(
      state === 'private' ? 'private' : state === 'review-hidden' ? 'hidden' : 'public',
    ),
  };
}

describe('policies: responses to reviews', () => {
  it('seeing a response: REVIEW_RESPONSE_RULES', () => {
    for (const viewer of REVIEW_VIEWERS) {
      const got = Object.fromEntries(
        REVIEW_RESPONSE_STATES.map((state) => [
          state,
          outcome(decideReviewResponse(reviewActor(viewer), responseIn(state))),
        ]),
      );
      expect(got, viewer).toEqual(REVIEW_RESPONSE_RULES[viewer]);
    }
    expect(decideReviewResponse(actorOf('member'), undefined)).toMatchObject({
      denial: 'not-found',
      message: MESSAGES.reviewResponseNotFound,
    });
  });

  it('reporting a response: REVIEW_RESPONSE_REPORT_RULES', () => {
    const rules = { at: new Date('2026-03-01T00:00:00Z'), minAccountAgeSeconds: 0 };
    for (const viewer of REVIEW_VIEWERS) {
      const actor = reviewActor(viewer);
      const reporter = actor && { ...actor, createdAt: '2026-01-01T00:00:00Z' };
      const got = Object.fromEntries(
        REVIEW_RESPONSE_STATES.map((state) => [
          state,
          outcome(
            decideReport(reporter, { type: 'review_response', response: responseIn(state) }, rules),
          ),
        ]),
      );
      expect(got, viewer).toEqual(REVIEW_RESPONSE_REPORT_RULES[viewer]);
    }
    const member = { ...actorOf('member')!, createdAt: '2026-01-01T00:00:00Z' };
    expect(
      decideReport(member, { type: 'review_response', response: undefined }, rules),
    ).toMatchObject({ denial: 'not-found' });
    expect(
      decideReport(
        { ...actorOf('author')!, createdAt: '2026-01-01T00:00:00Z' },
        { type: 'review_response', response: responseIn('public') },
        rules,
      ),
    ).toMatchObject({ message: MESSAGES.reportOwnContent, field: 'target_id' });
  });

  it('moderating a response: REVIEW_RESPONSE_RESOLUTION_RULES', () => {
    const moderator = actorOf('moderator');
    for (const state of REVIEW_RESPONSE_STATES) {
      const response = responseIn(state);
      const target = { type: 'review_response' as const, response, authorRole: 'member' as const };
      const got = {
        ...Object.fromEntries(
          MODERATION_ACTIONS.map((action: ModerationAction) => [
            action,
            outcome(decideResolution(moderator, target, action)),
          ]),
        ),
        restore: outcome(decideRestore(moderator, { type: 'review_response', response })),
      };
      expect(got, state).toEqual(REVIEW_RESPONSE_RESOLUTION_RULES[state]);
      // Only moderators, whatever the state.
      expect(outcome(decideRestore(actorOf('author'), { type: 'review_response', response }))).toBe(
        403,
      );
      expect(outcome(decideResolution(actorOf('member'), target, 'hide'))).toBe(403);
    }
    const gone = {
      type: 'review_response' as const,
      response: undefined,
      authorRole: 'member' as const,
    };
    expect(outcome(decideResolution(moderator, gone, 'delete'))).toBe(404);
  });
});

describe('policies: hidden content and moderation', () => {
  it('moderation is for moderators only', () => {
    for (const viewer of VIEWERS) {
      expect(outcome(decideModeration(actorOf(viewer))), viewer).toBe(MODERATION_RULES[viewer]);
      // Undoing a hide asks the same first.
      const restore = decideRestore(actorOf(viewer), { type: 'post', post: postIn('hidden') });
      expect(outcome(restore), `restore by ${viewer}`).toBe(MODERATION_RULES[viewer]);
    }
    expect(decideModeration(actorOf('member'))).toMatchObject({
      message: MESSAGES.moderatorsOnly,
    });
  });

  it('reports: what the reporter may see, never their own, not before the account is old enough', () => {
    const rules = { at: new Date('2026-03-01T00:00:00Z'), minAccountAgeSeconds: 0 };
    const reporterOf = (kind: ViewerKind) => {
      const actor = actorOf(kind);
      return actor && { ...actor, createdAt: '2026-01-01T00:00:00Z' };
    };
    for (const viewer of VIEWERS) {
      const got = Object.fromEntries(
        STATES.map((state) => [
          state,
          outcome(decideReport(reporterOf(viewer), { type: 'post', post: postIn(state) }, rules)),
        ]),
      );
      expect(got, viewer).toEqual(REPORT_RULES[viewer]);
    }
    const member = reporterOf('member');
    // Comments and members alike.
    const comment = { type: 'comment' as const, comment: commentIn('hidden') };
    expect(outcome(decideReport(member, comment, rules))).toBe(404);
    expect(outcome(decideReport(reporterOf('author'), comment, rules))).toBe(422);
    const someone = { type: 'user' as const, user: { id: AUTHOR_ID } };
    expect(outcome(decideReport(member, someone, rules))).toBe('ok');
    expect(outcome(decideReport(reporterOf('author'), someone, rules))).toBe(422);
    expect(outcome(decideReport(member, { type: 'user', user: undefined }, rules))).toBe(404);
    expect(decideReport(reporterOf('author'), someone, rules)).toMatchObject({
      message: MESSAGES.reportOwnContent,
      field: 'target_id',
    });
    // An account younger than the setting may not report yet; at its age exactly it may.
    const young = { id: 'member-1', createdAt: '2026-02-28T23:00:01Z' };
    const strict = { ...rules, minAccountAgeSeconds: 3600 };
    expect(decideReport(young, someone, strict)).toMatchObject({
      denial: 'forbidden',
      message: MESSAGES.reportAccountTooNew,
    });
    expect(outcome(decideReport(young, someone, { ...strict, minAccountAgeSeconds: 3599 }))).toBe(
      'ok',
    );
  });

  it('resolutions: a member is not hidden or deleted, a moderator not suspended', () => {
    const moderator = actorOf('moderator');
    const targetOf = (target: ResolutionTarget): ModerationTargetFacts => {
      const authorRole = target.startsWith('moderator') ? 'moderator' : 'member';
      return target.endsWith('post')
        ? { type: 'post', post: postIn('public'), authorRole }
        : { type: 'user', authorRole };
    };
    for (const target of RESOLUTION_TARGETS) {
      const got = Object.fromEntries(
        MODERATION_ACTIONS.map((action: ModerationAction) => [
          action,
          outcome(decideResolution(moderator, targetOf(target), action)),
        ]),
      );
      expect(got, target).toEqual(RESOLUTION_RULES[target]);
    }
    // Only moderators resolve; a post gone or out of their sight cannot be hidden or deleted.
    expect(outcome(decideResolution(actorOf('member'), targetOf('post'), 'dismiss'))).toBe(403);
    expect(outcome(decideResolution(null, targetOf('post'), 'dismiss'))).toBe(401);
    const gone = { type: 'post' as const, post: undefined, authorRole: 'member' as const };
    expect(outcome(decideResolution(moderator, gone, 'hide'))).toBe(404);
    expect(outcome(decideResolution(moderator, gone, 'suspend'))).toBe('ok');
    const elsewhere = { type: 'post' as const, post: postIn('private'), authorRole: null };
    expect(outcome(decideResolution(moderator, elsewhere, 'delete'))).toBe(404);
    expect(outcome(decideResolution(moderator, elsewhere, 'suspend'))).toBe(404);
    const comment = { type: 'comment' as const, comment: commentIn('hidden'), authorRole: null };
    expect(outcome(decideResolution(moderator, comment, 'delete'))).toBe('ok');
  });

  it('sees hidden content: its author and the moderators; signed file URLs for them', () => {
    const hiddenPost = postIn('hidden');
    expect(mayReadPost(null, hiddenPost)).toBe(false);
    expect(mayReadPost(actorOf('member'), hiddenPost)).toBe(false);
    expect(mayReadPost(actorOf('author'), hiddenPost)).toBe(true);
    expect(mayReadPost(actorOf('moderator'), hiddenPost)).toBe(true);
    // A moderator still gets no sight of a private post, hidden or not.
    expect(mayReadPost(actorOf('moderator'), { ...postIn('private'), hidden: true })).toBe(false);
    expect(needsSignedFileUrls(actorOf('moderator'), hiddenPost)).toBe(true);
    expect(needsSignedFileUrls(actorOf('author'), hiddenPost)).toBe(true);
    expect(needsSignedFileUrls(actorOf('member'), postIn('public'))).toBe(false);
    expect(needsSignedFileUrls(actorOf('author'), postIn('private'))).toBe(true);

    const hiddenComment = { ...commentIn('hidden'), authorId: 'writer-1' };
    expect(mayReadComment(actorOf('author'), hiddenComment)).toBe(false);
    expect(mayReadComment({ id: 'writer-1', role: 'member' }, hiddenComment)).toBe(true);
    expect(mayReadComment(actorOf('moderator'), hiddenComment)).toBe(true);
    // A comment on a hidden post: seen with the post, and frozen like it.
    const onHidden = { ...commentIn('public'), post: postIn('hidden') };
    expect(outcome(decideComment(actorOf('author'), onHidden, 'see'))).toBe('ok');
    expect(outcome(decideComment(actorOf('author'), onHidden, 'reply'))).toBe(403);
    expect(outcome(decideComment(actorOf('member'), onHidden, 'see'))).toBe(404);
    expect(decidePost(actorOf('author'), hiddenPost, 'like')).toMatchObject({
      message: MESSAGES.hiddenByModerators,
    });

    expect(readsHiddenAmong(null, [AUTHOR_ID])).toBe(false);
    expect(readsHiddenAmong(actorOf('author'), [AUTHOR_ID])).toBe(true);
    expect(readsHiddenAmong(actorOf('member'), [AUTHOR_ID])).toBe(false);
    expect(readsHiddenAmong(actorOf('moderator'), [])).toBe(true);
  });

  it('tells the author (not of a dismissal) and the reporters, never the moderator', () => {
    const moderator = { id: 'moderator-1' };
    expect(
      moderationRecipients(moderator, {
        action: 'hide',
        authorId: AUTHOR_ID,
        reporterIds: ['member-1', 'member-1', 'moderator-1', 'member-2'],
      }),
    ).toEqual({ author: AUTHOR_ID, reporters: ['member-1', 'member-2'] });
    expect(
      moderationRecipients(moderator, {
        action: 'dismiss',
        authorId: AUTHOR_ID,
        reporterIds: ['member-1'],
      }),
    ).toEqual({ author: null, reporters: ['member-1'] });
    expect(
      moderationRecipients(moderator, {
        action: 'delete',
        authorId: 'moderator-1',
        reporterIds: [],
      }),
    ).toEqual({ author: null, reporters: [] });
  });

  it('refuses sign-in while a suspension lasts, saying until when', () => {
    const until = '2026-03-08T12:00:00.000Z';
    expect(outcome(decideSignIn({ suspendedUntil: null }, new Date(until)))).toBe('ok');
    expect(decideSignIn({ suspendedUntil: until }, new Date('2026-03-08T11:59:59Z'))).toEqual({
      allowed: false,
      denial: 'forbidden',
      message: MESSAGES.accountSuspended(until),
    });
    expect(outcome(decideSignIn({ suspendedUntil: until }, new Date(until)))).toBe('ok');
  });
});

describeEachDatabase(
  'policies: the shared SQL conditions agree with mayReadPost and mayReadComment',
  (db) => {
    it('finds, lists and profiles exactly the posts and comments each reader may see', async () => {
      const { app, config } = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '100' } });
      const repositories = createRepositories(app.db, config.database.dialect);
      const author = await signedInUser(app);
      const member = await signedInUser(app);
      const moderator = await signedInUser(app);
      const upload = (state: PostState, index: number) =>
        uploadPost(
          app,
          author.headers,
          { title: `${state} one`, visibility: state === 'private' ? 'private' : 'public' },
          [{ name: 'figure.png', content: Buffer.concat([PNG_1X1, Buffer.from([index])]) }],
        );
      const ids = {} as Record<PostState, string>;
      for (const [index, state] of STATES.entries()) ids[state] = await upload(state, index);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/media/${ids.deleted}`,
        headers: author.headers,
      });
      expect(removed.statusCode).toBe(204);
      const at = new Date().toISOString();
      await app.db
        .updateTable('posts')
        .set({ hidden_at: at })
        .where('id', '=', ids.hidden)
        .execute();

      // The author's comments: on the public post (one plain, one hidden), on the private post and
      // on the hidden post.
      const comment = async (postId: string) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/comments/create',
          headers: author.headers,
          payload: { postId, content: 'A comment' },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ _id: string }>()._id;
      };
      const comments: { id: string; facts: CommentFacts }[] = [];
      const facts = (state: PostState, hidden: boolean): CommentFacts => ({
        authorId: author.user.id,
        deleted: false,
        hidden,
        post: { ...postIn(state), authorId: author.user.id },
      });
      comments.push({ id: await comment(ids.public), facts: facts('public', false) });
      const hiddenComment = await comment(ids.public);
      comments.push({ id: hiddenComment, facts: facts('public', true) });
      comments.push({ id: await comment(ids.private), facts: facts('private', false) });
      await app.db
        .updateTable('comments')
        .set({ hidden_at: at })
        .where('id', '=', hiddenComment)
        .execute();
      // Commented before it was hidden.
      const onHiddenPost = await app.db
        .selectFrom('posts')
        .select('id')
        .where('id', '=', ids.hidden)
        .executeTakeFirstOrThrow();
      await app.db
        .updateTable('posts')
        .set({ hidden_at: null })
        .where('id', '=', onHiddenPost.id)
        .execute();
      comments.push({ id: await comment(ids.hidden), facts: facts('hidden', false) });
      await app.db
        .updateTable('posts')
        .set({ hidden_at: at })
        .where('id', '=', ids.hidden)
        .execute();

      const readers = {
        anonymous: null,
        member: { id: member.user.id, role: 'member' as const },
        author: { id: author.user.id, role: 'member' as const },
        moderator: { id: moderator.user.id, role: 'moderator' as const },
      };
      for (const [name, reader] of Object.entries(readers)) {
        const factsOf = (state: PostState) => ({ ...postIn(state), authorId: author.user.id });
        const expected = STATES.filter((state) => mayReadPost(reader, factsOf(state))).map(
          (state) => ids[state],
        );
        const found = [];
        for (const state of STATES) {
          if (await repositories.posts.findVisible(ids[state], reader)) found.push(ids[state]);
        }
        expect(found.sort(), `findVisible for ${name}`).toEqual([...expected].sort());
        const listed = await repositories.posts.list({
          viewer: reader,
          includeOwnPrivate: true,
          skip: 0,
          limit: 10,
        });
        expect(listed.map((post) => post.id).sort(), `list for ${name}`).toEqual(
          [...expected].sort(),
        );
        // The forum without private posts: the public ones the reader may see.
        const forum = await repositories.posts.list({
          viewer: reader,
          includeOwnPrivate: false,
          skip: 0,
          limit: 10,
        });
        const expectedForum = STATES.filter(
          (state) => state !== 'private' && mayReadPost(reader, factsOf(state)),
        ).map((state) => ids[state]);
        expect(forum.map((post) => post.id).sort(), `forum for ${name}`).toEqual(
          [...expectedForum].sort(),
        );
        const profile = await repositories.profiles.posts(author.user.id, reader, 10);
        expect(profile.map((post) => post.id).sort(), `profile for ${name}`).toEqual(
          [...expected].sort(),
        );
        const expectedComments = comments
          .filter((each) => mayReadComment(reader, each.facts))
          .map((each) => each.id);
        const profileComments = await repositories.profiles.comments(author.user.id, reader, 10);
        expect(profileComments.map((each) => each.id).sort(), `comments for ${name}`).toEqual(
          [...expectedComments].sort(),
        );
        const counts = await repositories.profiles.counts(author.user.id, reader);
        expect(counts.posts, `profile count for ${name}`).toBe(expected.length);
        expect(counts.comments, `comment count for ${name}`).toBe(expectedComments.length);
      }
    });
  },
);

describe('bounty rules (rule-table.ts)', () => {
  const roleOf = (viewer: ViewerKind): Actor =>
    viewer === 'anonymous'
      ? null
      : { id: viewer, role: viewer === 'moderator' ? 'moderator' : 'member' };

  it('offer: BOUNTY_OFFER_RULES', () => {
    for (const viewer of VIEWERS) {
      const got = {
        balance: outcome(decideBountyOffer(roleOf(viewer), { fromPool: false })),
        pool: outcome(decideBountyOffer(roleOf(viewer), { fromPool: true })),
      };
      expect(got, viewer).toEqual(BOUNTY_OFFER_RULES[viewer]);
    }
  });

  it('award: BOUNTY_AWARD_RULES', () => {
    const askers: Record<(typeof BOUNTY_ASKERS)[number], Actor> = {
      anonymous: null,
      offerer: { id: 'offerer', role: 'member' },
      member: { id: 'member', role: 'member' },
      moderator: { id: 'moderator', role: 'moderator' },
    };
    const factsOf = (state: (typeof BOUNTY_STATES)[number]) => ({
      offererId: 'offerer',
      status: state === 'closed' ? ('closed' as const) : ('open' as const),
      pastDeadline: state.startsWith('late'),
      awarded: state === 'late-awarded' ? 1 : 0,
    });
    for (const asker of BOUNTY_ASKERS) {
      const got = Object.fromEntries(
        BOUNTY_STATES.map((state) => [
          state,
          outcome(decideBountyAward(askers[asker], factsOf(state))),
        ]),
      );
      expect(got, asker).toEqual(BOUNTY_AWARD_RULES[asker]);
      // The answer's `may_award` says the same, cell by cell.
      const offered = Object.fromEntries(
        BOUNTY_STATES.map((state) => [state, mayAwardBounty(askers[asker], factsOf(state))]),
      );
      const allowed = Object.fromEntries(
        BOUNTY_STATES.map((state) => [state, BOUNTY_AWARD_RULES[asker][state] === 'ok']),
      );
      expect(offered, asker).toEqual(allowed);
    }
  });

  it('reviews: BOUNTY_REVIEW_RULES', () => {
    const bounty = {
      postId: 'post',
      offererId: 'offerer',
      createdAt: '2030-01-01T00:00:00.000Z',
      deadline: '2030-01-15T00:00:00.000Z',
    };
    const live = {
      postId: 'post',
      reviewerId: 'reviewer',
      createdAt: '2030-01-02T00:00:00.000Z',
      deleted: false,
      hidden: false,
    };
    const reviews: Record<(typeof BOUNTY_REVIEWS)[number], typeof live | null> = {
      eligible: live,
      missing: null,
      deleted: { ...live, deleted: true },
      hidden: { ...live, hidden: true },
      'other-post': { ...live, postId: 'other' },
      'offerers-own': { ...live, reviewerId: 'offerer' },
      'before-bounty': { ...live, createdAt: '2029-12-31T00:00:00.000Z' },
      'after-deadline': { ...live, createdAt: '2030-01-16T00:00:00.000Z' },
    };
    for (const kind of BOUNTY_REVIEWS) {
      expect(outcome(decideBountyReview({ review: reviews[kind], bounty })), kind).toBe(
        BOUNTY_REVIEW_RULES[kind],
      );
    }
  });
});
