import type { Expression, SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { reviewCounted, reviewResponseCounted } from './visibility.js';

/**
 * The one answer to "is this file still referenced, and by what?", for the gateway (what it serves
 * to anyone, what a signed URL still opens) and the garbage collector (what it keeps). If these
 * disagreed, the site would leak a private file or delete a live one, so no other module may
 * write the question again (policies/source-tree.test.ts fails if one does).
 *
 * A CID is referenced through the posts that `posts` admits when it is:
 * - a file of such a post (`post_files`), or a standalone upload (an avatar, or a file stored with
 *   POST /media/upload/ipfs: public by nature, whatever the posts);
 * - or a thumbnail or poster made from one of those (`file_derivatives`);
 * - or a receipt (issue 29: the canonical JSON of a review, a response or an award) of a review
 *   on such a post, while the review is neither deleted nor hidden, and for a response's receipt
 *   while the response is neither deleted nor hidden either.
 */

/** Upload kinds that stand on their own, outside any post, and are public. */
export const STANDALONE_UPLOAD_KINDS = ['ipfs', 'avatar'] as const;
export type StandaloneUploadKind = (typeof STANDALONE_UPLOAD_KINDS)[number];

/** The CIDs of files in their own right: a file of a post `posts` admits, or a standalone upload. */
function sourcesFor(db: AppDatabase, posts: Expression<SqlBool>) {
  return db
    .selectFrom('post_files')
    .innerJoin('posts', 'posts.id', 'post_files.post_id')
    .select('post_files.cid as cid')
    .where(posts)
    .union(
      db
        .selectFrom('uploads')
        .select('uploads.cid as cid')
        .where('uploads.kind', 'in', [...STANDALONE_UPLOAD_KINDS]),
    )
    .union(
      db
        .selectFrom('receipts')
        .innerJoin('reviews', 'reviews.id', 'receipts.review_id')
        .innerJoin('posts', 'posts.id', 'reviews.post_id')
        .select('receipts.cid as cid')
        .where(posts)
        .where(reviewCounted())
        .where((eb) =>
          eb.or([
            eb('receipts.kind', '!=', 'response'),
            eb.exists(
              eb
                .selectFrom('review_responses')
                .select('review_responses.review_id')
                .whereRef('review_responses.review_id', '=', 'receipts.review_id')
                .where(reviewResponseCounted()),
            ),
          ]),
        ),
    );
}

/** Which of `cids` are referenced through the posts `posts` admits (see above). */
export async function referencedCids(
  db: AppDatabase,
  cids: readonly string[],
  posts: Expression<SqlBool>,
): Promise<Set<string>> {
  if (cids.length === 0) return new Set();
  const wanted = [...new Set(cids)];
  const rows = await db
    .selectFrom(sourcesFor(db, posts).as('sources'))
    .select('sources.cid')
    .where('sources.cid', 'in', wanted)
    .union(
      db
        .selectFrom('file_derivatives')
        .select('file_derivatives.cid as cid')
        .where('file_derivatives.cid', 'in', wanted)
        .where('file_derivatives.source_cid', 'in', sourcesFor(db, posts)),
    )
    .execute();
  return new Set(rows.map((row) => row.cid));
}

/** Whether `cid` is referenced through the posts `posts` admits (see above). */
export async function isReferenced(
  db: AppDatabase,
  cid: string,
  posts: Expression<SqlBool>,
): Promise<boolean> {
  return (await referencedCids(db, [cid], posts)).has(cid);
}

/** The thumbnails and posters made from any of `sources`. */
export async function derivativesMadeFrom(
  db: AppDatabase,
  sources: readonly string[],
): Promise<string[]> {
  if (sources.length === 0) return [];
  const rows = await db
    .selectFrom('file_derivatives')
    .select('cid')
    .distinct()
    .where('source_cid', 'in', [...new Set(sources)])
    .execute();
  return rows.map((row) => row.cid);
}
