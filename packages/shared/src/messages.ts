/**
 * The messages that have a placeholder, as templates with `{{name}}` placeholders (the syntax the
 * web app's message catalogue uses, so its English catalogue is these very texts). MESSAGES fills
 * them; `describeMessage` (message-codes.ts) reads a filled one back into its code and values.
 */
export const MESSAGE_TEMPLATES = {
  uploadFileTooLarge: 'File {{name}} exceeds 50MB limit',
  tooManyUploadsSeconds: 'You are uploading too often. Please try again in {{seconds}} seconds.',
  tooManyUploadsMinutes: 'You are uploading too often. Please try again in {{minutes}} minutes.',
  storageQuotaExceeded:
    'This upload would exceed your storage quota of {{quota}} ({{left}} left); nothing was saved.',
  updateFailed: 'failed to update {{field}}',
  accountActivationFailed: 'Account activation failed: {{reason}}',
  accountVerificationFailed: 'Account verification failed: {{reason}}',
  tokenOperationFailed: 'Token operation failed: {{reason}}',
  tokenAmountTooLarge: 'At most {{max}} tokens per request',
  faucetLimitReached: 'Token request limit reached. You can request again after {{when}}',
  tokenAmountTooSmallOne: 'At least {{min}} token per request',
  tokenAmountTooSmall: 'At least {{min}} tokens per request',
  tokenAmountTooLong: 'Enter the amount in at most {{max}} characters',
  rewardClaimTooEarly: 'Your account is too new to claim rewards. You can claim after {{when}}',
  rewardClaimBelowMinimum:
    'You can claim once you have at least {{min}} tokens; you have {{claimable}}',
  rewardsFrozen:
    'Your reward balance of {{amount}} tokens is frozen while the moderators review your account',
  tooManyWallets: 'You can link at most {{max}} wallets; unlink one first',
  tooManyFollows: 'You can follow at most {{max}} authors and tags; unfollow some first',
  bountyDeadlineRange: 'The deadline must be in the future and at most {{days}} days away',
  invalidResponse: 'Unexpected answer from {{method}} {{path}}',
  routeNotFound: 'Route {{method}} {{url}} not found',
  unsupportedMediaType:
    'Content-Type {{contentType}} is not accepted; send application/x-www-form-urlencoded or application/json',
  commonPassword:
    'is one of the {{count}} most common passwords; choose one that is harder to guess',
  deleteFailed: 'failed to delete {{what}}',
  accountSuspended: 'Your account is suspended until {{until}}',
  moderationHide: 'The moderators hid your {{what}}: {{note}}',
  moderationDelete: 'The moderators removed your {{what}}: {{note}}',
  moderationSuspend: 'Your account is suspended until {{until}}: {{note}}',
  moderationRestore: 'The moderators restored your {{what}}: {{note}}',
  sectionPrivate: 'This user has chosen to keep their {{section}} private.',

  // Field rules of the API's schemas: the `message` of a 422's field errors.
  fieldRequired: '{{field}} is required',
  minLength: 'must be at least {{min}} characters',
  maxLength: 'must be at most {{max}} characters',
  atLeast: 'must be at least {{min}}',
  atMost: 'must be at most {{max}}',
  oneOf: 'must be one of {{options}}',
  tooManyAtOnce: 'at most {{max}} at once',
} as const;

export type MessageTemplateCode = keyof typeof MESSAGE_TEMPLATES;
export type MessageValues = Record<string, string | number>;

/** A template with its placeholders filled in. */
export function fill(template: string, values: MessageValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/**
 * Every user-facing message of the product spec (§5, §6, §8), written once. Messages with a
 * placeholder are functions over MESSAGE_TEMPLATES so the wording cannot drift.
 */
export const MESSAGES = {
  unexpectedError: 'An unexpected error occurred',
  errorDefault: 'An error occurred',
  windowErrorFallback:
    'The application hit an error. Please refresh the page or contact support if it keeps happening.',

  invalidCredentials: 'Invalid username or password',
  registrationFailed: 'Registration failed, please try again',
  usernameTaken: 'This username is already taken',
  usernameReserved: 'This username is reserved',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Your session has expired, please sign in again',
  tooManyLoginAttempts: 'Too many login attempts, please try again later',
  unsupportedGrantType: 'Only the password grant is supported',

  loginToComment: 'Please login to submit your comment',
  loginToViewAuthor: 'Please login to view this author profile',

  tooManyComments: 'You are commenting too fast. Please wait a moment and try again.',
  tooManyLikes: 'You are liking too fast. Please wait a moment and try again.',
  commentNotFound: 'Comment not found',
  commentParentElsewhere: 'The comment you reply to belongs to another post',
  commentRootMismatch: 'rootId does not match the thread of the comment you reply to',
  anonymous: 'Anonymous',
  commentsLoadFailed: 'Failed to load comments. Please try again later.',
  repliesLoadFailed: 'Failed to load replies. Please try again later.',
  likeFailed: 'Failed to update like',
  likeFailedDetails: 'Your like was not saved. Please try again later.',
  commentFailed: 'Failed to submit comment. Please try again later.',
  noComments: 'No comments yet. Be the first to comment!',
  postListFailed: 'Failed to load posts. Please try again later.',
  postLoadFailed: 'Failed to load post details',
  postNotFoundTitle: 'Post not found',
  postNotFoundText: "The post you're looking for doesn't exist or has been removed.",
  authorLoadFailed: 'Failed to load author data',
  myPageLoadFailed: 'Failed to load user data. Please try again.',

  uploadMaxFiles: 'Maximum 5 files allowed',
  uploadFileTooLarge: (name: string) => fill(MESSAGE_TEMPLATES.uploadFileTooLarge, { name }),
  uploadNoFiles: 'please select at least one file',
  uploadFailed: 'upload failed',
  uploadProcessing:
    'Upload successful: your files are stored on IPFS; the post is being analysed and will be complete shortly.',
  uploadPending: 'Upload accepted. Your post will be visible in about 1 minute.',
  uploadSingleFile: 'Send exactly one file, in the field "file"',
  uploadInterrupted: 'The upload was interrupted before every file arrived; nothing was saved.',

  // Upload rate limit and storage quota (UPLOAD_RATE_LIMIT_*, USER_STORAGE_QUOTA_BYTES).
  tooManyUploads: (retryAfterSeconds: number) =>
    retryAfterSeconds < 120
      ? fill(MESSAGE_TEMPLATES.tooManyUploadsSeconds, { seconds: retryAfterSeconds })
      : fill(MESSAGE_TEMPLATES.tooManyUploadsMinutes, {
          minutes: Math.ceil(retryAfterSeconds / 60),
        }),
  storageQuotaExceeded: (quota: string, left: string) =>
    fill(MESSAGE_TEMPLATES.storageQuotaExceeded, { quota, left }),

  notYourProfile: 'You can only change your own profile',
  userNotFound: 'User not found',
  avatarTooLarge: 'The image must be at most 5 MB',
  avatarTooManyPixels: 'The image is too large: at most 50 megapixels',
  avatarInvalidType: 'Invalid file type. Please upload an image file.',
  avatarInvalidTypeToastTitle: 'Invalid file type',
  avatarInvalidTypeToastDetails: 'Please upload an image file (PNG, JPEG, etc.)',

  updateFailed: (field: string) => fill(MESSAGE_TEMPLATES.updateFailed, { field }),
  updateEmailFailed: 'Failed to update email',
  updatePhoneFailed: 'Failed to update phone',
  updateSettingsFailed: 'Failed to update settings',
  updateDetailsFallback: 'please try again later',

  enterReceivingAddress: 'Please enter receiving address',
  invalidSolanaAddress: 'Invalid Solana address',
  installPhantom: 'Please install Phantom Wallet',
  userRejected: 'User rejected the request',
  connectionRejected: 'Connection request rejected',
  connectionFailed: 'Connection failed',
  connectWalletFailed: 'Failed to connect wallet',
  noTrustedConnection: 'No trusted connection',
  sourceAccountMissing: 'Source account does not exist or is not activated',
  sourceTokenAccountMissing: 'Source token account does not exist or is not activated',
  accountActivationFailed: (reason: string) =>
    fill(MESSAGE_TEMPLATES.accountActivationFailed, { reason }),
  accountVerificationFailed: (reason: string) =>
    fill(MESSAGE_TEMPLATES.accountVerificationFailed, { reason }),
  tokenOperationFailed: (reason: string) =>
    fill(MESSAGE_TEMPLATES.tokenOperationFailed, { reason }),
  insufficientSol: 'The faucet SOL balance is too low to create the token account for this address',
  tokenAmountInvalid: 'Enter an amount greater than 0',
  tokenAmountTooLarge: (max: number) => fill(MESSAGE_TEMPLATES.tokenAmountTooLarge, { max }),
  faucetLimitReached: (when: string) => fill(MESSAGE_TEMPLATES.faucetLimitReached, { when }),
  faucetDisabled: 'The token faucet is not available right now',
  faucetRequestPending:
    'This token request is still being processed. Please wait a moment, then check again.',
  tokenTransferFailed: 'Token transfer failed, please try again',
  // Faucet abuse: amounts below the minimum or too long to be one, a request_id reused.
  tokenAmountTooSmall: (min: number) =>
    fill(
      min === 1 ? MESSAGE_TEMPLATES.tokenAmountTooSmallOne : MESSAGE_TEMPLATES.tokenAmountTooSmall,
      {
        min,
      },
    ),
  tokenAmountTooLong: (max: number) => fill(MESSAGE_TEMPLATES.tokenAmountTooLong, { max }),
  faucetRequestIdReused:
    'This request_id was already used for another address or amount; use a new request_id for a new request',
  // Reward claims (POST /rewards/claim).
  rewardClaimTooEarly: (when: string) => fill(MESSAGE_TEMPLATES.rewardClaimTooEarly, { when }),
  rewardClaimBelowMinimum: (min: string, claimable: string) =>
    fill(MESSAGE_TEMPLATES.rewardClaimBelowMinimum, { min, claimable }),
  rewardClaimsDisabled: 'Reward claims are not available right now',
  rewardClaimPending:
    'This claim is still being processed. Please wait a moment, then check again.',
  rewardClaimRequestIdReused:
    'This request_id was already used for another address; use a new request_id for a new claim',
  // A suspended member's rewards (issue 28): the claim of a frozen balance.
  rewardsFrozen: (amount: string) => fill(MESSAGE_TEMPLATES.rewardsFrozen, { amount }),
  rewardClaimWalletNotLinked:
    'Rewards are paid only to a wallet linked to your account. Link this wallet on My Page first.',
  // Linked wallets (POST /wallets/challenge, POST /wallets, DELETE /wallets/{address}).
  walletChallengeUnknown:
    'This signing request is unknown, already used or expired. Ask for a new one and sign it.',
  walletMessageMismatch: 'The signed message is not the one this server issued',
  walletSignatureMalformed: 'The signature must be 64 bytes in base58 or base64',
  walletSignatureInvalid: 'The signature does not match this wallet and message',
  walletLinkedElsewhere: 'This wallet is linked to another account',
  walletNotLinked: 'This wallet is not linked to your account',

  // Sign-in with ORCID (issue 30): GET /auth/oidc/authorize and /callback, the hand-off to the
  // web app (POST /auth/oidc/session, /auth/oidc/register), linking from My Page.
  oidcDisabled: 'Sign-in with ORCID is not set up on this server',
  oidcFlowInvalid:
    'This ORCID sign-in is unknown, expired or was started in another browser. Please start again.',
  oidcProviderRefused: 'ORCID did not confirm who you are, so nobody was signed in.',
  oidcAnswerInvalid:
    'The answer from ORCID could not be verified, so nobody was signed in. Please start again.',
  oidcUnavailable: 'ORCID could not be reached. Please try again later.',
  oidcHandoffInvalid:
    'This sign-in link has expired or was already used. Please sign in with ORCID again.',
  orcidInvalid: 'must be an ORCID iD such as 0000-0002-1825-0097, with its check digit',
  orcidLinkedElsewhere: 'This ORCID iD is already linked to another account',
  orcidAlreadyLinked: 'Your account is already linked to an ORCID iD; unlink it first',
  orcidNotLinked: 'Your account is not linked to an ORCID iD',
  orcidOnlySignIn: 'Your account signs in only with ORCID, so ORCID cannot be unlinked from it',
  noPasswordSet: 'Your account has no password: it signs in with ORCID',

  // Review bounties (issue 29).
  bountyNotFound: 'Bounty not found',
  bountyAmountInvalid:
    "Enter the amount as a whole number of the token's smallest unit, at least 1",
  bountyBalanceTooLow: 'Your claimable reward balance is smaller than this bounty',
  bountyPoolTooLow: 'The reward pool holds less than this bounty',
  bountyPoolModeratorsOnly: 'Only moderators may offer a bounty from the reward pool',
  bountyAwardNotYours: 'Only whoever offered this bounty may award it before its deadline',
  bountyAwardModeratorLate:
    'After the deadline only a moderator may award a bounty, and only one its offerer left unawarded',
  bountyClosed: 'This bounty is closed',
  bountyReviewNotEligible:
    'Only live reviews of this post written while the bounty was open, by someone other than its offerer, can be awarded',
  bountyAwardsExhausted: 'This bounty has fewer awards left than the reviews chosen',
  bountyReviewAwarded: 'A chosen review was already awarded this bounty',
  tooManyWalletChallenges:
    'You are asking to link wallets too often. Please wait a moment and try again.',
  tooManyWallets: (max: number) => fill(MESSAGE_TEMPLATES.tooManyWallets, { max }),
  bountyDeadlineRange: (days: number) => fill(MESSAGE_TEMPLATES.bountyDeadlineRange, { days }),
  // Follows (issue 30): POST and DELETE /follows, and the following feed.
  cannotFollowYourself: 'You cannot follow yourself',
  followTagEmpty: 'must name a tag',
  tooManyFollowChanges:
    'You are following and unfollowing too fast. Please wait a moment and try again.',
  tooManyFollows: (max: number) => fill(MESSAGE_TEMPLATES.tooManyFollows, { max }),
  followFailed: 'Failed to update what you follow. Please try again.',
  // Rewards (GET /rewards/leaderboard).
  rewardEpochNotFound: 'No such reward epoch',
  // Receipts (GET /reviews/{id}/proof, issue 29).
  receiptReviewNotFound: 'This review does not exist or is not visible to you',
  receiptNotAnchored:
    'This review has no proof yet: its receipt is anchored on the chain once its epoch has ended',

  requestTimedOut: 'The server did not answer in time. Please try again.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  invalidResponse: (method: string, path: string) =>
    fill(MESSAGE_TEMPLATES.invalidResponse, { method, path }),
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText:
    'There is nothing at this address. It may have moved, or the link may be mistyped.',
  comingSoon: 'This part of Symposia is not available yet. It is coming soon.',

  notFound: 'Not found',
  routeNotFound: (method: string, url: string) =>
    fill(MESSAGE_TEMPLATES.routeNotFound, { method, url }),
  tooManyRequests: 'Too many requests, please try again later',
  internalError: 'Something went wrong on our side. Please try again.',
  serverBusy: 'The server is busy. Please try again in a few seconds.',

  missingCredentials: 'Enter your username and password',
  grantTypeRequired: 'grant_type is required and must be "password"',
  invalidJsonBody: 'The request body is not valid JSON',
  emptyJsonBody: 'The request body is empty although its Content-Type is application/json',
  unsupportedMediaType: (contentType: string) =>
    fill(MESSAGE_TEMPLATES.unsupportedMediaType, { contentType }),
  bodyTooLarge: 'The request body is too large',

  // Accounts: password policy, password change, registration limit.
  commonPassword: (count: number) =>
    fill(MESSAGE_TEMPLATES.commonPassword, { count: count.toLocaleString('en') }),
  wrongCurrentPassword: 'is not your current password',
  passwordUnchanged: 'must differ from your current password',
  passwordsDoNotMatch: 'does not match the new password',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  changePasswordFailed: 'Failed to change password',
  sessionNotFound: 'Session not found',
  tooManyRegistrations: 'Too many accounts were created from your address; please try again later',
  avatarNotUploaded: 'must be an /ipfs/ path from an avatar upload, or empty',

  // Verified email addresses and password reset (issue 30): the links sent by email.
  emailLinkInvalid:
    'This link is not valid. Check that you opened the whole link, or ask for a new one.',
  emailLinkExpired: 'This link has expired. Ask for a new one.',
  emailLinkUsed: 'This link was already used. Ask for a new one if you need to.',
  emailLinkOutdated:
    'This link was sent to an address your account no longer uses. Ask for a new one.',
  emailVerified: 'Your email address is verified.',
  emailAlreadyVerified: 'Your email address is already verified',
  noEmailToVerify: 'Add an email address to your profile first',
  verificationEmailSent: 'We sent a verification link to your email address.',
  tooManyVerificationEmails: 'Too many verification emails were sent; please try again later',
  passwordResetRequested:
    'If an account matches, we sent a link to its email address. The link works for one hour.',
  tooManyPasswordResets: 'Too many password reset requests; please try again later',
  passwordResetDone:
    'Your password was changed and every session was signed out. Sign in with it now.',

  // Notification emails and the digest (issue 30): one-click unsubscribe and the preferences.
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Check that you opened the whole link, or change your notification emails on My Page.',
  unsubscribeOneClick: 'must be One-Click (RFC 8058)',
  notificationPreferencesFailed: 'Failed to save notification preferences',

  // Citations: GET /media/{id}/cite and the Cite dialog of the detail page.
  citationBadHost: 'The Host header is not a valid host name, so the post URL cannot be written',
  citationLoadFailed: 'Failed to load the citation. Please try again later.',
  citationCopied: 'Copied',
  citationCopyFailed: 'Could not copy. Select the text and copy it yourself.',

  // Edit and delete: who may change a post or comment, and an edit with nothing in it.
  notYourPost: 'You can only edit your own post',
  cannotDeletePost: 'You can only delete your own post',
  notYourComment: 'You can only edit your own comment',
  cannotDeleteComment: 'You can only delete your own comment',
  editNeedsAField: 'send at least one field to change',
  deletedComment: '[deleted]',

  // Edit and delete on the detail page: a delete that failed, as update failures read.
  deleteFailed: (what: 'post' | 'comment') => fill(MESSAGE_TEMPLATES.deleteFailed, { what }),
  postDeleted: 'Post deleted',
  revisionsLoadFailed: 'Failed to load the earlier versions',
  noRevisions: 'No earlier versions.',

  // Peer review (issue 29).
  reviewNotFound: 'Review not found',
  reviewOwnPost: 'You cannot review your own post',
  reviewAlreadyWritten:
    'You have already reviewed this revision of the post; edit your review instead',
  notYourReview: 'You can only edit your own review',
  cannotDeleteReview: 'You can only delete your own review',
  reviewResponseAuthorOnly: "Only the post's author can respond to a review",
  reviewAlreadyAnswered: 'You have already responded to this review',
  reviewResponseNotFound: 'Response not found',
  reviewRatingAuthorOnly: "Only the post's author can rate a review's helpfulness",
  reviewOwnHelpful: 'You cannot mark your own review helpful',
  reviewNotCurrent: 'This review is of an earlier revision of the post; review the current one',
  reviewHidden: 'This review was hidden by the moderators',

  // Reports and moderation.
  reportTargetNotFound: 'There is nothing to report there, or you cannot see it',
  reportAlreadyOpen: 'You have already reported this; the moderators will look at it',
  reportOwnContent: 'You cannot report yourself or your own content',
  reportAccountTooNew: 'Your account is too new to report; please try again later',
  tooManyReports: 'You are reporting too fast. Please wait a moment and try again.',
  reportSent: 'Thank you. The moderators will look at your report.',
  reportFailed: 'Failed to send the report. Please try again later.',
  moderatorsOnly: 'Only moderators can do this',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report has already been resolved',
  moderationActionNotForUsers: 'A member can only be suspended or the report dismissed',
  cannotModerateModerator: 'A moderator cannot be suspended; ask an administrator',
  moderatorAlwaysTrusted: 'A moderator is always trusted: their role makes them a seed',
  notHidden: 'This is not hidden',
  nothingFrozen: 'This member has no frozen rewards',
  hiddenByModerators: 'Hidden by the moderators',
  accountSuspended: (until: string) => fill(MESSAGE_TEMPLATES.accountSuspended, { until }),
  moderationLoadFailed: 'Failed to load the moderation queue. Please try again later.',
  moderationActionFailed: 'The action failed. Please try again.',
  noOpenReports: 'No open reports. The community is calm.',
  // What a moderator's decision tells the member it concerns (a `moderation` notification).
  moderationNotice: {
    hide: (what: string, note: string) => fill(MESSAGE_TEMPLATES.moderationHide, { what, note }),
    delete: (what: string, note: string) =>
      fill(MESSAGE_TEMPLATES.moderationDelete, { what, note }),
    suspend: (until: string, note: string) =>
      fill(MESSAGE_TEMPLATES.moderationSuspend, { until, note }),
    restore: (what: string, note: string) =>
      fill(MESSAGE_TEMPLATES.moderationRestore, { what, note }),
  },
  // ...and what it tells each member who reported it.
  reportOutcomeNotice: {
    dismiss: 'The moderators reviewed your report and found nothing to act on',
    hide: 'The moderators reviewed your report and hid what you reported',
    delete: 'The moderators reviewed your report and removed what you reported',
    suspend: 'The moderators reviewed your report and suspended the account',
  },

  // Notifications.
  notificationsLoadFailed: 'Failed to load notifications. Please try again later.',
  noNotifications: 'Nothing new. Replies, mentions and likes will show up here.',
  notificationSettingsFailed: 'Failed to update notification settings',
  tooManyNotificationStreams:
    'Too many live notification streams are open for this account. Close a tab and try again.',
  tooManyNotificationStreamsFromAddress:
    'Too many live notification streams are open from your network address. Close a tab and try again.',

  // Field rules of the API's schemas (packages/shared/src/schemas): the `message` of a 422's
  // field errors, which the web app's forms show too. `field` is the API's name of the field.
  fieldRequired: (field: string) => fill(MESSAGE_TEMPLATES.fieldRequired, { field }),
  isRequired: 'is required',
  noteRequired: 'a note is required',
  requiredToSuspend: 'is required to suspend',
  notEmpty: 'must not be empty',
  notText: 'must be text',
  minLength: (min: number) => fill(MESSAGE_TEMPLATES.minLength, { min }),
  maxLength: (max: number) => fill(MESSAGE_TEMPLATES.maxLength, { max }),
  wholeNumber: 'must be a whole number',
  wholeNumberOfDays: 'must be a whole number of days',
  atLeast: (min: number) => fill(MESSAGE_TEMPLATES.atLeast, { min }),
  atMost: (max: number) => fill(MESSAGE_TEMPLATES.atMost, { max }),
  oneOf: (options: readonly string[]) =>
    fill(MESSAGE_TEMPLATES.oneOf, { options: options.join(', ') }),
  notBoolean: 'must be true or false',
  invalidVisibility: 'must be public or private',
  usernameCharacters: 'may contain only letters, digits, "_", "." and "-"',
  invalidEmail: 'must be a valid email address',
  invalidPhone: 'must be a phone number',
  invalidHttpUrl: 'must be an http or https URL',
  invalidImageUrl: 'must be empty, an http(s) URL or an /ipfs/ path',
  invalidDoi: 'must be a DOI such as 10.1000/xyz123',
  invalidCursor: 'is not a cursor this API gave',
  enterCurrentPassword: 'Enter your current password',
  noNotificationIds: 'name at least one notification',
  tooManyAtOnce: (max: number) => fill(MESSAGE_TEMPLATES.tooManyAtOnce, { max }),
  profileEditNeedsAField: 'send at least one of username, nickname, title, bio, url, tags',
  settingsNeedAFlag: 'send at least one new_public_* flag',
  userIdOrUsername: 'give either user_id or username',
} as const;

/** Fixed texts of the screens that the spec gives word for word (§1, §2). */
export const SCREEN_TEXT = {
  tagline: 'connecting academic thoughts, tokenizing research insights',
  slogans: ['science without boundaries, value unlocked', 'share, like, earn, repeat'],
  homeSearchPlaceholder: 'Search academic topics, tags, or authors',
  homeCallToAction: 'Join the Future of Academic Innovation',
  uploadTitle: 'Decentralized Storage on IPFS',
  tokenTitle: 'Token Management',
  getTokens: 'Get Tokens',
  connectWallet: 'Connect Wallet',
  connectYourWallet: 'Connect Your Wallet',
  walletConnected: 'Connected',
  walletDisconnected: 'Disconnected',
} as const;

/** Texts of My Page and the author profile that the spec gives word for word (§2). */
export const PROFILE_SCREEN_TEXT = {
  profileHidden: 'Profile Hidden',
  postsHidden: 'Posts Hidden',
  activityHidden: 'Activity Hidden',
  statisticsHidden: 'Statistics Hidden',
  sectionPrivate: (section: 'profile' | 'posts' | 'activity' | 'statistics') =>
    fill(MESSAGE_TEMPLATES.sectionPrivate, { section }),
  noPostsYet: 'No Posts Yet',
  noRecentActivity: 'No Recent Activity',
  backToForum: 'Back to Forum',
  connect: 'Connect',
  view: 'View',
  newPost: 'New Post',
  createFirstPost: 'Create Your First Post',
  browsePosts: 'Browse Posts',
  discoverContent: 'Discover Content',
  privacySettings: 'Privacy Settings',
  contactInformation: 'Contact Information',
  private: 'Private',
} as const;
