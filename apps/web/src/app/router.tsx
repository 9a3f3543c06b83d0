import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';

/** Each screen is its own chunk, so the first load carries only the shell and the current screen. */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
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

/**
 * Declarative routing on purpose: render errors must reach the global error screen (spec §4),
 * which the data router would intercept with its own error element.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path={paths.upload.path} element={<UploadRoute />} />
          <Route path={paths.token.path} element={<TokenRoute />} />
          <Route path={paths.forum.path} element={<ForumRoute />} />
          <Route path={paths.postDetail.path} element={<PostDetailRoute />} />
          <Route path={paths.author.path} element={<AuthorRoute />} />
          <Route path={paths.myPage.path} element={<MyPageRoute />} />
          <Route path={paths.register.path} element={<RegisterRoute />} />
          <Route path={paths.moderation.path} element={<ModerationRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
