import { lazy, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';

type LazyRoute = ComponentType & { preload: () => Promise<void> };

/**
 * Each screen is its own chunk, so the first load carries only the shell and the current screen.
 * `preload()` loads it ahead: a page rendered on the server is hydrated only once its screen is
 * here, so the first render matches the server's HTML instead of suspending on the chunk.
 */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { preload });
}

const HomeRoute = lazyRoute(
  () => import('./routes/home'),
  (m) => m.HomeRoute,
);
const UploadRoute = lazyRoute(
  () => import('./routes/upload'),
  (m) => m.UploadRoute,
);
const TokenRoute = lazyRoute(
  () => import('./routes/token'),
  (m) => m.TokenRoute,
);
const ForumRoute = lazyRoute(
  () => import('./routes/forum'),
  (m) => m.ForumRoute,
);
const PostDetailRoute = lazyRoute(
  () => import('./routes/post-detail'),
  (m) => m.PostDetailRoute,
);
const ReviewsRoute = lazyRoute(
  () => import('./routes/reviews'),
  (m) => m.ReviewsRoute,
);
const AuthorRoute = lazyRoute(
  () => import('./routes/author'),
  (m) => m.AuthorRoute,
);
const MyPageRoute = lazyRoute(
  () => import('./routes/my-page'),
  (m) => m.MyPageRoute,
);
const RegisterRoute = lazyRoute(
  () => import('./routes/register'),
  (m) => m.RegisterRoute,
);
const ModerationRoute = lazyRoute(
  () => import('./routes/moderation'),
  (m) => m.ModerationRoute,
);
const NotFoundRoute = lazyRoute(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);

/** The screens with their paths, in the order the router tries them ('*' last). */
const SCREENS: readonly { path?: string; Screen: LazyRoute }[] = [
  { Screen: HomeRoute },
  { path: paths.upload.path, Screen: UploadRoute },
  { path: paths.token.path, Screen: TokenRoute },
  { path: paths.forum.path, Screen: ForumRoute },
  { path: paths.postDetail.path, Screen: PostDetailRoute },
  { path: paths.reviews.path, Screen: ReviewsRoute },
  { path: paths.author.path, Screen: AuthorRoute },
  { path: paths.myPage.path, Screen: MyPageRoute },
  { path: paths.register.path, Screen: RegisterRoute },
  { path: paths.moderation.path, Screen: ModerationRoute },
  { path: '*', Screen: NotFoundRoute },
];

/** Loads the screen of `pathname` (see lazyRoute). */
export function preloadScreen(pathname: string): Promise<void> {
  const match = SCREENS.find(({ path }) =>
    path === undefined ? pathname === '/' : path === '*' || matchPath(path, pathname),
  );
  return match ? match.Screen.preload() : Promise.resolve();
}

/** The routes without their router: the browser's router here, a static one on the server. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {SCREENS.map(({ path, Screen }) =>
          path === undefined ? (
            <Route key="index" index element={<Screen />} />
          ) : (
            <Route key={path} path={path} element={<Screen />} />
          ),
        )}
      </Route>
    </Routes>
  );
}

/**
 * Declarative routing on purpose: render errors must reach the global error screen (spec §4),
 * which the data router would intercept with its own error element.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
