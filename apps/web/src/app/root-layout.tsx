import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { LoadingScreen } from '@/components/ui/loading-screen/loading-screen';
import { LoginOverlay } from '@/features/auth/components/login-overlay';
import styles from './root-layout.module.css';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Reserved for the wallet connect control, which arrives with the wallet feature. */
function WalletSlot() {
  return <div className={styles.walletSlot} data-slot="wallet" aria-hidden="true" />;
}

export function RootLayout() {
  return (
    <MainLayout walletSlot={<WalletSlot />}>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <LoginOverlay />
    </MainLayout>
  );
}
