import type { AppDatabase } from '../db/index.js';
import { createFaucetRepository } from './faucet-repository.js';
import { createHealthRepository } from './health-repository.js';
import { createJobRepository } from './job-repository.js';
import { createChainRepository } from './chain-repository.js';
import { createCommentRepository } from './comment-repository.js';
import { createLikeRepository } from './like-repository.js';
import { createModerationRepository } from './moderation-repository.js';
import { createNotificationRepository } from './notification-repository.js';
import { createPostRepository, type Dialect } from './post-repository.js';
import { createRelatedRepository } from './related-repository.js';
import { createProfileRepository } from './profile-repository.js';
import { createReportRepository } from './report-repository.js';
import { createRewardClaimRepository } from './reward-claim-repository.js';
import { createRewardRepository } from './reward-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createStorageRepository } from './storage-repository.js';
import { createUserRepository } from './user-repository.js';

export type Repositories = ReturnType<typeof createRepositories>;

export function createRepositories(db: AppDatabase, dialect: Dialect) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    health: createHealthRepository(db),
    posts: createPostRepository(db, dialect),
    related: createRelatedRepository(db, dialect),
    likes: createLikeRepository(db, dialect),
    comments: createCommentRepository(db, dialect),
    profiles: createProfileRepository(db),
    jobs: createJobRepository(db, dialect),
    faucet: createFaucetRepository(db, dialect),
    rewardClaims: createRewardClaimRepository(db, dialect),
    rewards: createRewardRepository(db, dialect),
    storage: createStorageRepository(db),
    chain: createChainRepository(db),
    notifications: createNotificationRepository(db),
    reports: createReportRepository(db),
    moderation: createModerationRepository(db, dialect),
  };
}

export { DuplicateKeyError, RowGoneError } from './errors.js';
export type { RelatedPost, RelatedRepository } from './related-repository.js';
export type {
  Dialect,
  PostChanges,
  PostListFilter,
  PostRepository,
  StoredRevision,
  PostVersion,
  StandaloneUploadKind,
} from './post-repository.js';
export type { StorageRepository } from './storage-repository.js';
export type { ChainRepository } from './chain-repository.js';
export { ONE_OPEN_REPORT } from './report-repository.js';
export type { OwnReport, ReportRepository } from './report-repository.js';
export type {
  LogEntry,
  ModerationRepository,
  QueueEntry,
  Resolved,
} from './moderation-repository.js';
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
export type { NotificationRepository } from './notification-repository.js';
export type { NewNotification } from './notification-writes.js';
export type { FaucetRepository } from './faucet-repository.js';
export type { RewardClaim, RewardClaimRepository } from './reward-claim-repository.js';
export type {
  DistributionDecision,
  DistributionFacts,
  LeaderboardRow,
  MemberRewards,
  PayoutHistoryEntry,
  RewardRepository,
} from './reward-repository.js';
export type { HealthRepository } from './health-repository.js';
export type { Job, JobRepository, JobStatus, NewJob } from './job-repository.js';
export type { SessionRepository } from './session-repository.js';
export type { UserChanges, UserRepository } from './user-repository.js';
