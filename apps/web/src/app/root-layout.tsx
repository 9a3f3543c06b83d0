import { lazy, Suspense, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { paths } from '@/config/paths';
import { LoginOverlay } from '@/features/auth/components/login-overlay';
import { WalletControl } from '@/features/wallet/components/wallet-control';
import { useAuth } from '@/lib/auth-store';
import { NavigationPendingContext } from './navigation-pending';
import { ScreenHydratedMark } from './ssr/screen-hydrated';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// Only members have a bell: a visitor's first load carries none of it.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

export function RootLayout() {
  const { t } = useTranslation('common');
  const { token, user } = useAuth();
  const navigationPending = use(NavigationPendingContext);
  // Moderators get the moderation screen in the header; the screen itself checks again.
  const moderatorNav = [{ label: t('nav.moderation'), to: paths.moderation.href() }];
  return (
    <MainLayout
      walletSlot={<WalletControl />}
      notificationsSlot={
        token ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null
      }
      extraNavItems={user?.role === 'moderator' ? moderatorNav : undefined}
      navigationPending={navigationPending}
    >
      <ScrollToTopOnNavigate />
      <Suspense fallback={<LoadingScreen />}>
        <ScreenHydratedMark>
          <Outlet />
        </ScreenHydratedMark>
      </Suspense>
      <LoginOverlay />
    </MainLayout>
  );
}
