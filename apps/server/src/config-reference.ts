import type { SettingName } from './config.js';

/**
 * What every setting means and its default as an operator reads it: the one description of the
 * environment variables. `docs/CONFIGURATION.md` is written from it in the order of config.ts's
 * schema (`npm run docs:config`, apps/server/src/config-doc.ts); the type refuses a setting the
 * schema lacks or one left undescribed, and config-doc.test.ts checks each default against the
 * schema's own and the written file against this.
 */
export interface SettingDoc {
  /** The default as shown, in Markdown (`8080`, *(empty)*). */
  default: string;
  meaning: string;
}

export const SETTING_DOCS: Record<SettingName, SettingDoc> = {
  PORT: {
    default: '`8080`',
    meaning: 'TCP port to listen on (0–65535; 0 picks a free port).',
  },
  HOST: {
    default: '`0.0.0.0`',
    meaning:
      'Address to listen on. The default accepts connections on every interface, as a server in a container or on a LAN must; set `127.0.0.1` to keep it to this machine.',
  },
  DATA_DIR: {
    default: '`./data`',
    meaning:
      'Directory for all local state (the SQLite database, the IPFS blocks under `ipfs/`). Relative paths are resolved against the current working directory. Created if missing; must be writable.',
  },
  DATABASE_URL: {
    default: '*(empty)*',
    meaning:
      'Empty: SQLite at `$DATA_DIR/symposia.db`. `postgres://user:password@host:5432/db`: PostgreSQL (for several server processes). Other libpq parameters go in the query string, e.g. `?options=-c%20search_path%3Dsymposia`.',
  },
  REDIS_URL: {
    default: '*(empty)*',
    meaning:
      'Empty: no Redis (rate limits per process; on PostgreSQL, cache invalidation, session ends and notifications through `LISTEN/NOTIFY`). `redis://[:password@]host:6379[/db]` or `rediss://…`: every rate limit is counted in Redis for all processes together, and those signals go through Redis pub/sub. The server does not start when it cannot reach it.',
  },
  REDIS_KEY_PREFIX: {
    default: '`symposia:`',
    meaning:
      'Starts every Redis key and channel name (1–64 letters, digits, `:_.-`): processes with the same prefix share limits and signals; give each deployment sharing one Redis its own.',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    default: '`604800`',
    meaning: 'Lifetime of an access token (7 days); 60 to 31536000.',
  },
  LOG_LEVEL: {
    default: '`info`',
    meaning:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines on stdout, each with the request id (`reqId`), written asynchronously in blocks of 4 KiB, at least once a second; `info` adds one access line per request (method, URL, status, time, member id).',
  },
  WEB_DIST_DIR: {
    default: '`apps/web/dist`',
    meaning:
      'The built web app to serve, found relative to the server package, so it works from any working directory. If it has no `index.html`, one warning is logged and only the API is served.',
  },
  LOGIN_RATE_LIMIT_IP_MAX: {
    default: '`30`',
    meaning:
      'Sign-in attempts (any outcome) allowed per client address per window (IPv6 clients counted per /64); a sign-in or link with ORCID started counts as one.',
  },
  LOGIN_RATE_LIMIT_IP_WINDOW_SECONDS: {
    default: '`300`',
    meaning: 'Length of that sliding window (5 minutes).',
  },
  LOGIN_RATE_LIMIT_ACCOUNT_MAX: {
    default: '`10`',
    meaning:
      'Failed sign-ins (and wrong current passwords on a password change) allowed per username per window; successful ones do not count. Also the most password checks one account gets at once.',
  },
  LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: {
    default: '`900`',
    meaning: 'Length of that sliding window (15 minutes).',
  },
  PUBLIC_CACHE_TTL_MS: {
    default: '`1000`',
    meaning:
      "How long the forum list and post detail answered to anonymous visitors may be served from memory (0 turns it off). A change made through the same process drops the cache at once; with several processes, others' changes show after at most this long. Signed-in requests never use it, except that a member's own counts and first pages in `GET /auth/me` are kept per member the same way (a reward credited meanwhile shows after at most this long).",
  },
  PUBLIC_CACHE_MAX_BYTES: {
    default: '`67108864`',
    meaning:
      'Memory (64 MiB) that every public cache of a process may hold together: anonymous list and detail answers, shared posts and comment threads with their JSON, brotli and gzip copies. Least recently used entries go first; 0 turns the caches off. Only pages with `skip` below 100 are cached.',
  },
  REQUEST_TIMEOUT_SECONDS: {
    default: '`3600`',
    meaning:
      'Longest a whole request, body included, may take to arrive (408 after). Uploads are the long ones: 5 × 50 MB takes 1 hour at 0.6 Mbit/s. 1 to 86400.',
  },
  HEADERS_TIMEOUT_SECONDS: {
    default: '`30`',
    meaning:
      'Longest the request line and headers may take (408 after): what a slow-loris client drags out. At most `REQUEST_TIMEOUT_SECONDS`. 1 to 3600.',
  },
  CONNECTION_TIMEOUT_SECONDS: {
    default: '`120`',
    meaning: 'A connection with no bytes moving either way for this long is closed. 1 to 86400.',
  },
  KEEP_ALIVE_TIMEOUT_SECONDS: {
    default: '`72`',
    meaning:
      "How long an idle keep-alive connection stays open between requests; keep it above a load balancer's idle timeout (often 60 s). 1 to 3600.",
  },
  COMMENT_RATE_LIMIT_MAX: {
    default: '`10`',
    meaning: 'Comments one member may post per window; more get 429 with `Retry-After`.',
  },
  WORKER_CONCURRENCY: {
    default: '`2`',
    meaning:
      'Processing jobs the server runs at once (thumbnails, text extraction, analysis). `0` leaves processing to separate `npm run worker` processes.',
  },
  JOB_LEASE_SECONDS: {
    default: '`60`',
    meaning:
      'How long a claimed job belongs to its worker without a renewal (workers renew every third of it). A worker that dies leaves its job to be claimed again after this.',
  },
  JOB_MAX_ATTEMPTS: {
    default: '`5`',
    meaning:
      'Tries a job gets (with exponential backoff from 5 s, capped at 10 minutes) before it is marked failed; the post is then published with what was made (thumbnails, text read) and no analysis, and its author sees the error. A worker that dies mid-job does not use up a try: another takes the job over where it was.',
  },
  JOB_MAX_LEASE_EXPIRIES: {
    default: '`20`',
    meaning:
      'Times a job may be taken over after its worker died (its lease ran out) before it is given up as above: only a job that kills the worker process itself gets there, since files are parsed in a child process of their own. 1 to 1000.',
  },
  WORKER_POLL_MS: {
    default: '`500`',
    meaning: 'How often an idle worker looks for due jobs.',
  },
  PROCESSING_PARSE_TIMEOUT_SECONDS: {
    default: '`60`',
    meaning:
      'Wall-clock time one reader of an uploaded file may take (text extraction, thumbnails, ffmpeg): it is killed after this and the job fails for good, the author seeing why. 1 to 3600.',
  },
  PROCESSING_PARSE_MEMORY_MB: {
    default: '`512`',
    meaning:
      'Memory one reader of an uploaded file may use (its resident memory, watched from outside, and its JS heap); past it the reader is killed and the job fails for good. 64 to 16384.',
  },
  PROCESSING_POOL_SIZE: {
    default: '`0`',
    meaning:
      'Readers of uploaded files each processing process keeps running: long-lived sandboxed child processes, each parsing one file at a time within the two limits above (a reader that breaks one is killed and replaced). `0`: as many as the machine has cores (`os.availableParallelism()`). 0 to 64.',
  },
  AI_PROVIDER: {
    default: '`embedded`',
    meaning:
      '`embedded`: the built-in offline analyzer (TextRank key sentences, key phrases, discussion topics; deterministic). `openai`: any OpenAI-compatible endpoint, falling back to `embedded` when it keeps failing.',
  },
  AI_BASE_URL: {
    default: '*(empty)*',
    meaning:
      "Required for `openai`: the endpoint's base URL including `/v1`, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`.",
  },
  AI_API_KEY: {
    default: '*(empty)*',
    meaning:
      'Bearer key for the endpoint; leave empty for local servers that need none. Never logged.',
  },
  AI_MODEL: {
    default: '*(empty)*',
    meaning: 'Required for `openai`: the model name, e.g. `gpt-4o-mini`.',
  },
  AI_TIMEOUT_MS: {
    default: '`60000`',
    meaning: 'Longest one request to the endpoint may take (100–600000).',
  },
  AI_MAX_ATTEMPTS: {
    default: '`3`',
    meaning:
      'Requests per analysis (malformed answers, 5xx and timeouts are retried with backoff) before falling back to `embedded` (1–10).',
  },
  COMMENT_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`60`',
    meaning: 'Length of that sliding window.',
  },
  LIKE_RATE_LIMIT_MAX: {
    default: '`60`',
    meaning:
      'Likes (of posts and comments together, each toggle counting) one member may give per window; more get 429 with `Retry-After`.',
  },
  LIKE_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`60`',
    meaning: 'Length of that sliding window.',
  },
  LIKE_COUNT_INTERVAL_MS: {
    default: '`1000`',
    meaning:
      "The least time between two drops of the public caches one post's like counts cause (its own likes and its comments'): the first like drops them at once, more within this time once at its end, so anonymous readers may see a like count up to this late (the member who liked sees their like at once). 0: every like drops them. 0 to 60000.",
  },
  LIKE_UNDO_WINDOW_SECONDS: {
    default: '`600`',
    meaning:
      'A like taken back within this time (in the same open reward epoch, and not the first of its member and target) removes its contribution event rather than adding a reversal, so a like toggled in a loop does not grow `contribution_events`; rewards come out the same. 0: every toggle is recorded. 0 to 86400.',
  },
  REGISTER_RATE_LIMIT_MAX: {
    default: '`10`',
    meaning:
      'Registrations allowed per client address per window (IPv6 clients counted per /64); more get 429 with `Retry-After`. Every valid attempt counts, a taken name included.',
  },
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that sliding window (1 hour; 1 to 604800).',
  },
  REPORT_MIN_ACCOUNT_AGE_SECONDS: {
    default: '`0`',
    meaning:
      'How old an account must be before it may report anything to the moderators (`POST /api/v1/reports`); younger ones get 403. 0: any account. 0 to 31536000.',
  },
  REPORT_RATE_LIMIT_MAX: {
    default: '`10`',
    meaning:
      'Reports one member may send per window; more get 429 with `Retry-After`. A second report of the same target (409) does not count.',
  },
  REPORT_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that sliding window (1 hour; 1 to 604800).',
  },
  FOLLOW_RATE_LIMIT_MAX: {
    default: '`60`',
    meaning:
      'Follows and unfollows (`POST` and `DELETE /api/v1/follows`) one member may make per window; more get 429 with `Retry-After`. Following what is followed already, unfollowing what is not, and a refusal do not count.',
  },
  FOLLOW_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`600`',
    meaning: 'Length of that sliding window (10 minutes; 1 to 86400).',
  },
  SESSION_IDLE_TIMEOUT_SECONDS: {
    default: '`2592000`',
    meaning:
      'A session unused for this long (30 days) ends: its token answers 401, as an expired one. Use is recorded at most every 5 minutes. 60 to 31536000; a token also ends after `ACCESS_TOKEN_TTL_SECONDS`, whichever comes first.',
  },
  SESSION_CACHE_TTL_MS: {
    default: '`5000`',
    meaning:
      "How long a process reuses a token's session lookup (0 turns it off; 0 to 60000). Sign-out, password change and suspension take effect at once in every process.",
  },
  UPLOAD_RATE_LIMIT_MAX: {
    default: '`20`',
    meaning:
      'Uploads one member may make per window: posts, `/media/upload/ipfs` files and avatars together; more get 429 with `Retry-After`. 1 to 1000000.',
  },
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that sliding window (1 hour; 1 to 604800).',
  },
  USER_STORAGE_QUOTA_BYTES: {
    default: '`1073741824`',
    meaning:
      'Bytes (1 GiB) one member may upload in all, every upload counted; an upload that would pass it is stopped with 413 as its bytes arrive and leaves nothing. 0 for no limit. With several server processes, parallel uploads on different processes can pass it by at most what was left, per extra process.',
  },
  SIGNED_URL_TTL_SECONDS: {
    default: '`3600`',
    meaning:
      'How long the signed URL of a private file (given to its author only) opens it; a URL is valid from 3/4 of this to all of it. 1 to 604800.',
  },
  BLOCK_GC_INTERVAL_SECONDS: {
    default: '`86400`',
    meaning:
      'How often the server removes blocks no row references (once a day; one process at a time across a deployment). 0: never by itself; `npm run gc` runs it by hand.',
  },
  BLOCK_GC_GRACE_SECONDS: {
    default: '`3600`',
    meaning: 'Blocks written or used more recently than this are never collected. 60 to 2592000.',
  },
  BLOCKSTORE: {
    default: '`fs`',
    meaning:
      "Where IPFS blocks live. `fs`: files under `$DATA_DIR/ipfs/` (several processes need it on shared storage). `postgres`: rows of the database's `blocks` table, shared by every process with no shared disk; needs a PostgreSQL `DATABASE_URL` (the server refuses to start otherwise). Same CIDs either way.",
  },
  BLOCKSTORE_CACHE_MB: {
    default: '`256`',
    meaning:
      'With `BLOCKSTORE=postgres`: blocks read are also kept on local disk in `$DATA_DIR/ipfs-cache/` (emptied at every start), up to this many MiB, least recently read out first. `0`: no cache, every read asks the database.',
  },
  CHAIN_OWNER: {
    default: '`true`',
    meaning:
      'Embedded chain on PostgreSQL: whether this process (a server or `npm run worker`) may own the chain and send every transfer. `false`: it always hands its transfers over (keep at least one process with `true`, or requests wait and answer 409).',
  },
  CHAIN_OWNER_LEASE_SECONDS: {
    default: '`15`',
    meaning:
      'Embedded chain on PostgreSQL: how long the process that owns the chain keeps it without renewing (it renews every third of this). When the owner dies, another process takes the chain over after at most this long. 2 to 3600.',
  },
  CHAIN_TRANSFER_TIMEOUT_SECONDS: {
    default: '`30`',
    meaning:
      'Embedded chain on PostgreSQL: how long a faucet request or reward claim made on a process that does not own the chain waits for the owner to send it; past it the request answers 409 (still pending; retrying with the same `request_id` gives the outcome). 1 to 600.',
  },
  NOTIFICATIONS_HEARTBEAT_MS: {
    default: '`25000`',
    meaning:
      "How often an idle live notification stream (`GET /api/v1/notifications/stream`) sends a heartbeat comment, so proxies keep it open and clients see it alive. Keep it below any proxy's idle timeout. 50 to 300000.",
  },
  NOTIFICATIONS_STREAMS_PER_MEMBER: {
    default: '`8`',
    meaning:
      'Live notification streams one member may hold open at once, across every server process (counted in Redis with `REDIS_URL`, else in PostgreSQL; on SQLite alone, in the one process). One more answers 429 and the web app polls instead. 1 to 1000.',
  },
  NOTIFICATIONS_STREAMS_PER_ADDRESS: {
    default: '`32`',
    meaning:
      'Live notification streams one client address (an IPv4 address, an IPv6 /64; behind a proxy, set `TRUST_PROXY`) may hold open at once, all its members together, across every server process. One more answers 429. 1 to 100000.',
  },
  SMTP_URL: {
    default: '*(empty)*',
    meaning:
      'Where email goes (verification links, password reset). `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465` (TLS from the start); user and password percent-encoded. Empty: each message is written as an `.eml` file under `$DATA_DIR/outbox/` and one line is logged for it, so a fresh machine works without a mail server (open the file, or read the link from it). Every message is a durable job: a mail server that is down loses nothing, and each message is retried with backoff until it leaves. Never echoed in errors or logs.',
  },
  SMTP_FROM: {
    default: '`Symposia <no-reply@HOST>`',
    meaning:
      "The From of every message: an address, or a name and an address (`Symposia <noreply@example.org>`). HOST is `PUBLIC_ORIGIN`'s host. Use an address the SMTP server may send from.",
  },
  MAIL_MAX_ATTEMPTS: {
    default: '`60`',
    meaning:
      'Tries of one message before its job gives up, waiting 5 s, 10 s, 20 s… up to 10 minutes between tries: 60 rides out a mail server down for about nine hours. A message given up stays in the `mail_outbox` table (status `failed`, with the last error). 1 to 1000.',
  },
  PASSWORD_RESET_RATE_LIMIT_IP_MAX: {
    default: '`10`',
    meaning:
      'Password reset requests (`POST /api/v1/auth/password_reset/request`) per client address per window, whether an account matches or not; one more answers 429.',
  },
  PASSWORD_RESET_RATE_LIMIT_IP_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that window (an hour).',
  },
  PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX: {
    default: '`3`',
    meaning:
      'Reset emails one account gets per window, whoever asks and from wherever: further requests answer the same (so they say nothing of the account) and send nothing. 1 to 1000.',
  },
  PASSWORD_RESET_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that window (an hour).',
  },
  EMAIL_VERIFICATION_RATE_LIMIT_MAX: {
    default: '`5`',
    meaning:
      'Verification emails a member asks for again ("Resend verification", `POST /api/v1/auth/verify_email/resend`) per window; one more answers 429.',
  },
  EMAIL_VERIFICATION_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'Length of that window (an hour).',
  },
  NOTIFICATION_EMAIL_DELAY_SECONDS: {
    default: '`600`',
    meaning:
      'How long a notification waits before it is emailed at once (replies and mentions by default; each member chooses per kind on My Page › Settings): the email goes only if, by then, the member was not seen on the site since the notification (an authenticated request, or an open notification stream) and has not read it; several within that time come in one email per kind. Only verified addresses get notification email. 0 to 86400.',
  },
  DIGEST_DAY: {
    default: '`1`',
    meaning:
      "The day (UTC) the digest goes out: 0 (Sunday) to 6, or its English name (`monday`); 1 is Monday. The digest lists the period's most discussed and newly validated posts of the authors and tags a member follows, then of the whole community, then their unread notifications; it goes only to members with a verified address who were not seen on the site for the whole period, and not at all when there is nothing new.",
  },
  DIGEST_HOUR: {
    default: '`8`',
    meaning: 'The hour (UTC, 0 to 23) the digest goes out on DIGEST_DAY.',
  },
  DIGEST_PERIOD_DAYS: {
    default: '`7`',
    meaning:
      'Days between digests, and how long a member must have been away to get one (1 to 28; 7: weekly on DIGEST_DAY). Each member gets at most one digest per period, however many processes run.',
  },
  REWARD_EPOCH_SECONDS: {
    default: '`604800`',
    meaning:
      'Length of a reward epoch (a week). Epoch 1 starts at the first start-up; when one ends, its pool is split among the members by the score of the likes and comments they received. 60 to 31536000.',
  },
  REWARD_POOL_PER_EPOCH: {
    default: '`10000`',
    meaning: 'Tokens each ended epoch splits (up to 9 decimals; above 0, at most 1000000000).',
  },
  REWARD_MAX_SHARE: {
    default: '`0.05`',
    meaning:
      'The largest part of the pool one member is credited for an epoch; what the cap frees is split again among the others, and what nobody may take is kept. Above 0, at most 1.',
  },
  REWARD_MIN_PAYOUT: {
    default: '`1`',
    meaning:
      "Tokens below which a member's amount is not credited but carried over to their next payout. At most `REWARD_MAX_SHARE` of the pool (else nothing would ever be paid; refused at start-up).",
  },
  REWARD_MIN_ACTOR_AGE_SECONDS: {
    default: '`86400`',
    meaning: 'A like or comment counts only from an account this old (1 day). 0 to 31536000.',
  },
  REWARD_MAX_EVENTS_PER_ACTOR_DAILY: {
    default: '`20`',
    meaning:
      "Signals one member's likes and comments count per UTC day (the earliest first); the same member–target pair counts once, one's own content never. 1 to 1000000.",
  },
  REWARD_WEIGHT_POST_LIKE: {
    default: '`3`',
    meaning: 'Score of a like received on a post (0 to 1000, decimals allowed; 0: not counted).',
  },
  REWARD_WEIGHT_COMMENT_LIKE: {
    default: '`1`',
    meaning: 'Score of a like received on a comment.',
  },
  REWARD_WEIGHT_COMMENT_RECEIVED: {
    default: '`2`',
    meaning: 'Score of a comment received on a post.',
  },
  REWARD_WEIGHT_REPLY_RECEIVED: {
    default: '`1`',
    meaning: 'Score of a reply received on a comment.',
  },
  REWARD_WEIGHT_REVIEW: {
    default: '`6`',
    meaning:
      "Score a review earns its reviewer when the post's author rates it 5 (each step above 1 a quarter of it; 1 or no rating nothing), times the author's trust. Reviews of one's own post, deleted or hidden ones, and those by accounts younger than `REWARD_MIN_ACTOR_AGE_SECONDS` count nothing (docs/TRUST.md). 0 to 1000, decimals allowed.",
  },
  REWARD_REVIEW_HELPFUL_SHARE: {
    default: '`0.25`',
    meaning:
      "The part of `REWARD_WEIGHT_REVIEW` each reader's helpful mark on a review adds, times that reader's trust (not the reviewer's own mark nor the post author's). 0 to 10.",
  },
  REWARD_REVIEW_MAX_HELPFUL: {
    default: '`4`',
    meaning: 'Helpful marks counted per review (the earliest first). 0 to 1000.',
  },
  REWARD_REVIEW_MAX_DAILY: {
    default: '`3`',
    meaning: "A reviewer's reviews counted per UTC day (the earliest first). 1 to 1000.",
  },
  REWARD_MIN_CLAIM_AGE_SECONDS: {
    default: '`604800`',
    meaning:
      'How old an account must be to claim its rewards (`POST /api/v1/rewards/claim`, 403 before, with the date). 0 to 31536000.',
  },
  REWARD_MIN_CLAIM: {
    default: '`10`',
    meaning:
      'The smallest claimable balance a claim pays, in tokens (422 below, with the amount). 0 to 1000000000.',
  },
  TRUST_LEVEL_BASIC: {
    default: '`0.05`',
    meaning:
      "The trust score (0 to 1, docs/TRUST.md) from which a member is at level 1, basic (below: 0, new). Members see only each other's level. Above 0 to 1, at most TRUST_LEVEL_MEMBER.",
  },
  TRUST_LEVEL_MEMBER: {
    default: '`0.4`',
    meaning:
      'The trust score from which a member is at level 2, member. Above 0 to 1, at most TRUST_LEVEL_TRUSTED.',
  },
  TRUST_LEVEL_TRUSTED: {
    default: '`0.9`',
    meaning:
      'The trust score from which a member is at level 3, trusted (the moderators and the members they mark trusted are 1). Above 0 to 1.',
  },
  REVIEW_VALIDATION_MIN: {
    default: '`2`',
    meaning:
      "How many reviewers at or above REVIEW_TRUSTED_LEVEL must recommend `valid` or `minor_revisions` (with none of them `not_valid`) for a post's current revision to be validated (docs/REVIEW.md). 1 to 100.",
  },
  REVIEW_TRUSTED_LEVEL: {
    default: '`3`',
    meaning:
      'The trust level (0 new to 3 trusted, docs/TRUST.md) from which a reviewer counts as trusted for the review status; moderators always do. 0 to 3.',
  },
  REVIEW_RECOMPUTE_MAX_POSTS: {
    default: '`10000`',
    meaning:
      'After each trust computation the review status of at most this many reviewed posts (the most recently reviewed first) is computed again with the new levels; the others follow on their next review or edit. 0 to 1000000.',
  },
  TRUST_GRAPH_WINDOW_DAYS: {
    default: '`180`',
    meaning:
      'Trust is computed from the likes and comments of the last this many days (at least once per reward epoch, and when a moderator asks). 1 to 3650.',
  },
  TRUST_ORCID_SEED_WEIGHT: {
    default: '`0.5`',
    meaning:
      'Members who linked an ORCID iD (sign-in with ORCID) are trust seeds of this weight (docs/TRUST.md, Seeds): their trust is at least this, and they pass on trust in proportion to it, beside the moderators and the members marked trusted (weight 1). An ORCID iD proves a lasting researcher identity, not good conduct, and anyone can make one, hence half a seed by default. 0 (they are not seeds) to 1.',
  },
  PUBLIC_ORIGIN: {
    default: '`http://localhost:$PORT`',
    meaning:
      "The site's public origin as people reach it (`https://symposia.example`, no path). The links in emails start with it. Its host is the domain of the Sign-In-With-Solana message a member signs to link a wallet (`POST /api/v1/wallets/challenge`), and the server accepts back only that exact message, so set it to the address in the browser's bar: a wallet shows the domain to the member, and Phantom warns when it is not the page's.",
  },
  WALLET_CHALLENGE_TTL_SECONDS: {
    default: '`300`',
    meaning:
      'How long a wallet-linking challenge may be signed and sent back (`POST /api/v1/wallets`); later it is refused and a new one must be asked for. Each is accepted once. 30 to 3600.',
  },
  WALLET_CHALLENGE_RATE_LIMIT_MAX: {
    default: '`10`',
    meaning:
      'Wallet-linking challenges one member may ask for per window (429 beyond, with Retry-After). 1 to 1000000.',
  },
  WALLET_CHALLENGE_RATE_LIMIT_WINDOW_SECONDS: {
    default: '`600`',
    meaning: 'The window of `WALLET_CHALLENGE_RATE_LIMIT_MAX`, in seconds. 1 to 86400.',
  },
  OIDC_ISSUER: {
    default: '`https://orcid.org`',
    meaning:
      "The OpenID provider members sign in with (issue 30), found by discovery (`$OIDC_ISSUER/.well-known/openid-configuration`): ORCID's `https://orcid.org`, or `https://sandbox.orcid.org` to try it. An ORCID iD's public record is linked as `$OIDC_ISSUER/<iD>`. https only (plain http only on 127.0.0.1 or localhost, for a test provider).",
  },
  OIDC_CLIENT_ID: {
    default: '*(empty)*',
    meaning:
      "This site's client id at the provider (ORCID: Developer Tools, or a member API client). Empty: sign-in with ORCID is off (`GET /api/v1/auth/oidc/authorize` answers 404 and the web app shows no ORCID button). Register `$PUBLIC_ORIGIN/api/v1/auth/oidc/callback` as the client's redirect URI, so set `PUBLIC_ORIGIN` to the address in the browser's bar.",
  },
  OIDC_CLIENT_SECRET: {
    default: '*(empty)*',
    meaning:
      'The client secret the provider gave with `OIDC_CLIENT_ID` (required with it); sent to the token endpoint (`client_secret_post`), never logged or echoed.',
  },
  ADMIN_USERNAMES: {
    default: '*(unset)*',
    meaning:
      "Comma-separated usernames made moderators at every start-up (`role` in `/auth/me`): a moderator may delete anyone's posts and comments and works the moderation queue. Every other account is a `member`, so a name taken off the list loses the role at the next start; set to nothing, no account is a moderator. Unset, the roles stay as stored (e.g. the seed's moderator). Names match as sign-in does (any letter case). A listed name no account has yet is reserved: registering or renaming to it answers 409, and the start-up log names it, until the operator creates the account with `npm run user -- create NAME` (a moderator at once).",
  },
  SOLANA_CLUSTER: {
    default: '`embedded`',
    meaning:
      '`embedded` (LiteSVM inside the server), `mainnet-beta`, `devnet`, `testnet` or `custom`.',
  },
  SOLANA_RPC_URL: {
    default: 'per cluster',
    meaning:
      'RPC endpoint; defaults to the public `https://api.<cluster>.solana.com`. Required for `custom`, refused for `embedded`. Never echoed (it may carry an API key).',
  },
  FAUCET_SECRET_KEY: {
    default: '*(empty)*',
    meaning:
      "The faucet's 64-byte key, as base58 (Phantom export) or a solana-keygen JSON array. Required on real clusters; optional on `embedded` (one is made and kept in `$DATA_DIR/chain/`). Never logged or echoed.",
  },
  TOKEN_MINT: {
    default: '*(empty)*',
    meaning:
      'The SPL Token mint (9 decimals). Required on real clusters, refused on `embedded` (which makes its own).',
  },
  FAUCET_ENABLED: {
    default: '`true`',
    meaning: '`false`: `/token/info` says disabled and requests get 503.',
  },
  FAUCET_MAX_PER_REQUEST: {
    default: '`100`',
    meaning: 'Tokens per request; at most every daily token cap.',
  },
  FAUCET_MIN_PER_REQUEST: {
    default: '`1`',
    meaning:
      'The fewest tokens one request may ask for (each request costs the faucet a fee); at most `FAUCET_MAX_PER_REQUEST`. Smaller amounts answer 422.',
  },
  FAUCET_MAX_PER_USER_DAILY: {
    default: '`300`',
    meaning: 'Tokens per member per rolling 24 h.',
  },
  FAUCET_MAX_PER_ADDRESS_DAILY: {
    default: '`300`',
    meaning: 'Tokens per receiving address per rolling 24 h.',
  },
  FAUCET_MAX_PER_IP_DAILY: {
    default: '`1000`',
    meaning:
      'Tokens per client address per rolling 24 h (set `TRUST_PROXY` behind a load balancer).',
  },
  FAUCET_MAX_GLOBAL_DAILY: {
    default: '`10000`',
    meaning: 'Tokens in total per rolling 24 h.',
  },
  FAUCET_MAX_REQUESTS_PER_USER_DAILY: {
    default: '`10`',
    meaning: 'Requests per member per rolling 24 h.',
  },
  FAUCET_MAX_REQUESTS_PER_IP_DAILY: {
    default: '`30`',
    meaning: 'Requests per client address per rolling 24 h.',
  },
  FAUCET_MAX_REQUESTS_GLOBAL_DAILY: {
    default: '`1000`',
    meaning: 'Requests in total per rolling 24 h; bounds the SOL spent on account activations.',
  },
  TRUST_PROXY: {
    default: '`false`',
    meaning:
      "Whether to take the client address from `X-Forwarded-For`: `false`, a hop count such as `1` (the number of proxies in front of the server), or comma-separated proxy addresses/CIDRs. `true` is refused at start-up: trusting every hop would let any client choose its own address for the rate limits. Set it behind a load balancer, or every client shares the balancer's address for rate limiting.",
  },
};
