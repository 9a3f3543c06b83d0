import type { AppDatabase } from '../db/index.js';
import { derivativesMadeFrom, referencedCids } from './file-references.js';
import { postDeleted, postNotDeleted } from './visibility.js';

export type StorageRepository = ReturnType<typeof createStorageRepository>;

/** Rows read at once while listing every recorded root: bounds memory, whatever the count. */
const ROOTS_PAGE = 5_000;
/** CIDs per query when a list of them is asked about: well within every driver's parameter limit. */
const CID_CHUNK = 500;
/** `/ipfs/<cid>`, possibly with a query (a signed URL): the CID part. */
const IPFS_PATH = /^\/ipfs\/([^/?#]+)/;

/**
 * What the content store's upkeep needs from the database: the roots the garbage collector keeps,
 * the lease that lets one process at a time run it, and keys shared by every server process.
 */
export function createStorageRepository(db: AppDatabase) {
  /** CIDs of `/ipfs/<cid>` paths, read page by page after the last key of the previous page. */
  async function* pathRoots(
    page: (after: string) => Promise<{ key: string; path: string }[]>,
  ): AsyncGenerator<string> {
    let after = '';
    for (;;) {
      const rows = await page(after);
      for (const row of rows) {
        const cid = IPFS_PATH.exec(row.path)?.[1];
        if (cid) yield cid;
      }
      if (rows.length < ROOTS_PAGE) return;
      after = rows[rows.length - 1]?.key ?? after;
    }
  }

  function chunks(cids: string[]): string[][] {
    const out: string[][] = [];
    for (let at = 0; at < cids.length; at += CID_CHUNK) out.push(cids.slice(at, at + CID_CHUNK));
    return out;
  }

  /**
   * Stored files only deleted posts still carry, and the thumbnails and posters made only from
   * them: no longer roots, so the garbage collector may take their blocks. A file that anything
   * else carries (a post not deleted, an avatar, a standalone upload, a derivative of a live file)
   * stays a root. Bounded by the files of deleted posts.
   */
  async function withdrawnRoots(): Promise<Set<string>> {
    const ofDeleted = await db
      .selectFrom('post_files')
      .innerJoin('posts', 'posts.id', 'post_files.post_id')
      .select('post_files.cid')
      .distinct()
      .where(postDeleted())
      .execute();
    const withdrawn = new Set(ofDeleted.map((row) => row.cid));
    for (const chunk of chunks([...withdrawn])) {
      for (const cid of await derivativesMadeFrom(db, chunk)) withdrawn.add(cid);
    }
    for (const chunk of chunks([...withdrawn])) {
      for (const cid of await referencedCids(db, chunk, postNotDeleted())) withdrawn.delete(cid);
    }
    return withdrawn;
  }

  return {
    /**
     * Every root CID the database records: every stored file (posts' files, thumbnails and
     * posters, avatars, files of POST /media/upload/ipfs) and every `/ipfs/` path a member or a
     * comment points at, but for the files only deleted posts carry (withdrawnRoots). Read in
     * pages, in a stable order.
     */
    async *recordedRoots(): AsyncGenerator<string> {
      const withdrawn = await withdrawnRoots();
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('files')
          .select('cid')
          .where('cid', '>', after)
          .orderBy('cid')
          .limit(ROOTS_PAGE)
          .execute();
        for (const row of rows) if (!withdrawn.has(row.cid)) yield row.cid;
        if (rows.length < ROOTS_PAGE) break;
        after = rows[rows.length - 1]?.cid ?? after;
      }
      yield* pathRoots((after) =>
        db
          .selectFrom('users')
          .select(['id as key', 'avatar as path'])
          .where('avatar', 'like', '/ipfs/%')
          .where('id', '>', after)
          .orderBy('id')
          .limit(ROOTS_PAGE)
          .execute(),
      );
      yield* pathRoots((after) =>
        db
          .selectFrom('comments')
          .select(['id as key', 'image_url as path'])
          .where('image_url', 'like', '/ipfs/%')
          .where('id', '>', after)
          .orderBy('id')
          .limit(ROOTS_PAGE)
          .execute(),
      );
    },

    /**
     * Takes the lease named `name` for `holder` until `until`, when no one holds it (or theirs ran
     * out) and — unless `lastRunBefore` is undefined — its last completed run started by then.
     * One statement, so of several processes trying at once exactly one gets it.
     */
    async tryLease(
      name: string,
      holder: string,
      times: { now: string; until: string; lastRunBefore?: string },
    ): Promise<boolean> {
      await db
        .insertInto('maintenance_leases')
        .values({ name, holder: null, lease_until: null, last_run_at: null })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const result = await db
        .updateTable('maintenance_leases')
        .set({ holder, lease_until: times.until })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', times.now)]))
        .where((eb) =>
          times.lastRunBefore === undefined
            ? eb.lit(true)
            : eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', times.lastRunBefore)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Extends a lease the holder still has; false when it lost it. */
    async renewLease(name: string, holder: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('maintenance_leases')
        .set({ lease_until: until })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives the lease back; with `completedRunAt`, records when the completed run started. */
    async endLease(name: string, holder: string, completedRunAt?: string): Promise<void> {
      await db
        .updateTable('maintenance_leases')
        .set({
          holder: null,
          lease_until: null,
          ...(completedRunAt !== undefined && { last_run_at: completedRunAt }),
        })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    async lastRun(name: string): Promise<string | null> {
      const row = await db
        .selectFrom('maintenance_leases')
        .select('last_run_at')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.last_run_at ?? null;
    },

    /**
     * The secret named `name`, made with `generate` by whichever process asks first; every
     * process reads the same value.
     */
    async sharedSecret(name: string, generate: () => string, at: string): Promise<string> {
      await db
        .insertInto('server_secrets')
        .values({ name, value: generate(), created_at: at })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
