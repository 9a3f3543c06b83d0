import { describe, expect, it } from 'vitest';
import {
  commentRecipients,
  likeRecipient,
  postMentionRecipients,
  publishedPostAudience,
  type PostFacts,
} from './index.js';
import { notificationFollowsItsContent } from './notification-policy.js';

const AUTHOR = { id: 'author' };
const ACTOR = { id: 'actor' };
const PARENT = { id: 'parent' };
const OTHER = { id: 'other' };

const publicPost: PostFacts = {
  authorId: AUTHOR.id,
  visibility: 'public',
  deleted: false,
  hidden: false,
};
const privatePost: PostFacts = {
  authorId: AUTHOR.id,
  visibility: 'private',
  deleted: false,
  hidden: false,
};

describe('policies: who is told of a comment', () => {
  it('a top-level comment tells the post author; a reply tells the parent author first', () => {
    expect(
      commentRecipients({ actor: ACTOR, post: publicPost, parentAuthor: null, mentioned: [] }),
    ).toEqual([{ recipientId: AUTHOR.id, type: 'comment' }]);
    expect(
      commentRecipients({ actor: ACTOR, post: publicPost, parentAuthor: PARENT, mentioned: [] }),
    ).toEqual([
      { recipientId: PARENT.id, type: 'reply' },
      { recipientId: AUTHOR.id, type: 'comment' },
    ]);
  });

  it('one event, one notification: reply before comment before mention', () => {
    expect(
      commentRecipients({
        actor: ACTOR,
        post: publicPost,
        parentAuthor: AUTHOR,
        mentioned: [AUTHOR, OTHER, OTHER],
      }),
    ).toEqual([
      { recipientId: AUTHOR.id, type: 'reply' },
      { recipientId: OTHER.id, type: 'mention' },
    ]);
    expect(
      commentRecipients({
        actor: ACTOR,
        post: publicPost,
        parentAuthor: null,
        mentioned: [AUTHOR],
      }),
    ).toEqual([{ recipientId: AUTHOR.id, type: 'comment' }]);
  });

  it('never tells the actor: own post, own comment, own name', () => {
    expect(
      commentRecipients({
        actor: AUTHOR,
        post: publicPost,
        parentAuthor: AUTHOR,
        mentioned: [AUTHOR],
      }),
    ).toEqual([]);
  });

  it('tells nobody of a post they may not see: a mention in a private post reaches no one', () => {
    expect(
      commentRecipients({
        actor: AUTHOR,
        post: privatePost,
        parentAuthor: null,
        mentioned: [OTHER, { id: 'moderator', role: 'moderator' }],
      }),
    ).toEqual([]);
    expect(
      commentRecipients({
        actor: ACTOR,
        post: { ...publicPost, deleted: true },
        parentAuthor: PARENT,
        mentioned: [OTHER],
      }),
    ).toEqual([]);
  });
});

describe('policies: who is told on a post the moderators hid', () => {
  it('its author and moderators named in a comment; other members named, nobody', () => {
    const moderator = { id: 'moderator', role: 'moderator' as const };
    expect(
      commentRecipients({
        actor: moderator,
        post: { ...publicPost, hidden: true },
        parentAuthor: null,
        mentioned: [OTHER, { id: 'moderator-2', role: 'moderator' }],
      }),
    ).toEqual([
      { recipientId: AUTHOR.id, type: 'comment' },
      { recipientId: 'moderator-2', type: 'mention' },
    ]);
  });
});

describe('policies: who is told of a like', () => {
  it('the author of what was liked, never oneself, never of a post they may not see', () => {
    expect(likeRecipient({ actor: ACTOR, authorId: AUTHOR.id, post: publicPost })).toBe(AUTHOR.id);
    expect(likeRecipient({ actor: AUTHOR, authorId: AUTHOR.id, post: publicPost })).toBeNull();
    // A comment's author on a post that became private sees it no more.
    expect(likeRecipient({ actor: AUTHOR, authorId: OTHER.id, post: privatePost })).toBeNull();
    expect(likeRecipient({ actor: OTHER, authorId: AUTHOR.id, post: privatePost })).toBe(AUTHOR.id);
  });
});

describe('which notifications leave with what they are about', () => {
  it('those quoting a post or comment do; moderation outcomes and rewards stay', () => {
    for (const type of ['comment', 'reply', 'mention', 'like'] as const) {
      expect(notificationFollowsItsContent(type), type).toBe(true);
    }
    expect(notificationFollowsItsContent('moderation')).toBe(false);
    expect(notificationFollowsItsContent('reward')).toBe(false);
  });
});

describe("policies: who is told of a post's mentions", () => {
  const MODERATOR = { id: 'moderator', role: 'moderator' as const };

  it('tells each member named once, never the author, nobody of a post they may not see', () => {
    expect(
      postMentionRecipients({
        actor: AUTHOR,
        post: publicPost,
        mentioned: [OTHER, AUTHOR, PARENT, OTHER],
      }),
    ).toEqual([OTHER.id, PARENT.id]);
    expect(
      postMentionRecipients({ actor: AUTHOR, post: privatePost, mentioned: [OTHER, MODERATOR] }),
    ).toEqual([]);
    expect(
      postMentionRecipients({
        actor: AUTHOR,
        post: { ...publicPost, hidden: true },
        mentioned: [OTHER, MODERATOR],
      }),
    ).toEqual([MODERATOR.id]);
  });

  it('an edit tells only whom it newly names, or who may see the post only now', () => {
    expect(
      postMentionRecipients({
        actor: AUTHOR,
        post: publicPost,
        mentioned: [OTHER, PARENT],
        before: { post: publicPost, mentioned: [OTHER] },
      }),
    ).toEqual([PARENT.id]);
    expect(
      postMentionRecipients({
        actor: AUTHOR,
        post: publicPost,
        mentioned: [OTHER],
        before: { post: privatePost, mentioned: [OTHER] },
      }),
    ).toEqual([OTHER.id]);
    expect(
      postMentionRecipients({
        actor: AUTHOR,
        post: privatePost,
        mentioned: [OTHER, PARENT],
        before: { post: publicPost, mentioned: [] },
      }),
    ).toEqual([]);
  });
});

describe('policies: whose streams hear that a post was published', () => {
  it('everyone of a public post; its author alone of a private or hidden one; nobody once deleted', () => {
    expect(publishedPostAudience(publicPost)).toBe('everyone');
    expect(publishedPostAudience(privatePost)).toBe('author');
    expect(publishedPostAudience({ ...publicPost, hidden: true })).toBe('author');
    expect(publishedPostAudience({ ...publicPost, deleted: true })).toBe('nobody');
    expect(publishedPostAudience({ ...privatePost, deleted: true })).toBe('nobody');
  });
});
