import { EMAIL_LINK_PATHS, NOTIFICATION_PREFERENCES_QUERY, OIDC_WEB_PATH } from '@symposia/shared';

/** The element id of a comment on the post detail, so a link can scroll to it. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

/** Every route of the app (spec §2), so links and the router cannot disagree. */
export const paths = {
  home: { path: '/', href: () => '/' },
  upload: { path: '/upload', href: () => '/upload' },
  token: { path: '/token', href: () => '/token' },
  forum: {
    path: '/forum',
    href: (search?: string) => (search ? `/forum?search=${encodeURIComponent(search)}` : '/forum'),
    /** The forum filtered by one tag (issue 30: where it is followed). */
    tag: (tag: string) => `/forum?tag=${encodeURIComponent(tag)}`,
    /** The posts of the authors and tags the member follows. */
    following: () => '/forum?feed=following',
  },
  postDetail: {
    path: '/forum/detail/:id',
    href: (id: string) => `/forum/detail/${encodeURIComponent(id)}`,
    /** The post detail scrolled to one of its comments. */
    comment: (id: string, commentId: string) =>
      `/forum/detail/${encodeURIComponent(id)}#${encodeURIComponent(commentAnchor(commentId))}`,
  },
  author: {
    path: '/author/:id',
    href: (id: string) => `/author/${encodeURIComponent(id)}`,
    /** `@username` in a text links here; the author page resolves the name (features/profiles). */
    byUsername: (username: string) => `/author/@${encodeURIComponent(username)}`,
  },
  /** The review queue (issue 29), optionally filtered by a tag. */
  reviews: {
    path: '/reviews',
    href: (tag?: string) => (tag ? `/reviews?tag=${encodeURIComponent(tag)}` : '/reviews'),
  },
  myPage: {
    path: EMAIL_LINK_PATHS.myPage,
    href: () => EMAIL_LINK_PATHS.myPage,
    /** My Page with its Settings open at the notification preferences (emails link here). */
    notificationPreferences: () =>
      `${EMAIL_LINK_PATHS.myPage}?${new URLSearchParams(NOTIFICATION_PREFERENCES_QUERY).toString()}`,
  },
  register: { path: '/register', href: () => '/register' },
  /** "Forgot password?" and the screens the links sent by email open (issue 30). */
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: {
    path: EMAIL_LINK_PATHS.resetPassword,
    href: (token: string) => `${EMAIL_LINK_PATHS.resetPassword}?token=${encodeURIComponent(token)}`,
  },
  verifyEmail: {
    path: EMAIL_LINK_PATHS.verifyEmail,
    href: (token: string) => `${EMAIL_LINK_PATHS.verifyEmail}?token=${encodeURIComponent(token)}`,
  },
  moderation: { path: '/moderation', href: () => '/moderation' },
  /** Where the ORCID callback sends the browser (issue 30). */
  orcid: { path: OIDC_WEB_PATH, href: () => OIDC_WEB_PATH },
  /** One-click unsubscribe's screen (issue 30): the API's GET of an email's link lands here. */
  unsubscribe: { path: EMAIL_LINK_PATHS.unsubscribe },
} as const;
