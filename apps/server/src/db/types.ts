import type { Generated, Kysely } from 'kysely';

/**
 * Table shapes as both dialects store them: ids and times are text (times are ISO 8601 UTC with
 * milliseconds, so text order is time order), booleans are integers 0/1.
 */

export interface UsersTable {
  id: string;
  username: string;
  /** The username folded for comparison; its unique index is what makes names unique. */
  username_lower: string;
  password_hash: string;
  email: string;
  phone: string;
  self_page: string;
  bio: string;
  nickname: string;
  url: string;
  title: string;
  tags: string;
  avatar: string;
  public_posts: number;
  public_activities: number;
  public_profile: number;
  public_statistics: number;
  public_contact: number;
  created_at: string;
  updated_at: string;
  /** `member` or `moderator` (migration 0008). */
  role: Generated<string>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the access token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Every stored file, by CID: what the gateway needs to serve it. */
export interface FilesTable {
  cid: string;
  /** Bytes; bigint on PostgreSQL, so the driver may hand back a string. */
  size: number | string;
  content_type: string;
  media_type: string;
  /** The name it was first uploaded under. */
  name: string;
  created_by: string | null;
  created_at: string;
}

export interface PostsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  title: string;
  summary: string;
  content: string;
  /** JSON array of strings. */
  tags: string;
  ai_instruction: string;
  visibility: string;
  media_type: string;
  status: string;
  ai_analysis: string;
  likes: Generated<number>;
  comments: Generated<number>;
  search_document: string;
  created_at: string;
  updated_at: string;
  /** Normalized `10.NNNN/suffix` (migration 0007); null when the post names none. */
  doi: string | null;
  /** The author's last edit (migration 0008); null if never edited. */
  edited_at: string | null;
  /** Set when the post was deleted; the row stays, hidden from every read. */
  deleted_at: string | null;
}

export interface PostFilesTable {
  post_id: string;
  position: number;
  cid: string;
  name: string;
}

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

export interface CommentsTable {
  seq: Generated<number>;
  id: string;
  post_id: string;
  user_id: string;
  parent_id: string | null;
  root_id: string | null;
  level: number;
  content: string;
  image_url: string;
  likes: Generated<number>;
  reply_count: Generated<number>;
  created_at: string;
  /** The author's last edit (migration 0008); null if never edited. */
  edited_at: string | null;
  /** Set when deleted; the row stays only while replies hang from it ("[deleted]"). */
  deleted_at: string | null;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** What the job is about, e.g. the post id of a `process-post` job. */
  subject_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_after: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A file made from another: a thumbnail (`card`, `detail`) or a video `poster`. */
export interface FileDerivativesTable {
  source_cid: string;
  variant: string;
  cid: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
}

/**
 * SQLite only: the FTS5 index over posts.search_document (rowid = posts.seq; `rank` is bm25,
 * lower is better). PostgreSQL searches posts.search_vector instead; no query names this there.
 */
export interface PostsFtsTable {
  rowid: number;
  rank: number;
}

/** The faucet's ledger (migration 0005): one row per token request, written before sending. */
export interface FaucetRequestsTable {
  id: string;
  user_id: string;
  request_id: string;
  address: string;
  ip: string;
  /** Smallest token units; bigint, so PostgreSQL hands back a string. Written as text. */
  amount_units: number | string;
  cluster: string;
  mint: string;
  /** pending | sent | failed */
  status: string;
  signature: string | null;
  error_kind: string | null;
  error: string | null;
  created_at: string;
  /** When the signed transaction was about to be sent (its signature is then set). */
  sent_at: string | null;
  completed_at: string | null;
}

/** Every file a member stored (migration 0006): what the storage quota adds up. */
export interface UploadsTable {
  id: string;
  user_id: string;
  /** `post`: a file of a post; `ipfs`: POST /media/upload/ipfs; `avatar`: an avatar image. */
  kind: 'post' | 'ipfs' | 'avatar';
  cid: string;
  /** Bytes; bigint, so PostgreSQL hands back a string. */
  size: number | string;
  post_id: string | null;
  created_at: string;
}

/** A version of a post that an edit replaced (migration 0008). */
export interface PostRevisionsTable {
  post_id: string;
  revision: number;
  title: string;
  summary: string;
  content: string;
  /** JSON array of strings. */
  tags: string;
  ai_instruction: string;
  visibility: string;
  /** When this version was written: the upload for revision 1, else the edit that made it. */
  edited_at: string;
}

/** Keys shared by every server process, e.g. the HMAC key of signed file URLs. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Chores one process at a time may run (the block garbage collector): who runs it, until when. */
export interface MaintenanceLeasesTable {
  name: string;
  holder: string | null;
  lease_until: string | null;
  last_run_at: string | null;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  files: FilesTable;
  posts: PostsTable;
  post_files: PostFilesTable;
  post_likes: PostLikesTable;
  posts_fts: PostsFtsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  jobs: JobsTable;
  file_derivatives: FileDerivativesTable;
  faucet_requests: FaucetRequestsTable;
  uploads: UploadsTable;
  server_secrets: ServerSecretsTable;
  maintenance_leases: MaintenanceLeasesTable;
  post_revisions: PostRevisionsTable;
}

export type AppDatabase = Kysely<DatabaseSchema>;
