import { MESSAGES, type UserRole } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, PNG_1X1, signedInUser, uploadPost } from '../../test/helpers.js';
import { createRepositories } from '../repositories/index.js';
import {
  COMMENT_RULES,
  POST_RULES,
  STATES,
  VIEWERS,
  type Outcome,
  type PostState,
  type ViewerKind,
} from './rule-table.js';
import {
  COMMENT_ACTIONS,
  decideComment,
  decidePost,
  decideProfileChange,
  mayReadPost,
  POST_ACTIONS,
  profileSectionShown,
  type Actor,
  type Decision,
  type PostFacts,
} from './index.js';

const STATUS: Record<Exclude<Decision, { allowed: true }>['denial'], Outcome> = {
  'sign-in': 401,
  forbidden: 403,
  'not-found': 404,
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
        const comment = {
          authorId: AUTHOR_ID,
          deleted: state === 'deleted',
          post: postIn(state === 'private' ? 'private' : 'public'),
        };
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
      const hidden = { authorId: AUTHOR_ID, deleted: false, post: null };
      expect(outcome(decideComment(actorOf('author'), hidden, action))).toBe(404);
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
    const comment = { authorId: AUTHOR_ID, deleted: false, post: postIn('public') };
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

describeEachDatabase('policies: the shared SQL condition agrees with mayReadPost', (db) => {
  it('finds, lists and profiles exactly the posts each reader may see', async () => {
    const { app, config } = await db.buildApp();
    const repositories = createRepositories(app.db, config.database.dialect);
    const author = await signedInUser(app);
    const member = await signedInUser(app);
    const ids: Record<PostState, string> = {
      public: await uploadPost(app, author.headers, { title: 'public one' }),
      private: await uploadPost(app, author.headers, {
        title: 'private one',
        visibility: 'private',
      }),
      deleted: await uploadPost(app, author.headers, { title: 'deleted one' }, [
        { name: 'other.png', content: Buffer.concat([PNG_1X1, Buffer.from([0])]) },
      ]),
    };
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/media/${ids.deleted}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);

    const readers = {
      anonymous: null,
      member: { id: member.user.id },
      author: { id: author.user.id },
    };
    for (const [name, reader] of Object.entries(readers)) {
      const expected = STATES.filter((state) =>
        mayReadPost(reader, {
          authorId: author.user.id,
          visibility: state === 'private' ? 'private' : 'public',
          deleted: state === 'deleted',
        }),
      ).map((state) => ids[state]);
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
      const profile = await repositories.profiles.posts(author.user.id, reader, 10);
      expect(profile.map((post) => post.id).sort(), `profile for ${name}`).toEqual(
        [...expected].sort(),
      );
      const counts = await repositories.profiles.counts(author.user.id, reader);
      expect(counts.posts, `profile count for ${name}`).toBe(expected.length);
    }
  });
});
