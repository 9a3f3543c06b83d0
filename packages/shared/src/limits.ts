/**
 * Business constants of the product spec (§5 and §9), and the server-side limits that the spec leaves
 * open. This is the one place they are defined: the server, the web app and the tests import them.
 */

export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export const LOADING_DOT_INTERVAL_MS = 400;
export const LOADING_MIN_DISPLAY_MS = 1000;
export const LOADING_MAX_DOTS = 3;

export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 30_000;

export const TOAST_DURATION_MS = 5000;
export const WALLET_TOAST_DURATION_MS = 3000;

export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const UPLOAD_FALLBACK_SUCCESS_MS = 5000;
export const UPLOAD_PROGRESS_STEP = 20;
export const UPLOAD_PROGRESS_TICK_MS = 1000;
export const UPLOAD_RESET_AFTER_MS = 1000;
/** The post id the upload screen shows when the server has not answered in time (spec §4). */
export const UPLOAD_PENDING_POST_ID = 'pending';

/** Home sections animate in on scroll: 1000 ms, once only, offset 100 (spec §2). */
export const HOME_REVEAL = { durationMs: 1000, once: true, offsetPx: 100 } as const;

export const FORUM_PAGE_SIZE = 20;
/**
 * Widths of the image renditions processing makes (WebP, never enlarged): cards in the forum grid
 * and the detail carousel, each about twice what it shows on a phone; the web app offers both in
 * a srcset.
 */
export const IMAGE_RENDITION_WIDTHS = { card: 640, detail: 1600 } as const;
export const LIST_DEFAULT_LIMIT = 12;
export const LIST_MAX_LIMIT = 100;
export const COMMENTS_DEFAULT_LIMIT = 2000;
export const COMMENTS_MAX_LIMIT = 2000;
/**
 * Paged threads (GET /comments/post/{id}/roots, GET /comments/{id}/replies): top-level comments
 * per page as the reader scrolls, and replies per "Show N more replies".
 */
export const COMMENT_ROOTS_DEFAULT_LIMIT = 20;
export const COMMENT_ROOTS_MAX_LIMIT = 100;
export const COMMENT_REPLIES_DEFAULT_LIMIT = 50;
export const COMMENT_REPLIES_MAX_LIMIT = 200;
/** The longest paging cursor the API accepts (its own are far shorter). */
export const COMMENT_CURSOR_MAX_LENGTH = 200;
export const COMMENT_MAX_LENGTH = 5000;
/** The largest `skip` a list or thread accepts: far past any real page, small enough to count. */
export const LIST_MAX_SKIP = 1_000_000;

/** Upper bounds of post fields (the spec leaves them open; the server enforces them). */
export const POST_FIELD_MAX_LENGTH = {
  title: 200,
  summary: 2000,
  content: 50_000,
  /** The comma-separated tags field as sent. */
  tags: 1000,
  /** One tag. */
  tag: 40,
  aiInstruction: 2000,
  search: 200,
  fileName: 255,
} as const;
export const POST_MAX_TAGS = 20;

/**
 * Citations: the longest DOI a post may carry, prefix `10.NNNN/` included. DOIs have
 * no fixed maximum; real ones stay far below this, and it keeps a pasted paragraph out.
 */
export const DOI_MAX_LENGTH = 256;

export const ACCOUNT_ACTIVATION_LAMPORTS = 990_880;
export const TOKEN_DECIMALS = 9;
export const NETWORK_NAME_MAINNET = 'Solana Mainnet';
/** The smallest unit of the token: amount × 10^TOKEN_DECIMALS (spec §7). */
export const TOKEN_UNITS_PER_TOKEN = 10 ** 9;
/** The longest text a Solana address (base58 of 32 bytes) can be. */
export const SOLANA_ADDRESS_MAX_LENGTH = 44;
export const SOLANA_COMMITMENT = 'confirmed';
/**
 * Characters of a faucet amount as sent (form text or JSON number): longer is refused before any
 * number is parsed, so a million digits never reach BigInt.
 */
export const TOKEN_AMOUNT_MAX_LENGTH = 40;

export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';
/**
 * DISPLAY_TIME_ZONE's offset from UTC: China Standard Time has been UTC+8 all year, without
 * daylight saving, since 1991. The web app shows times with it rather than with Intl, whose first
 * use costs a phone's fresh page ICU's set-up (apps/web/src/lib/time.ts).
 */
export const DISPLAY_TIME_ZONE_OFFSET_MINUTES = 8 * 60;

export const COMMENT_MIN_LEVEL = 1;
export const COMMENT_MAX_LEVEL = 3;
export const COMMENT_REPLIES_SHOWN_COLLAPSED = 1;

export const WALLET_ADDRESS_HEAD = 6;
export const WALLET_ADDRESS_TAIL = 4;

/** Maximum lengths of profile fields (spec §5, §9). */
export const MAX_LENGTH = {
  username: 20,
  title: 40,
  url: 60,
  bio: 500,
} as const;

/** Limits the spec leaves open; chosen here so the server can enforce them. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
export const NICKNAME_MAX_LENGTH = 40;
export const SELF_PAGE_MAX_LENGTH = 200;
export const TAGS_MAX_LENGTH = 500;
export const AVATAR_URL_MAX_LENGTH = 500;
/** Avatars: uploaded images at most this big, re-encoded to a square of AVATAR_SIZE_PX. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 50_000_000;
export const AVATAR_SIZE_PX = 512;
/** Entries of an author's activity list (spec §3), newest first. */
export const AUTHOR_ACTIVITY_LIMIT = 20;
/**
 * My Page's Posts, Comments and Likes tabs: GET /auth/me carries the first page of each, and the
 * tabs page on through GET /auth/me/posts, /auth/me/comments and /auth/me/likes.
 */
export const MY_PAGE_LIST_PAGE_SIZE = 20;

/**
 * My Page › Settings › Sessions (GET /auth/sessions): the member's live sessions, most recently
 * used first, at most this many; and how much of a sign-in's User-Agent is kept to show there.
 */
export const SESSIONS_LISTED_MAX = 100;
export const SESSION_USER_AGENT_MAX_LENGTH = 512;

/**
 * Links sent by email (issue 30): a verification link works for EMAIL_VERIFICATION_TTL_SECONDS
 * (24 h) and a password reset link for PASSWORD_RESET_TTL_SECONDS (1 h) after the message left;
 * each once. A link's token is 43 URL-safe characters; the API takes at most
 * EMAIL_LINK_TOKEN_MAX_LENGTH, so nothing longer is hashed.
 */
export const EMAIL_VERIFICATION_TTL_SECONDS = 86_400;
export const PASSWORD_RESET_TTL_SECONDS = 3600;
export const EMAIL_LINK_TOKEN_MAX_LENGTH = 128;
/** POST /auth/password_reset/request names the account by username or email address. */
export const PASSWORD_RESET_LOGIN_MAX_LENGTH = EMAIL_MAX_LENGTH;
/**
 * The default rate limits of the emails a request sends (PASSWORD_RESET_RATE_LIMIT_* and
 * EMAIL_VERIFICATION_RATE_LIMIT_* change them): reset requests per client address, reset emails
 * per account (whoever asks), and verification emails per member.
 */
export const PASSWORD_RESET_ADDRESS_LIMIT = { max: 10, windowSeconds: 3600 } as const;
export const PASSWORD_RESET_ACCOUNT_LIMIT = { max: 3, windowSeconds: 3600 } as const;
export const EMAIL_VERIFICATION_LIMIT = { max: 5, windowSeconds: 3600 } as const;
/** Accounts one reset request by email address reaches at most (several may share one address). */
export const PASSWORD_RESET_ACCOUNTS_PER_EMAIL = 5;

/**
 * Bounds of the OAuth2 token request's other fields (RFC 6749 leaves them open). The web client
 * sends fixed placeholders (WEB_CLIENT_TOKEN_FIELDS); anything longer is refused before any work.
 */
export const OAUTH_FIELD_MAX_LENGTH = {
  grant_type: 64,
  scope: 256,
  client_id: 128,
  client_secret: 256,
} as const;
/** How many of the most common passwords are refused for a new password. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/** Static marketing figures (spec §1, §2, §9). */
export const HOME_STATS = [
  { value: '10K+', label: 'Researchers' },
  { value: '5K+', label: 'Research Outputs' },
  { value: '25K+', label: 'Discussions' },
  { value: '100K+', label: 'Tokens Distributed' },
] as const;
export const FORUM_COUNTERS = [
  { value: '1.2K', label: 'Members' },
  { value: '3.5K', label: 'Posts' },
  { value: '12K', label: 'Comments' },
] as const;
export const MYPAGE_ACTIVITY_PERCENT = 87;
export const MYPAGE_ACTIVITY_BAR_WIDTHS = [75, 60, 85, 87] as const;

/** Default privacy settings (spec §3). */
export const DEFAULT_SETTINGS = {
  public_profile: true,
  public_posts: false,
  public_activities: false,
  public_statistics: false,
  public_contact: false,
} as const;

/** Reports and moderation. */
export const REPORT_NOTE_MAX_LENGTH = 500;
export const MODERATION_NOTE_MAX_LENGTH = 500;
/** The longest suspension a moderator may give, in days (ten years: as good as for ever). */
export const SUSPEND_MAX_DAYS = 3650;
export const MODERATION_DEFAULT_LIMIT = 20;
export const MODERATION_MAX_LIMIT = 100;

/** Notifications. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** Ids one POST /notifications/read may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;
/** Characters of the quoted text a notification carries. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;
/** The web app asks for the unread count this often when the live stream fails. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** The live stream sends a heartbeat this often, so proxies keep it open and clients see it alive. */
export const NOTIFICATIONS_HEARTBEAT_MS = 25_000;
/** Members one text may notify with `@username` (mentions.ts); further names are not told. */
export const NOTIFICATIONS_MENTIONS_PER_TEXT = 10;
/**
 * Live streams one member may hold open at once (a tab each): each holds a connection and a
 * subscription, so the bound keeps one account from exhausting the server's memory and sockets.
 */
export const NOTIFICATIONS_STREAMS_PER_MEMBER = 8;
/**
 * Live streams one client address (an IPv4 address, an IPv6 /64) may hold open at once, across
 * all its members: room for a household or an office behind one address, not for one client
 * holding the sockets of many accounts.
 */
export const NOTIFICATIONS_STREAMS_PER_ADDRESS = 32;

/** Rewards: the leaderboard's length. */
export const REWARD_LEADERBOARD_SIZE = 20;
/** Rewards: the epochs GET /rewards/me lists in its history, the latest first. */
export const REWARD_HISTORY_SIZE = 100;

/**
 * Wallets a member proves they hold (issue 28): a Sign-In-With-Solana message the server issues,
 * signed with the wallet's key. The longest message and signature text a client may send back
 * (an issued message is far shorter; a 64-byte signature is at most 88 characters of base58 or
 * base64), and how many wallets one member may link at once.
 */
export const WALLET_MESSAGE_MAX_LENGTH = 1000;
export const WALLET_SIGNATURE_MAX_LENGTH = 100;
export const WALLETS_PER_MEMBER_MAX = 10;
/** The statement of the message a wallet signs to be linked (spec of SIWS: one line, no "\n"). */
export const WALLET_LINK_STATEMENT =
  'Link this wallet to your Symposia account. Signing costs nothing and sends no transaction.';

/**
 * Peer review (issue 29): each score and the confidence run from REVIEW_SCORE_MIN to
 * REVIEW_SCORE_MAX, as does the post author's helpfulness rating; the texts are Markdown with
 * math, like a post's content. A review's summary is required, its strengths and weaknesses may be
 * empty; the author's response is one text.
 */
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 5;
export const REVIEW_FIELD_MAX_LENGTH = {
  summary: 10_000,
  strengths: 10_000,
  weaknesses: 10_000,
  response: 10_000,
} as const;
/** A member's reviews (GET /users/{id}/reviews): per page unless `limit` says, at most the max. */
export const USER_REVIEWS_DEFAULT_LIMIT = 20;
export const USER_REVIEWS_MAX_LIMIT = 100;

/**
 * Review bounties (issue 29): a bounty is open this many days unless its offerer says otherwise,
 * at most BOUNTY_MAX_DAYS, and pays at most BOUNTY_MAX_AWARDS reviews (BOUNTY_DEFAULT_AWARDS
 * unless said). Amounts are strings of the token's smallest unit, at most BOUNTY_AMOUNT_MAX_DIGITS
 * digits (far beyond any supply, and within PostgreSQL's bigint).
 */
export const BOUNTY_DEFAULT_DAYS = 14;
export const BOUNTY_MAX_DAYS = 60;
export const BOUNTY_DEFAULT_AWARDS = 1;
export const BOUNTY_MAX_AWARDS = 20;
export const BOUNTY_AMOUNT_MAX_DIGITS = 18;
/** Bounties GET /media/{id}/bounties lists, newest first. */
export const BOUNTIES_PER_POST_MAX = 100;
/** Posts per page of GET /reviews/open. */
export const OPEN_REVIEWS_PAGE_SIZE = 20;
/**
 * After a bounty's deadline, how long a moderator may still award one its offerer left
 * unawarded; then what is not awarded goes back.
 */
export const BOUNTY_MODERATOR_WINDOW_DAYS = 7;

/**
 * Follows (issue 30): the authors and tags one member follows, both kinds counted together, at
 * most this many (GET /follows lists them all in one answer); a followed tag is one tag of a post
 * (POST_FIELD_MAX_LENGTH.tag), and an author is named by their id as their profile's address
 * carries it, or `@username`, at most FOLLOW_TARGET_MAX_LENGTH characters.
 */
export const FOLLOWS_PER_MEMBER_MAX = 500;
export const FOLLOW_TARGET_MAX_LENGTH = 64;

/**
 * Sign-in with ORCID (issue 30): the one-time codes the server hands the web app in a URL
 * fragment (43 base64url characters, like access tokens) and the query parameters of the
 * provider's answer to the callback, bounded before anything is looked up.
 */
export const OIDC_CODE_MAX_LENGTH = 64;
export const OIDC_CALLBACK_FIELD_MAX_LENGTH = 2048;

/**
 * When the database is too busy to answer in time (every pooled connection taken past the wait, a
 * write lock held past SQLite's busy timeout), the answer is 503 with a Retry-After of this many
 * seconds: the request changed nothing and may simply be sent again.
 */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 5;
