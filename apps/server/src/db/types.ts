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
  /** No sign-in before this time (migration 0009); null when not suspended. */
  suspended_until: string | null;
  /** Moves on every password change and suspension (migration 0015). */
  credential_version: Generated<number>;
  /** When the member proved they read `email` (migration 0030); null until then. */
  email_verified_at: string | null;
  /** The linked ORCID iD, unique; null when none (migration 0032). */
  orcid: Generated<string | null>;
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
  /** The account's credential version when the session was opened (migration 0015). */
  credential_version: Generated<number>;
  /** The sign-in's User-Agent and client address, shown to the member (migration 0015). */
  user_agent: Generated<string>;
  ip_address: Generated<string>;
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

/** What the author writes of a post, as posts and post_revisions both store it. */
interface PostTextColumns {
  title: string;
  summary: string;
  content: string;
  /** JSON array of strings. */
  tags: string;
  ai_instruction: string;
  visibility: string;
}

export interface PostsTable extends PostTextColumns {
  seq: Generated<number>;
  id: string;
  user_id: string;
  media_type: string;
  status: string;
  ai_analysis: string;
  likes: Generated<number>;
  comments: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Normalized `10.NNNN/suffix` (migration 0007); null when the post names none. */
  doi: string | null;
  /** The author's last edit (migration 0008); null if never edited. */
  edited_at: string | null;
  /** Set when the post was deleted; the row stays, hidden from every read. */
  deleted_at: string | null;
  /** Set while a moderator hides it (migration 0009): seen only by its author and moderators. */
  hidden_at: string | null;
  /** The current text's number: 1 at upload, one more per edit (migration 0025). */
  revision: Generated<number>;
  /** unreviewed | in_review | validated | disputed, over the current revision's reviews. */
  review_status: Generated<string>;
  /** Live reviews counted for the current revision. */
  review_count: Generated<number>;
  /** When the review status last became `validated` (migration 0033); null while it is not. */
  validated_at: Generated<string | null>;
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
  /** Set while a moderator hides it (migration 0009): seen only by its author and moderators. */
  hidden_at: string | null;
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
  /** Runs claimed from the queue; a lease taken over after its worker died continues the run. */
  attempts: Generated<number>;
  max_attempts: number;
  /** Times the job was taken over after its lease ran out: migration 0016. */
  lease_expiries: Generated<number>;
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
 * The words search looks through, per live post (migration 0014, domain/search-text.ts): written
 * by the repository; indexed by post_search_fts on SQLite and by `search_vector` on PostgreSQL.
 */
export interface PostSearchTable {
  post_seq: number;
  post_id: string;
  title: string;
  tags: string;
  body: string;
  author: string;
  document: Generated<string>;
  /** The extracted text as written (for snippets); `document` holds its words. */
  document_text: Generated<string>;
}

/**
 * SQLite only: the FTS5 index over post_search (rowid = post_search.post_seq = posts.seq; `rank`
 * is bm25 with the fields' weights, lower is better, used by related posts). PostgreSQL searches
 * post_search.search_vector.
 */
export interface PostSearchFtsTable {
  rowid: number;
  rank: number;
}

/** Posts like each one (migration 0014), best first by score. */
export interface PostRelatedTable {
  post_id: string;
  related_id: string;
  score: number;
}

/**
 * The one ledger of outgoing token transfers (migration 0020; services/ledger/): one row per
 * transfer of any kind (`faucet`, `reward`…), written before anything is sent.
 */
export interface TokenTransfersTable {
  id: string;
  /** faucet | reward | … (services/ledger/ kinds) */
  kind: string;
  user_id: string;
  request_id: string;
  address: string;
  /** Smallest token units; bigint, so PostgreSQL hands back a string. Written as text. */
  amount_units: number | string;
  /** The asking IP, for the faucet's per-IP limit; null for kinds that do not count it. */
  ip: string | null;
  /** Where it was paid; null for reward claims made before migration 0020. */
  cluster: string | null;
  mint: string | null;
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

/** A contribution signal (migration 0010): append-only; a reversal is a row with delta −1. */
export interface ContributionEventsTable {
  id: string;
  /** post_like | comment_like | comment_received | reply_received */
  kind: string;
  /** The author of the target: who earns. */
  recipient_id: string;
  actor_id: string;
  post_id: string;
  /** The post or comment whose author receives; with the actor and kind, the pair counted once. */
  target_id: string;
  /** The comment written (comment_received, reply_received); null for likes. */
  source_id: string | null;
  /** 1, or −1 for an unlike or a comment deleted or hidden. */
  delta: number;
  created_at: string;
}

/** A reward epoch (migration 0010): numbered from 1, the first from the first start-up. */
export interface RewardEpochsTable {
  id: number;
  starts_at: string;
  ends_at: string;
  /** Smallest token units; bigint, so PostgreSQL hands back a string. Written as text. */
  pool_units: number | string;
  /** What the distribution left unpaid (rounding, the share cap); null until distributed. */
  remainder_units: number | string | null;
  distributed_at: string | null;
  /** Issue 28 (migration 0021): the counted score before and after trust weighting. */
  unweighted_score: number | null;
  weighted_score: number | null;
  /** Units unweighted scoring would have credited that trust weighting did not. */
  withheld_units: number | string | null;
}

/** A moderator's latest trust mark on a member (migration 0021): 1 trusted (seed), 0 untrusted. */
export interface TrustMarksTable {
  user_id: string;
  seed: number;
  note: string;
  marked_by: string;
  marked_at: string;
}

/** A member's last computed trust, in millionths (migration 0021); no row: 0. */
export interface UserTrustTable {
  user_id: string;
  trust_units: number;
  computed_at: string;
}

/** One trust computation (migration 0021). */
export interface TrustRunsTable {
  id: string;
  computed_at: string;
  members: number;
  edges: number;
  seeds: number;
  iterations: number;
}

/** What a member was credited for an epoch (migration 0010); one row per epoch and member. */
export interface RewardPayoutsTable {
  /** "epoch:member" for the rows before migration 0026; a UUID since. */
  id: string;
  epoch_id: number;
  user_id: string;
  score: number;
  /** Credited units (0 when below REWARD_MIN_PAYOUT); bigint written as text. */
  amount_units: number | string;
  /** Units carried to the member's next payout (below REWARD_MIN_PAYOUT). */
  carry_units: number | string;
  created_at: string;
  /** The claim that took this payout (migration 0011); null while claimable. */
  claim_id: string | null;
  /**
   * frozen | forfeited (migration 0023) | escrowed (0026: a bounty's escrow took it); null: no
   * hold. Claims take only payouts without one.
   */
  hold: string | null;
  held_at: string | null;
  /** epoch | change | award | refund (migration 0026): what credited it. */
  origin: Generated<string>;
  /** The balance move that made it (balance_moves.id); null for an epoch's own. */
  source_move: string | null;
}

/** A unit move inside the platform, into or out of an account (migration 0026). */
export interface BalanceMovesTable {
  id: string;
  /** bounty:<id>: whose escrow. */
  account: string;
  /** Unique per account: the same move asked twice is made once. */
  move_key: string;
  /** in | out */
  direction: string;
  user_id: string | null;
  payout_id: string | null;
  epoch_id: number | null;
  amount_units: number | string;
  created_at: string;
}

/** A bounty for reviews of a post (migration 0026). */
export interface BountiesTable {
  id: string;
  post_id: string;
  /** Who offered it: the member, or the moderator who offered it from the pool. */
  offerer_id: string;
  from_pool: number;
  amount_units: number | string;
  max_awards: number;
  deadline: string;
  /** When what is not awarded goes back: the deadline plus the moderators' window. */
  settles_at: string;
  /** open | closed */
  status: Generated<string>;
  refunded_units: number | string | null;
  closed_at: string | null;
  created_at: string;
}

/** A review awarded a share of a bounty (migration 0026): what a receipt names. */
export interface BountyAwardsTable {
  id: string;
  bounty_id: string;
  review_id: string;
  reviewer_id: string;
  amount_units: number | string;
  /** The reviewer's payout it credited. */
  payout_id: string;
  awarded_at: string;
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
export interface PostRevisionsTable extends PostTextColumns {
  post_id: string;
  revision: number;
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

/** A member's report (migration 0009). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  /** post | comment | user */
  target_type: string;
  target_id: string;
  /** Whom the report is about: the target's author, or the reported user. */
  target_author_id: string;
  /** spam | abuse | off_topic | plagiarism | other */
  reason: string;
  note: string;
  /** open | resolved */
  status: string;
  /** dismiss | hide | delete | suspend, once resolved. */
  outcome: string | null;
  resolved_by: string | null;
  created_at: string;
  resolved_at: string | null;
}

/** Every moderator action (migration 0009); rows are only ever added. */
export interface ModerationLogTable {
  id: string;
  moderator_id: string;
  /** dismiss | hide | delete | suspend | restore | trust | untrust */
  action: string;
  target_type: string;
  target_id: string;
  note: string;
  report_id: string | null;
  suspended_until: string | null;
  /** Freeze, release, forfeit: the tokens concerned, smallest units (migration 0023). */
  amount_units: number | string | null;
  /** Voiding a suspended member's signals: how many reversal rows it wrote (migration 0023). */
  signal_count: number | null;
  created_at: string;
}

/** What a member is told of (migration 0009). */
export interface NotificationsTable {
  id: string;
  /** The recipient. */
  user_id: string;
  /** comment | reply | mention | like | moderation | reward */
  type: string;
  /** The latest member behind it; null for moderation outcomes and rewards. */
  actor_id: string | null;
  post_id: string | null;
  comment_id: string | null;
  /**
   * The review a `review` or `review_response` notification is about (migration 0029): it is
   * shown while its recipient may see the review (and the response); null for the others.
   */
  review_id: string | null;
  excerpt: string;
  /** How many members it stands for. */
  count: Generated<number>;
  /** Unique per recipient: one notification per event, or per group (likes on a target a day). */
  group_key: string;
  created_at: string;
  /** Last time it was raised (a like joining the group); lists are newest first by this. */
  updated_at: string;
  read_at: string | null;
  /** When an email carried it (migration 0033): none carries it twice. */
  emailed_at: Generated<string | null>;
  /** 1: the bell shows it; 0: written for email alone (migration 0033). */
  in_app: Generated<number>;
}

/** Who is behind a grouped notification (migration 0009). */
export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
}

/** A notification type a member turned off (migration 0009); no row means on. */
export interface NotificationSettingsTable {
  user_id: string;
  type: string;
  /** 0 or 1. */
  enabled: number;
}

/** A live notification stream open on some server process (migration 0018; PostgreSQL only). */
export interface NotificationStreamsTable {
  id: string;
  user_id: string;
  address: string;
  /** The lease: milliseconds since 1970 of the database's clock. */
  expires_at: number | string;
}

/** IPFS blocks with BLOCKSTORE=postgres (migration 0013; PostgreSQL only). */
export interface BlocksTable {
  /** The CIDv1 `raw` form of the block's multihash. */
  key: string;
  data: Uint8Array;
  size: number;
  touched_at: Date;
  /** The import that last wrote or used the block. */
  writer: string;
}

/** Blocks held by imports in progress (migration 0013; PostgreSQL only). */
export interface BlockHoldsTable {
  hold_id: string;
  key: string;
  held_at: Date;
}

/** Which process owns the embedded chain (migration 0013). */
export interface ChainOwnersTable {
  chain: string;
  holder: string | null;
  lease_until: string | null;
  /** Grows at each takeover: a fence for the owner's writes. */
  generation: Generated<number | string>;
}

/** The embedded chain's accounts as of the last transaction (migration 0013). */
export interface ChainAccountsTable {
  chain: string;
  address: string;
  /** A decimal integer (u64). */
  lamports: string;
  /** The owning program's address. */
  program: string;
  /** 0 or 1. */
  executable: number;
  data: Uint8Array;
  updated_at: string;
}

/** Transactions the embedded chain ran (migration 0013). */
export interface ChainSignaturesTable {
  chain: string;
  signature: string;
  /** confirmed | failed */
  status: string;
  created_at: string;
}

/** A wallet a member proved they hold (migration 0022; services/wallets/). */
/** Scores, recommendation and text of a review, as reviews and review_versions store them. */
interface ReviewTextColumns {
  soundness: number;
  significance: number;
  clarity: number;
  reproducibility: number;
  confidence: number;
  /** valid | minor_revisions | major_revisions | not_valid */
  recommendation: string;
  summary: string;
  strengths: string;
  weaknesses: string;
}

/** One reviewer's review of one revision of a post (migration 0025). */
export interface ReviewsTable extends ReviewTextColumns {
  id: string;
  post_id: string;
  reviewer_id: string;
  revision: number;
  /** SHA-256 (hex) of the title, summary and content the reviewer read. */
  reviewed_text: string;
  /** 1: the reviewer is shown to nobody but them, the moderators and the payouts. */
  anonymous: Generated<number>;
  helpful_count: Generated<number>;
  /** The post author's rating of its helpfulness, 1–5; null until rated. */
  author_rating: number | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  hidden_at: string | null;
}

/** A version of a review that an edit replaced (migration 0025). */
export interface ReviewVersionsTable extends ReviewTextColumns {
  review_id: string;
  version: number;
  edited_at: string;
}

/** The post author's one answer to a review (migration 0025). */
export interface ReviewResponsesTable {
  review_id: string;
  author_id: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  hidden_at: string | null;
}

export interface ReviewHelpfulTable {
  review_id: string;
  user_id: string;
  created_at: string;
}

/** A receipt: the canonical JSON of one state of a review, response or award (migration 0027). */
export interface ReceiptsTable {
  /** review | response | award */
  kind: string;
  subject_id: string;
  /** The time of the state recorded: the subject's edited_at, else its created_at. */
  version: string;
  /** The review itself, the one responded to, or the one awarded. */
  review_id: string;
  cid: string;
  epoch_id: number;
  created_at: string;
}

/** An ended epoch's Merkle root and the memo transaction carrying it (migration 0027). */
export interface ReceiptAnchorsTable {
  epoch_id: number;
  /** Hex; null for an epoch without receipts. */
  root: string | null;
  leaf_count: number;
  /** sealed | sent | empty */
  status: string;
  signature: string | null;
  recorded_at: string | null;
  sealed_at: string;
  sent_at: string | null;
}

/** What a member follows: an author (their user id) or a tag (migration 0031). */
export interface FollowsTable {
  follower_id: string;
  /** author | tag */
  kind: string;
  /** The author's user id, or the tag as first followed (one per tag, ignoring case). */
  target: string;
  created_at: string;
}

/** A post whose author's followers were told of it, once (migration 0031). */
export interface PostFollowerNoticesTable {
  post_id: string;
  notified_at: string;
}

export interface WalletLinksTable {
  /** The wallet's base58 address: linked to one member at a time. */
  address: string;
  user_id: string;
  linked_at: string;
}

/** A Sign-In-With-Solana challenge issued and not yet used (migration 0022). */
export interface WalletChallengesTable {
  /** SHA-256 (hex) of the nonce in the issued message. */
  nonce_hash: string;
  user_id: string;
  address: string;
  issued_at: string;
  expires_at: string;
}

/** A message to send, and whether it left (migration 0030, services/mail/). */
export interface MailOutboxTable {
  id: string;
  /** The template that writes it (services/mail/templates.ts). */
  template: string;
  /** The member it is for; null for a message to an address alone. */
  user_id: string | null;
  recipient: string;
  /** `en` or `zh-CN`. */
  language: string;
  /** The template's parameters, JSON; never a secret (a link's token is made when it is sent). */
  params: string;
  /** Extra headers of this message, JSON (e.g. List-Unsubscribe). */
  headers: Generated<string>;
  status: 'queued' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

/** The single-use token of a link sent by email, by its SHA-256 (migration 0030). */
export interface EmailTokensTable {
  token_hash: string;
  /** `verify-email` or `password-reset`. */
  purpose: string;
  user_id: string;
  /** The address the link was sent to. */
  email: string;
  /** The mail_outbox row that carried it. */
  message_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A password reset asked for and not yet resolved to accounts (migration 0030). */
export interface PasswordResetRequestsTable {
  id: string;
  /** The username or email address as typed. */
  login: string;
  language: string;
  requested_at: string;
}

/** A sign-in or link with ORCID started and not yet finished (migration 0032). */
export interface OidcFlowsTable {
  /** SHA-256 (hex) of the authorization request's `state`. */
  state_hash: string;
  /** SHA-256 (hex) of the value in the browser's httpOnly cookie: only that browser finishes it. */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  /** The member linking their iD; null for a sign-in. */
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** What a finished callback hands the web app, by its one-time code (migration 0032). */
export interface OidcHandoffsTable {
  /** SHA-256 (hex) of the code in the redirect's URL fragment. */
  code_hash: string;
  /** The member who signed in; null when the iD is no account's yet. */
  user_id: string | null;
  /** The iD to make an account for (when `user_id` is null). */
  orcid: string | null;
  /** The name the provider gave, the new account's nickname ('' when none). */
  nickname: string;
  created_at: string;
  expires_at: string;
}

/** When a member was last seen on the site, and in which language (migration 0033). */
export interface MemberPresenceTable {
  user_id: string;
  last_seen_at: string;
  /** `en` or `zh-CN`: their notification emails are written in it. */
  language: string;
}

/** How email brings a kind of notification to a member (migration 0033); no row: the default. */
export interface NotificationEmailPreferencesTable {
  user_id: string;
  /** A kind of NOTIFICATION_KINDS (packages/shared). */
  kind: string;
  /** immediate | digest | never */
  email: string;
}

/** A member's weekly digest (migration 0033): on or off, and the last period it was queued for. */
export interface NotificationDigestsTable {
  user_id: string;
  /** 0 or 1. */
  enabled: Generated<number>;
  /** The scheduled time (ISO) of the last digest queued for the member. */
  last_slot: string | null;
  last_sent_at: string | null;
}

export interface DatabaseSchema {
  blocks: BlocksTable;
  block_holds: BlockHoldsTable;
  chain_owners: ChainOwnersTable;
  chain_accounts: ChainAccountsTable;
  chain_signatures: ChainSignaturesTable;
  users: UsersTable;
  sessions: SessionsTable;
  files: FilesTable;
  posts: PostsTable;
  post_files: PostFilesTable;
  post_likes: PostLikesTable;
  post_search: PostSearchTable;
  post_search_fts: PostSearchFtsTable;
  post_related: PostRelatedTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  jobs: JobsTable;
  file_derivatives: FileDerivativesTable;
  token_transfers: TokenTransfersTable;
  contribution_events: ContributionEventsTable;
  reward_epochs: RewardEpochsTable;
  reward_payouts: RewardPayoutsTable;
  balance_moves: BalanceMovesTable;
  bounties: BountiesTable;
  bounty_awards: BountyAwardsTable;
  trust_marks: TrustMarksTable;
  user_trust: UserTrustTable;
  trust_runs: TrustRunsTable;
  uploads: UploadsTable;
  server_secrets: ServerSecretsTable;
  maintenance_leases: MaintenanceLeasesTable;
  post_revisions: PostRevisionsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  notification_settings: NotificationSettingsTable;
  notification_streams: NotificationStreamsTable;
  wallet_links: WalletLinksTable;
  reviews: ReviewsTable;
  review_versions: ReviewVersionsTable;
  review_responses: ReviewResponsesTable;
  review_helpful: ReviewHelpfulTable;
  receipts: ReceiptsTable;
  receipt_anchors: ReceiptAnchorsTable;
  wallet_challenges: WalletChallengesTable;
  follows: FollowsTable;
  post_follower_notices: PostFollowerNoticesTable;
  mail_outbox: MailOutboxTable;
  email_tokens: EmailTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  oidc_flows: OidcFlowsTable;
  oidc_handoffs: OidcHandoffsTable;
  member_presence: MemberPresenceTable;
  notification_email_preferences: NotificationEmailPreferencesTable;
  notification_digests: NotificationDigestsTable;
}

export type AppDatabase = Kysely<DatabaseSchema>;
