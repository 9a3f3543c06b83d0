import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { LoginOverlay } from '@/features/auth/components/login-overlay';
import { WalletControl } from '@/features/wallet/components/wallet-control';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <MainLayout walletSlot={<WalletControl />}>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <LoginOverlay />
    </MainLayout>
  );
}
