import {
  AUTHOR_ACTIVITY_LIMIT,
  ipfsPath,
  MESSAGES,
  MY_PAGE_LIST_PAGE_SIZE,
  SETTINGS_FIELDS,
  visibilitySchema,
  type AuthorActivity,
  type ModifySettingsBody,
  type MyListQuery,
  type UserCommentSummary,
  type UserLikeSummary,
  type UserPostSummary,
  type UserSettings,
} from '@symposia/shared';
import type { MailLanguage, NewMail } from '../../domain/mail.js';
import type { Viewer } from '../../domain/post.js';
import type { User, UserActivity } from '../../domain/user.js';
import { decideProfileChange, profileSectionShown } from '../../policies/index.js';
import { authorize } from '../authorize.js';
import {
  DuplicateKeyError,
  type FollowRepository,
  type PostRepository,
  type ProfileComment,
  type ProfileCounts,
  type ProfileLike,
  type ProfilePost,
  type ProfileRepository,
  type RewardRepository,
  type UserChanges,
  type UserRepository,
} from '../../repositories/index.js';
import { formatTokenAmount } from '../../chain/units.js';
import type { ContentStore } from '../../storage/index.js';
import { usernameKey } from '../auth/usernames.js';
import type { Clock } from '../clock.js';
import type { AfterWrite } from '../after-write.js';
import type { ContentVersion } from '../content-version.js';
import type { MemoryCache } from '../memory-cache.js';
import { createVersionedCache } from '../versioned-cache.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import type { UploadPart } from '../posts/post-service.js';
import type { UploadAllowance } from '../storage/upload-allowance.js';
import { normaliseAvatar, readAvatarBytes } from './avatar.js';

/** How many posts an author page lists. */
const OWN_LIST_LIMIT = 100;

/** My Page's lists, as the spec's current user carries them. */
const ownPost = ({ reviewStatus, ...post }: ProfilePost): UserPostSummary => ({
  ...post,
  visibility: visibilitySchema.parse(post.visibility),
  review_status: reviewStatus,
});
const ownComment = (comment: ProfileComment): UserCommentSummary => ({
  id: comment.id,
  postId: comment.postId,
  postTitle: comment.postTitle,
  content: comment.content,
  date: comment.date,
});
const ownLike = (like: ProfileLike): UserLikeSummary => ({
  id: like.postId,
  title: like.title,
  date: like.date,
});

/** An author as another member sees them: a section is undefined when its flag hides it. */
export interface AuthorView {
  user: User;
  profile?: { title: string; biography: string; tags: string };
  posts?: ProfilePost[];
  activity?: AuthorActivity[];
  statistics?: ProfileCounts;
  /** Tokens ever credited as rewards (units); shown with the statistics. */
  tokensEarned?: bigint;
  /** Their followers, and the authors and tags they follow (issue 30); shown with the statistics. */
  follows?: { followers: number; following: number };
  /** Whether the reader follows them: the reader's own fact, shown whatever the settings. */
  followedByReader: boolean;
  contact?: { email: string; phone: string; url: string };
}

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: {
  users: UserRepository;
  profiles: ProfileRepository;
  posts: PostRepository;
  store: ContentStore;
  now: Clock;
  /** Members' stamps, in the key of the cache only they read (GET /auth/me). */
  contentVersion: Pick<ContentVersion, 'memberStamp'>;
  /** Told what a change of the member changed, after it committed (services/after-write.ts). */
  afterWrite: AfterWrite;
  /** Avatars count against the member's uploads and storage quota like any other upload. */
  allowance: UploadAllowance;
  /** What the member earned in contribution rewards (statistics). */
  rewards: Pick<RewardRepository, 'earnedUnits'>;
  /** Their followers and follows (statistics), and whether the reader follows them. */
  follows: Pick<FollowRepository, 'countsOf' | 'followsAuthor'>;
  /** The process's cache budget (PUBLIC_CACHE_*), which My Page's first pages draw on too. */
  cache: MemoryCache;
  /** ADMIN_USERNAMES as keys: nobody renames into one (account-service.ts `register`). */
  reservedUsernames: ReadonlySet<string>;
  /** The verification message of a new email address (issue 30), queued with the change. */
  verificationMail?: (user: User, email: string, language: MailLanguage) => NewMail;
}) {
  const { users, profiles, posts, store, now, contentVersion, allowance } = deps;
  // GET /auth/me is called on every page a member opens; their counts and first pages stay the
  // same until content changes (every post, comment, like, edit, deletion or moderation bumps the
  // content version, heard from other processes too) and for at most PUBLIC_CACHE_TTL_MS, which
  // also bounds how late a reward credited meanwhile shows. Keyed by member and their stamp: only
  // they read it, and their own like moves the stamp at once (a like moves the content version
  // only once per LIKE_COUNT_INTERVAL_MS per post: services/content-version.ts).
  const ownActivity = createVersionedCache<UserActivity>({
    cache: deps.cache,
    namespace: 'own-activity',
  });

  /** Only the member changes their own profile (policies/profile-policy.ts). */
  function assertSelf(caller: User, userId: string | undefined): void {
    authorize(decideProfileChange(caller, userId));
  }

  async function apply(caller: User, changes: UserChanges, mail?: NewMail): Promise<User> {
    try {
      await users.update(caller.id, changes, now().toISOString(), mail);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new ConflictError(MESSAGES.usernameTaken);
      throw error;
    }
    // Names and avatars show on posts and comments everyone reads.
    if (changes.username !== undefined || changes.avatar !== undefined) {
      await deps.afterWrite({ profiles: [caller.id] });
    }
    const updated = await users.findById(caller.id);
    if (!updated) throw new NotFoundError(MESSAGES.userNotFound);
    return updated;
  }

  /** What the member did, as `reader` may see it. */
  async function activity(userId: string, reader: Viewer): Promise<AuthorActivity[]> {
    const limit = AUTHOR_ACTIVITY_LIMIT;
    const [own, comments, likes] = await Promise.all([
      profiles.posts(userId, reader, limit),
      profiles.comments(userId, reader, limit),
      profiles.likes(userId, reader, limit),
    ]);
    const events: AuthorActivity[] = [
      ...own.map((post) => ({
        id: post.id,
        type: 'post' as const,
        title: post.title,
        date: post.date,
      })),
      ...comments.map((comment: ProfileComment) => ({
        id: comment.postId,
        type: 'comment' as const,
        title: comment.postTitle,
        date: comment.date,
      })),
      ...likes.map((like: ProfileLike) => ({
        id: like.postId,
        type: 'like' as const,
        title: like.title,
        date: like.date,
      })),
    ];
    return events.sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  }

  /** The member's counts and the first page of each of their lists, from the database. */
  async function loadActivity(user: User): Promise<UserActivity> {
    const self = { id: user.id, role: user.role };
    const first = MY_PAGE_LIST_PAGE_SIZE;
    const [counts, own, comments, likes, earned] = await Promise.all([
      profiles.counts(user.id, self),
      profiles.posts(user.id, self, first),
      profiles.comments(user.id, self, first),
      profiles.likes(user.id, self, first),
      deps.rewards.earnedUnits(user.id),
    ]);
    return {
      stats: {
        posts: counts.posts,
        comments: counts.comments,
        likes: counts.likesGiven,
        activity_level: Math.min(100, counts.posts * 5 + counts.comments * 2 + counts.likesGiven),
        tokens_earned: formatTokenAmount(earned),
      },
      posts: own.map(ownPost),
      comments: comments.map(ownComment),
      likes: likes.map(ownLike),
    };
  }

  return {
    /**
     * What My Page shows of the member: their counts and the first page of their posts (private
     * ones included), comments and likes; the tabs page on with ownPosts, ownComments, ownLikes.
     */
    async activityOf(user: User): Promise<UserActivity> {
      const stamp = contentVersion.memberStamp(user.id);
      return ownActivity.get(`${user.id}:${stamp}`, () => loadActivity(user));
    },

    /** A page of the member's own posts, private ones included, newest first. */
    async ownPosts(user: User, page: MyListQuery): Promise<UserPostSummary[]> {
      const self = { id: user.id, role: user.role };
      return (await profiles.posts(user.id, self, page.limit, page.skip)).map(ownPost);
    },

    /** A page of the member's own comments (on posts they may still see), newest first. */
    async ownComments(user: User, page: MyListQuery): Promise<UserCommentSummary[]> {
      const self = { id: user.id, role: user.role };
      return (await profiles.comments(user.id, self, page.limit, page.skip)).map(ownComment);
    },

    /** A page of the posts the member liked (that they may still see), latest like first. */
    async ownLikes(user: User, page: MyListQuery): Promise<UserLikeSummary[]> {
      const self = { id: user.id, role: user.role };
      return (await profiles.likes(user.id, self, page.limit, page.skip)).map(ownLike);
    },

    /**
     * The author as `viewer` may see them: the author sees everything; anyone else only the
     * sections whose public_* flag is on, built from public posts only.
     */
    /** An author's profile, by id or by username (an `@username` link). */
    async authorView(
      viewer: User,
      who: { userId: string } | { username: string },
    ): Promise<AuthorView> {
      const user =
        'userId' in who
          ? await users.findById(who.userId)
          : await users.findByUsernameKey(usernameKey(who.username));
      if (!user) throw new NotFoundError(MESSAGES.userNotFound);
      const reader = { id: viewer.id, role: viewer.role };
      const shows = (flag: keyof UserSettings) => profileSectionShown(reader, user, flag);
      const [ownPosts, events, statistics, tokensEarned, follows, followedByReader] =
        await Promise.all([
          shows('public_posts') ? profiles.posts(user.id, reader, OWN_LIST_LIMIT) : undefined,
          shows('public_activities') ? activity(user.id, reader) : undefined,
          shows('public_statistics') ? profiles.counts(user.id, reader) : undefined,
          shows('public_statistics') ? deps.rewards.earnedUnits(user.id) : undefined,
          shows('public_statistics') ? deps.follows.countsOf(user.id) : undefined,
          deps.follows.followsAuthor(reader.id, user.id),
        ]);
      return {
        user,
        profile: shows('public_profile')
          ? { title: user.title, biography: user.bio, tags: user.tags }
          : undefined,
        posts: ownPosts,
        activity: events,
        statistics,
        tokensEarned,
        follows,
        followedByReader,
        contact: shows('public_contact')
          ? { email: user.email, phone: user.phone, url: user.url }
          : undefined,
      };
    },

    /**
     * Changes profile fields. A new email address is unverified and gets a verification message
     * in `client.language` (issue 30).
     */
    async modify(
      caller: User,
      userId: string | undefined,
      changes: UserChanges,
      client: { language?: MailLanguage } = {},
    ): Promise<User> {
      assertSelf(caller, userId);
      const withKey =
        changes.username === undefined
          ? changes
          : { ...changes, usernameLower: usernameKey(changes.username) };
      // A moderator's name nobody holds yet is the operator's, as at registration.
      const renamedTo = withKey.usernameLower;
      if (
        renamedTo !== undefined &&
        renamedTo !== usernameKey(caller.username) &&
        deps.reservedUsernames.has(renamedTo)
      ) {
        throw new ConflictError(MESSAGES.usernameReserved);
      }
      const email = withKey.email;
      const mail =
        email !== undefined && email !== '' && email !== caller.email
          ? deps.verificationMail?.(caller, email, client.language ?? 'en')
          : undefined;
      return apply(caller, withKey, mail);
    },

    async modifySettings(caller: User, body: ModifySettingsBody): Promise<User> {
      assertSelf(caller, body.user_id);
      const settings: Partial<UserSettings> = {};
      for (const field of SETTINGS_FIELDS) {
        const value = body[`new_${field}`];
        if (value !== undefined) settings[field] = value;
      }
      return apply(caller, { settings });
    },

    /**
     * POST /modify/modify_avatar: `user_id` and the image `new_avatar`. The image is re-encoded,
     * stored on IPFS, and its gateway URL becomes the avatar.
     */
    async setAvatar(caller: User, parts: AsyncIterable<UploadPart>): Promise<User> {
      await allowance.admit(caller);
      let image: Buffer | undefined;
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.name === 'user_id' && part.value !== '') assertSelf(caller, part.value);
        } else if (part.field === 'new_avatar' && image === undefined) {
          image = await readAvatarBytes(part.content);
        } else {
          throw new InvalidInputError([
            { field: part.field, message: 'send one image, in the field "new_avatar"' },
          ]);
        }
      }
      if (!image) {
        throw new InvalidInputError([{ field: 'new_avatar', message: 'an image is required' }]);
      }
      const webp = await normaliseAvatar(image);
      const quota = await allowance.meter(caller);
      let cid: string;
      try {
        quota.take(webp.byteLength);
        const stored = await store.importFile([webp]);
        cid = stored.cid;
        await posts.recordUpload(
          {
            cid,
            size: stored.size,
            contentType: 'image/webp',
            mediaType: 'image',
            name: 'avatar.webp',
          },
          caller.id,
          'avatar',
          now().toISOString(),
        );
        quota.commit();
      } finally {
        quota.end();
      }
      return apply(caller, { avatar: ipfsPath(cid) });
    },
  };
}
