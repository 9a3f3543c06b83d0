import { sql, type Kysely } from 'kysely';

/**
 * `reports` as 0009 made it, with its target_type check allowing `kinds` under the name
 * `checkName`; `table` is where it is made (a rebuild makes it under another name first). 0009
 * runs this too, so a change here changes an applied migration: the DDL must stay as it is.
 */
export async function createReportsTable(
  db: Kysely<unknown>,
  table: string,
  check: { name: string; kinds: readonly string[] },
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('target_author_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addCheckConstraint('reports_status_check', sql`status in ('open', 'resolved')`)
    .addCheckConstraint(
      check.name,
      sql`target_type in (${sql.join(check.kinds.map((kind) => sql.lit(kind)))})`,
    )
    .execute();
}

/**
 * The indexes of `reports`: 0009's, made again by each rebuild. The first is what
 * ONE_OPEN_REPORT names.
 */
export async function createReportsIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('reports_one_open_per_reporter')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_by_target')
    .on('reports')
    .columns(['target_type', 'target_id', 'status'])
    .execute();
  await db.schema
    .createIndex('reports_by_status')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_by_reporter')
    .on('reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
}

/**
 * Rebuilds `reports` so its target_type check allows `kinds` (0028: reviews; 0029: a review's
 * response). SQLite cannot change a CHECK constraint in place, so the table is rebuilt (as 0026
 * rebuilt reward_payouts), its rows and indexes kept, on both databases alike. The moderation
 * log's `target_type` has no such constraint and takes a new kind as it is.
 */
export async function rebuildReportsAllowing(
  db: Kysely<unknown>,
  kinds: readonly string[],
): Promise<void> {
  await createReportsTable(db, 'reports_next', { name: 'reports_target_type_kinds_check', kinds });
  await sql`insert into reports_next
      (id, reporter_id, target_type, target_id, target_author_id, reason, note, status, outcome,
       resolved_by, created_at, resolved_at)
    select id, reporter_id, target_type, target_id, target_author_id, reason, note, status,
      outcome, resolved_by, created_at, resolved_at
    from reports`.execute(db);
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('reports_next').renameTo('reports').execute();
  await createReportsIndexes(db);
}
