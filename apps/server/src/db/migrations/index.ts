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
  };
}
