import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { paths } from '@/config/paths';
import { LoginOverlay } from '@/features/auth/components/login-overlay';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { WalletControl } from '@/features/wallet/components/wallet-control';
import { useAuth } from '@/lib/auth-store';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Moderators get the moderation screen in the header; the screen itself checks again. */
const MODERATOR_NAV = [{ label: 'Moderation', to: paths.moderation.href() }];

export function RootLayout() {
  const { user } = useAuth();
  return (
    <MainLayout
      walletSlot={<WalletControl />}
      notificationsSlot={<NotificationBell />}
      extraNavItems={user?.role === 'moderator' ? MODERATOR_NAV : undefined}
    >
      <ScrollToTopOnNavigate />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <LoginOverlay />
    </MainLayout>
  );
}
