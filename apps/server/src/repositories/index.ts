import type { AppDatabase } from '../db/index.js';
import { createFaucetRepository } from './faucet-repository.js';
import { createHealthRepository } from './health-repository.js';
import { createJobRepository } from './job-repository.js';
import { createLedgerRepository } from './ledger-repository.js';
import { createBountyRepository } from './bounty-repository.js';
import { createChainRepository } from './chain-repository.js';
import { createCommentRepository } from './comment-repository.js';
import { createLikeRepository } from './like-repository.js';
import { createModerationRepository } from './moderation-repository.js';
import { createNotificationRepository } from './notification-repository.js';
import { createNotificationStreamRepository } from './notification-stream-repository.js';
import type { Dialect } from './database.js';
import { createFileRepository } from './file-repository.js';
import { createFollowRepository } from './follow-repository.js';
import { createPostAnalysisRepository } from './post-analysis.js';
import { createPostRepository } from './post-repository.js';
import { createPostRevisionRepository } from './post-revisions.js';
import { createPostSearchRepository } from './post-search.js';
import { createRelatedRepository } from './related-repository.js';
import { createProfileRepository } from './profile-repository.js';
import { createReportRepository } from './report-repository.js';
import { createReviewRepository } from './review-repository.js';
import { createReviewQueueRepository } from './review-queue.js';
import { createRewardClaimRepository } from './reward-claim-repository.js';
import { createRewardHoldRepository } from './reward-hold-repository.js';
import { createRewardRepository } from './reward-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createStorageRepository } from './storage-repository.js';
import { createTrustRepository } from './trust-repository.js';
import { createUserRepository } from './user-repository.js';
import { createWalletRepository } from './wallet-repository.js';
import { createOidcRepository } from './oidc-repository.js';
import { createReceiptRepository } from './receipt-repository.js';
import { createMailRepository } from './mail-repository.js';
import { createEmailTokenRepository } from './email-token-repository.js';
import { createNotificationPreferencesRepository } from './notification-preferences-repository.js';
import { createNotificationMailRepository } from './notification-mail-repository.js';
import { createDigestRepository } from './digest-repository.js';

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * The services' one `posts`, written by concern: the posts themselves, their lists and search,
 * edits, what processing writes back, and files. Each module stands alone; only here are they
 * put side by side.
 */
function postRepository(db: AppDatabase, dialect: Dialect) {
  return {
    ...createPostRepository(db, dialect),
    ...createPostSearchRepository(db, dialect),
    ...createPostRevisionRepository(db, dialect),
    ...createPostAnalysisRepository(db, dialect),
    ...createFileRepository(db),
  };
}

export type PostRepository = ReturnType<typeof postRepository>;

export function createRepositories(db: AppDatabase, dialect: Dialect) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    health: createHealthRepository(db),
    posts: postRepository(db, dialect),
    related: createRelatedRepository(db, dialect),
    likes: createLikeRepository(db, dialect),
    comments: createCommentRepository(db, dialect),
    /** Peer reviews (issue 29); each write stores its post's review status. */
    reviews: createReviewRepository(db, dialect),
    /** The posts asking for review, bounties and the reader's own tags first (GET /reviews/open). */
    reviewQueue: createReviewQueueRepository(db, dialect),
    profiles: createProfileRepository(db),
    jobs: createJobRepository(db, dialect),
    /** Every outgoing token transfer (services/ledger/); faucet and rewardClaims are its kinds'. */
    ledger: createLedgerRepository(db, dialect),
    /** Review bounties (issue 29): their units move through the ledger's balance moves. */
    bounties: createBountyRepository(db, dialect),
    faucet: createFaucetRepository(),
    rewardClaims: createRewardClaimRepository(dialect),
    rewards: createRewardRepository(db, dialect),
    storage: createStorageRepository(db),
    chain: createChainRepository(db),
    notifications: createNotificationRepository(db),
    /** PostgreSQL only: live streams' places shared by several processes without Redis. */
    notificationStreams: createNotificationStreamRepository(db),
    reports: createReportRepository(db),
    moderation: createModerationRepository(db, dialect),
    rewardHolds: createRewardHoldRepository(db, dialect),
    trust: createTrustRepository(db, dialect),
    /** Wallets members proved they hold, and the challenges they sign (issue 28). */
    wallets: createWalletRepository(db, dialect),
    /** Sign-in with ORCID: flows, hand-offs and linked iDs (issue 30). */
    oidc: createOidcRepository(db, dialect),
    receipts: createReceiptRepository(db, dialect),
    /** What members follow: authors and tags (issue 30). */
    follows: createFollowRepository(db, dialect),
    /** Issue 30: the outbox of messages to send, and the single-use links they carry. */
    mail: createMailRepository(db),
    emailTokens: createEmailTokenRepository(db, dialect),
    /** Issue 30: notification preferences per kind, one-click unsubscribe, members' presence. */
    notificationPreferences: createNotificationPreferencesRepository(db),
    /** Issue 30: what immediate notification emails bring, marked emailed as they are queued. */
    notificationMail: createNotificationMailRepository(db, dialect),
    /** Issue 30: the weekly digest's recipients, sections, and its record per member. */
    digests: createDigestRepository(db, dialect),
  };
}

export { DuplicateKeyError, RowGoneError } from './errors.js';
export { EpochSealedError } from './receipt-repository.js';
export type {
  AwardState,
  ReceiptAnchor,
  ReceiptKind,
  ReceiptRepository,
  ResponseState,
  ReviewState,
} from './receipt-repository.js';
export type { RelatedPost, RelatedRepository } from './related-repository.js';
export type { QueuedPost, QueuePlace, ReviewQueueRepository } from './review-queue.js';
export type { Dialect } from './database.js';
export type { PostChanges, StoredRevision, PostVersion } from './post-revisions.js';
export type { PostListFilter } from './post-search.js';
export type { StandaloneUploadKind } from './file-references.js';
export type { StorageRepository } from './storage-repository.js';
export type { ChainRepository } from './chain-repository.js';
export { ONE_OPEN_REPORT } from './report-repository.js';
export type { OwnReport, ReportRepository } from './report-repository.js';
export type { ModerationRepository, Resolved } from './moderation-repository.js';
export type { LogEntry, QueueEntry } from './moderation-reads.js';
export type { FrozenBalance, HoldOutcome, RewardHoldRepository } from './reward-hold-repository.js';
export type {
  CommentPage,
  CommentRef,
  CommentRepository,
  ThreadPlace,
  ThreadStart,
} from './comment-repository.js';
export type {
  ProfileComment,
  ProfileCounts,
  ProfileLike,
  ProfilePost,
  ProfileRepository,
} from './profile-repository.js';
export type { LikeAction, LikeRepository } from './like-repository.js';
export type { NotificationRepository, NotificationSubject } from './notification-repository.js';
export type {
  FollowedAuthorRow,
  FollowedTagRow,
  FollowRepository,
  FollowState,
} from './follow-repository.js';
export type { NewNotification } from './notification-writes.js';
export type { FaucetRepository } from './faucet-repository.js';
export type { LedgerRepository, TokenTransfer } from './ledger-repository.js';
export type { RewardClaimRepository } from './reward-claim-repository.js';
export type {
  DistributionDecision,
  DistributionFacts,
  LeaderboardRow,
  MemberRewards,
  PayoutHistoryEntry,
  RewardRepository,
} from './reward-repository.js';
export type { HealthRepository } from './health-repository.js';
export {
  ONE_RESPONSE_PER_REVIEW,
  ONE_REVIEW_PER_REVISION,
  type NewReview,
  type ReviewPlace,
  type ReviewRepository,
} from './review-repository.js';
export type { GivenPairs, TrustMark, TrustRepository, TrustRun } from './trust-repository.js';
export type { Job, JobRepository, JobStatus, NewJob } from './job-repository.js';
export type { MailRepository, OutboxMessage } from './mail-repository.js';
export type { EmailTokenRepository, LinkRefusal, ResetAccount } from './email-token-repository.js';
export type { SessionListing, SessionRepository, SessionWithUser } from './session-repository.js';
export type { UserChanges, UserCredentials, UserRepository } from './user-repository.js';
export type {
  LinkFacts,
  StoredChallenge,
  StoredWallet,
  WalletRepository,
} from './wallet-repository.js';
export type { OidcRepository, StoredFlow, StoredHandoff } from './oidc-repository.js';
export type { NotificationPreferencesRepository } from './notification-preferences-repository.js';
export type { NotificationMailRepository } from './notification-mail-repository.js';
export type { DigestPeriod, DigestRepository } from './digest-repository.js';
