import { mediaTypeSchema } from '@symposia/shared';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { DerivativeVariant, StoredFile } from '../domain/post.js';
import { isReferenced, type StandaloneUploadKind } from './file-references.js';
import { postNotDeleted, postVisibleTo } from './visibility.js';

export type FileRepository = ReturnType<typeof createFileRepository>;

/**
 * Stored files by CID: what processing made from them, the uploads that count against a member's
 * quota, and the gateway's questions (is it public, is it still live) through file-references.ts.
 */
export function createFileRepository(db: AppDatabase) {
  return {
    /**
     * Records a file made from another (a thumbnail, a poster, extracted text); doing it twice
     * changes nothing.
     */
    async recordDerivative(
      sourceCid: string,
      variant: DerivativeVariant,
      file: StoredFile,
      facts: { width?: number; height?: number; durationSeconds?: number },
      at: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await insertFile(trx, file, null, at);
        await trx
          .insertInto('file_derivatives')
          .values({
            source_cid: sourceCid,
            variant,
            cid: file.cid,
            width: facts.width ?? null,
            height: facts.height ?? null,
            duration_seconds: facts.durationSeconds ?? null,
          })
          .onConflict((conflict) => conflict.columns(['source_cid', 'variant']).doNothing())
          .execute();
      });
    },

    /**
     * A file a member stored outside any post (POST /media/upload/ipfs, an avatar): recorded, and
     * counted as theirs, in one transaction.
     */
    async recordUpload(
      file: StoredFile,
      userId: string,
      kind: StandaloneUploadKind,
      at: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await insertFile(trx, file, userId, at);
        await trx
          .insertInto('uploads')
          .values({
            id: randomUUID(),
            user_id: userId,
            kind,
            cid: file.cid,
            size: file.size,
            post_id: null,
            created_at: at,
          })
          .execute();
      });
    },

    /** Bytes of everything the member uploaded (each upload counts, repeats included). */
    async storedBytes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /**
     * Whether the CID belongs to something public: a file of a public post, a thumbnail or poster
     * made from one, an avatar, or a file stored with POST /media/upload/ipfs. A deleted post's
     * files are public no longer.
     */
    async isPublicFile(cid: string): Promise<boolean> {
      return isReferenced(db, cid, postVisibleTo(null));
    },

    /**
     * Whether the CID is still a file (or a thumbnail, poster) of a post that is not deleted, or a
     * standalone upload: what a signed URL may still open.
     */
    async isLiveFile(cid: string): Promise<boolean> {
      return isReferenced(db, cid, postNotDeleted());
    },

    /** Root CIDs of files recorded at or after `since` (an ISO time). */
    async rootsRecordedSince(since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('cid')
        .where('created_at', '>=', since)
        .execute();
      return rows.map((row) => row.cid);
    },

    async findFile(cid: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom('files')
        .select(['cid', 'size', 'content_type', 'media_type', 'name'])
        .where('cid', '=', cid)
        .executeTakeFirst();
      return (
        row && {
          cid: row.cid,
          size: Number(row.size),
          contentType: row.content_type,
          mediaType: mediaTypeSchema.parse(row.media_type),
          name: row.name,
        }
      );
    },
  };
}

/** Records a stored file by its CID; the same bytes stored again change nothing. */
export async function insertFile(
  db: AppDatabase | Transaction<DatabaseSchema>,
  file: StoredFile,
  createdBy: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      cid: file.cid,
      size: file.size,
      content_type: file.contentType,
      media_type: file.mediaType,
      name: file.name,
      created_by: createdBy,
      created_at: at,
    })
    .onConflict((conflict) => conflict.column('cid').doNothing())
    .execute();
}

export function uniqueByCid(files: StoredFile[]): StoredFile[] {
  return [...new Map(files.map((file) => [file.cid, file])).values()];
}
