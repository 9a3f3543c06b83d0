import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Durable background jobs (one `process-post` job per upload, written in the upload's
 * transaction) and what processing derives from files: thumbnails, posters, durations.
 *
 * A job is claimed by setting `status = 'running'` with a lease; a worker that dies leaves the
 * lease to expire and the job is claimed again. Derivatives are keyed by the source file's CID,
 * so the same bytes are processed once however many posts carry them.
 */
export const processingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('subject_id', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull())
      .addColumn('run_after', 'text', (col) => col.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('jobs_kind_subject_unique', ['kind', 'subject_id'])
      .addCheckConstraint(
        'jobs_status_check',
        sql`status in ('queued', 'running', 'done', 'failed')`,
      )
      .execute();
    await db.schema
      .createIndex('jobs_claim_index')
      .on('jobs')
      .columns(['status', 'run_after'])
      .execute();

    await db.schema
      .createTable('file_derivatives')
      .addColumn('source_cid', 'text', (col) => col.notNull().references('files.cid'))
      .addColumn('variant', 'text', (col) => col.notNull())
      .addColumn('cid', 'text', (col) => col.notNull().references('files.cid'))
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('duration_seconds', 'real')
      .addPrimaryKeyConstraint('file_derivatives_pk', ['source_cid', 'variant'])
      .execute();
  },
};
