import { useLayoutEffect, useState, useTransition } from 'react';
import {
  matchPath,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router';
import { paths } from '@/config/paths';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import { NavigationPendingContext } from './navigation-pending';
import { RootLayout } from './root-layout';

// Each screen is its own chunk, so the first load carries only the shell and the current screen;
// preloadScreen() loads one ahead (lib/preloadable.tsx: a page rendered on the server is hydrated
// only once its screen is here).
const HomeRoute = preloadable(
  () => import('./routes/home'),
  (m) => m.HomeRoute,
);
const UploadRoute = preloadable(
  () => import('./routes/upload'),
  (m) => m.UploadRoute,
);
const TokenRoute = preloadable(
  () => import('./routes/token'),
  (m) => m.TokenRoute,
);
const ForumRoute = preloadable(
  () => import('./routes/forum'),
  (m) => m.ForumRoute,
);
const PostDetailRoute = preloadable(
  () => import('./routes/post-detail'),
  (m) => m.PostDetailRoute,
);
const ReviewsRoute = preloadable(
  () => import('./routes/reviews'),
  (m) => m.ReviewsRoute,
);
const AuthorRoute = preloadable(
  () => import('./routes/author'),
  (m) => m.AuthorRoute,
);
const MyPageRoute = preloadable(
  () => import('./routes/my-page'),
  (m) => m.MyPageRoute,
);
const RegisterRoute = preloadable(
  () => import('./routes/register'),
  (m) => m.RegisterRoute,
);
const ForgotPasswordRoute = preloadable(
  () => import('./routes/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
const ResetPasswordRoute = preloadable(
  () => import('./routes/reset-password'),
  (m) => m.ResetPasswordRoute,
);
const VerifyEmailRoute = preloadable(
  () => import('./routes/verify-email'),
  (m) => m.VerifyEmailRoute,
);
const UnsubscribeRoute = preloadable(
  () => import('./routes/unsubscribe'),
  (m) => m.UnsubscribeRoute,
);
const ModerationRoute = preloadable(
  () => import('./routes/moderation'),
  (m) => m.ModerationRoute,
);
const OrcidRoute = preloadable(
  () => import('./routes/orcid'),
  (m) => m.OrcidRoute,
);
const NotFoundRoute = preloadable(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);

/** The screens with their paths, in the order the router tries them ('*' last). */
const SCREENS: readonly { path?: string; Screen: Preloadable<object> }[] = [
  { Screen: HomeRoute },
  { path: paths.upload.path, Screen: UploadRoute },
  { path: paths.token.path, Screen: TokenRoute },
  { path: paths.forum.path, Screen: ForumRoute },
  { path: paths.postDetail.path, Screen: PostDetailRoute },
  { path: paths.reviews.path, Screen: ReviewsRoute },
  { path: paths.author.path, Screen: AuthorRoute },
  { path: paths.myPage.path, Screen: MyPageRoute },
  { path: paths.register.path, Screen: RegisterRoute },
  { path: paths.forgotPassword.path, Screen: ForgotPasswordRoute },
  { path: paths.resetPassword.path, Screen: ResetPasswordRoute },
  { path: paths.verifyEmail.path, Screen: VerifyEmailRoute },
  { path: paths.moderation.path, Screen: ModerationRoute },
  { path: paths.orcid.path, Screen: OrcidRoute },
  { path: paths.unsubscribe.path, Screen: UnsubscribeRoute },
  { path: '*', Screen: NotFoundRoute },
];

/** Loads the screen of `pathname` ahead. */
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
 *
 * React Router's BrowserRouter, with the transition it puts every navigation in made ours
 * (useTransition): while the next screen waits for its chunk (or anything else it suspends on),
 * React keeps the old screen up and `pending` says so, which the layout shows (issue 32: the old
 * screen dimmed and inert, a progress bar). The same history BrowserRouter makes.
 */
export function AppRouter() {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startNavigation] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startNavigation(() => setState({ action, location })),
      ),
    [history],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <AppRoutes />
      </Router>
    </NavigationPendingContext>
  );
}
