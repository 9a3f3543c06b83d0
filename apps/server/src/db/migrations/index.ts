import type { Migration } from 'kysely';
import { usersAndSessions } from './0001-users-and-sessions.js';
import { postsMigration } from './0002-posts.js';
import { commentsMigration } from './0003-comments.js';
import { processingMigration } from './0004-processing.js';
import { faucetMigration } from './0005-faucet.js';
import { storageMigration } from './0006-storage.js';
import { postDoiMigration } from './0007-post-doi.js';
import { editAndDeleteMigration } from './0008-edit-and-delete.js';
import { communityMigration } from './0009-community.js';
import { rewardsMigration } from './0010-rewards.js';
import { rewardClaimsMigration } from './0011-reward-claims.js';
import { commentThreadIndexesMigration } from './0012-comment-thread-indexes.js';
import { sharedBlocksAndChainMigration } from './0013-shared-blocks-and-chain.js';
import { searchAndRelatedMigration } from './0014-search-and-related.js';
import { sessionCredentialsMigration } from './0015-session-credentials.js';
import { jobLeaseExpiriesMigration } from './0016-job-lease-expiries.js';
import { notificationStreamsMigration } from './0018-notification-streams.js';
import { contributionActorIndexMigration } from './0019-contribution-actor-index.js';
import { tokenTransfersMigration } from './0020-token-transfers.js';
import { communityTrustMigration } from './0021-community-trust.js';
import { suspendedUnpaidMigration } from './0023-suspended-unpaid.js';
import { dropRewardClaimsViewMigration } from './0024-drop-reward-claims-view.js';
import { walletLinksMigration } from './0022-wallet-links.js';
import { peerReviewMigration } from './0025-peer-review.js';
import { receiptsMigration } from './0027-receipts.js';
import { reviewBountiesMigration } from './0026-review-bounties.js';
import { reviewReportsMigration } from './0028-review-reports.js';
import { reviewResponseReportsMigration } from './0029-review-response-reports.js';
import { mailMigration } from './0030-mail.js';
import { followsMigration } from './0031-follows.js';
import { orcidMigration } from './0032-orcid.js';
import { notificationEmailsMigration } from './0033-notification-emails.js';
import { notificationIndexesMigration } from './0035-notification-indexes.js';

/**
 * Every migration, in order. Listed in code rather than read from a folder so the built server
 * finds them wherever it runs. Forward-only: never edit or remove an entry, add a new one.
 * Where the dialects need different DDL (full-text search), a migration is built for one.
 */
export function migrationsFor(dialect: 'sqlite' | 'postgres'): Record<string, Migration> {
  return {
    '0001-users-and-sessions': usersAndSessions,
    '0002-posts': postsMigration(dialect),
    '0003-comments': commentsMigration(dialect),
    '0004-processing': processingMigration,
    '0005-faucet': faucetMigration,
    '0006-storage': storageMigration,
    '0007-post-doi': postDoiMigration,
    '0008-edit-and-delete': editAndDeleteMigration,
    '0009-community': communityMigration,
    '0010-rewards': rewardsMigration,
    '0011-reward-claims': rewardClaimsMigration,
    '0012-comment-thread-indexes': commentThreadIndexesMigration,
    '0013-shared-blocks-and-chain': sharedBlocksAndChainMigration(dialect),
    '0014-search-and-related': searchAndRelatedMigration(dialect),
    '0015-session-credentials': sessionCredentialsMigration,
    '0016-job-lease-expiries': jobLeaseExpiriesMigration,
    '0018-notification-streams': notificationStreamsMigration,
    '0019-contribution-actor-index': contributionActorIndexMigration,
    '0020-token-transfers': tokenTransfersMigration,
    '0021-community-trust': communityTrustMigration,
    '0023-suspended-unpaid': suspendedUnpaidMigration,
    '0024-drop-reward-claims-view': dropRewardClaimsViewMigration,
    '0022-wallet-links': walletLinksMigration,
    '0025-peer-review': peerReviewMigration,
    '0027-receipts': receiptsMigration,
    '0026-review-bounties': reviewBountiesMigration,
    '0028-review-reports': reviewReportsMigration,
    '0029-review-response-reports': reviewResponseReportsMigration,
    '0030-mail': mailMigration,
    '0031-follows': followsMigration,
    '0032-orcid': orcidMigration,
    '0033-notification-emails': notificationEmailsMigration,
    '0035-notification-indexes': notificationIndexesMigration,
  };
}
