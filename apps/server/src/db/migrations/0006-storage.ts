import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What each member uploaded, and the bookkeeping of the content store's upkeep.
 *
 * `uploads` has one row per file a member stored: each file of a post (`post`), each file sent to
 * POST /media/upload/ipfs (`ipfs`) and each avatar (`avatar`). It is what the storage quota adds
 * up, and it says which CIDs were published on their own: `ipfs` and `avatar` files are served to
 * anyone, while a post's file is served only while some public post carries it (files of private
 * posts are private). Existing rows are backfilled: every post file; and every file a member
 * recorded outside a post's own transaction (its time differs from that of each post carrying it),
 * as an avatar when it is one, as an `ipfs` upload otherwise.
 *
 * `files.created_at` gets an index: an aborted upload asks which roots were recorded while it ran
 * before it removes a block it wrote (see storage/content-store.ts). `file_derivatives.cid` gets
 * one so the gateway finds the post a thumbnail belongs to.
 *
 * `server_secrets` holds keys every server process shares (the HMAC key of signed file URLs);
 * `maintenance_leases` lets one process at a time run a chore such as the block garbage collector.
 */
export const storageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('uploads')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('cid', 'text', (col) => col.notNull().references('files.cid'))
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('post_id', 'text', (col) => col.references('posts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addCheckConstraint('uploads_kind_check', sql`kind in ('post', 'ipfs', 'avatar')`)
      .addCheckConstraint('uploads_size_check', sql`size >= 0`)
      .execute();
    await db.schema.createIndex('uploads_user_index').on('uploads').column('user_id').execute();
    await db.schema
      .createIndex('uploads_cid_index')
      .on('uploads')
      .columns(['cid', 'kind'])
      .execute();

    await sql`
      insert into uploads (id, user_id, kind, cid, size, post_id, created_at)
      select 'post:' || pf.post_id || ':' || cast(pf.position as text), p.user_id, 'post', pf.cid,
             f.size, pf.post_id, p.created_at
      from post_files pf
      join posts p on p.id = pf.post_id
      join files f on f.cid = pf.cid
    `.execute(db);
    await sql`
      insert into uploads (id, user_id, kind, cid, size, post_id, created_at)
      select 'file:' || f.cid, f.created_by,
             case
               when (f.name = 'avatar.webp' and f.content_type = 'image/webp')
                 or exists (select 1 from users u where u.avatar = '/ipfs/' || f.cid)
               then 'avatar'
               else 'ipfs'
             end,
             f.cid, f.size, null, f.created_at
      from files f
      where f.created_by is not null
        and not exists (
          select 1 from post_files pf join posts p on p.id = pf.post_id
          where pf.cid = f.cid and p.created_at = f.created_at
        )
    `.execute(db);

    await db.schema.createIndex('files_created_index').on('files').column('created_at').execute();
    await db.schema
      .createIndex('file_derivatives_cid_index')
      .on('file_derivatives')
      .column('cid')
      .execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('maintenance_leases')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_run_at', 'text')
      .execute();
  },
};
