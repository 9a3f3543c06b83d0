import type { Kysely, Migration } from 'kysely';

/**
 * A post may name the DOI of the work it shares. Stored normalized, as
 * `10.NNNN/suffix` without any resolver prefix (packages/shared/src/schemas/citations.ts
 * `doiSchema`), so the web app and the citation formats each add the form they need. Null: none.
 */
export const postDoiMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('posts').addColumn('doi', 'text').execute();
  },
};
