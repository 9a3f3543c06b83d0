/**
 * Every authorization rule of the server, in one place (docs/ARCHITECTURE.md §4): plain functions
 * over plain facts, with no database and no HTTP, so each rule can be read and tested as a table
 * (policies.test.ts). Services call them; routes and repositories decide nothing of the kind.
 */
export {
  COMMENT_ACTIONS,
  decideComment,
  decidePost,
  mayReadComment,
  mayReadPost,
  maySeeProcessingError,
  needsSignedFileUrls,
  POST_ACTIONS,
  postFacts,
  readsHiddenAmong,
  seesHiddenContent,
  type Actor,
  type CommentAction,
  type CommentFacts,
  type PostAction,
  type PostFacts,
  type Reader,
} from './content-policy.js';
export {
  decideBountyAward,
  decideBountyOffer,
  decideBountyReview,
  mayAwardBounty,
  type BountyAwardFacts,
  type BountyReviewFacts,
} from './bounty-policy.js';
export { ALLOW, deny, type Decision, type Denial } from './decision.js';
export {
  decideFollow,
  decideFollowingFeed,
  followersToldOf,
  type FollowActor,
  type FollowedAuthorFacts,
  type FollowFacts,
} from './follow-policy.js';
export { decideProfileChange, profileSectionShown } from './profile-policy.js';
export { claimAllowedFrom, decideRewardClaim, type Claimant } from './reward-policy.js';
export { decideReceiptProof } from './receipt-policy.js';
export {
  decideReview,
  decideReviewResponse,
  decideReviewWrite,
  isOwnReview,
  mayKnowReviewer,
  mayReadReview,
  mayReadReviewResponse,
  REVIEW_ACTIONS,
  reviewFacts,
  reviewResponseFacts,
  type ReviewAction,
  type ReviewFacts,
  type ReviewResponseFacts,
} from './review-policy.js';
export { decideSessionEnd } from './session-policy.js';
export { decideTrustMark, isTrustSeedByRole, orcidSeedWeight } from './trust-policy.js';
export {
  decideClaimReceiver,
  decideWalletLink,
  decideWalletUnlink,
  type WalletActor,
} from './wallet-policy.js';
export {
  decideModeration,
  decideReport,
  decideResolution,
  decideRestore,
  decideSignIn,
  mayModerate,
  moderationRecipients,
  decideRewardHold,
  type ModerationTargetFacts,
  type Reporter,
  type ReportTargetFacts,
} from './moderation-policy.js';
export {
  bountyAwardedRecipient,
  bountyOfferedRecipient,
  commentRecipients,
  likeRecipient,
  postMentionRecipients,
  publishedPostAudience,
  type CommentEvent,
  type CommentNotificationType,
  type Member,
  type PostMentionEvent,
  type Recipient,
} from './notification-policy.js';
