/** Every route of the app (spec §2), so links and the router cannot disagree. */
export const paths = {
  home: { path: '/', href: () => '/' },
  upload: { path: '/upload', href: () => '/upload' },
  token: { path: '/token', href: () => '/token' },
  forum: {
    path: '/forum',
    href: (search?: string) => (search ? `/forum?search=${encodeURIComponent(search)}` : '/forum'),
  },
  postDetail: {
    path: '/forum/detail/:id',
    href: (id: string) => `/forum/detail/${encodeURIComponent(id)}`,
  },
  author: { path: '/author/:id', href: (id: string) => `/author/${encodeURIComponent(id)}` },
  myPage: { path: '/mypage', href: () => '/mypage' },
  register: { path: '/register', href: () => '/register' },
} as const;
