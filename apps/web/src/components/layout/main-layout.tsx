import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer';
import { Header, type NavItem } from './header';
import { NavigationProgress } from './navigation-progress';
import styles from './main-layout.module.css';

type MainLayoutProps = {
  children: ReactNode;
  walletSlot?: ReactNode;
  notificationsSlot?: ReactNode;
  extraNavItems?: readonly NavItem[];
  /**
   * A navigation waits for the next screen: the screen shown is the old one, dimmed and inert (its
   * controls no longer act), under a progress bar. The header stays usable: another link replaces
   * the navigation under way.
   */
  navigationPending?: boolean;
};

export function MainLayout({
  children,
  walletSlot,
  notificationsSlot,
  extraNavItems,
  navigationPending = false,
}: MainLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className={styles.skipLink} href="#main-content">
        {t('skipToContent')}
      </a>
      <NavigationProgress active={navigationPending} />
      <Header
        walletSlot={walletSlot}
        notificationsSlot={notificationsSlot}
        extraNavItems={extraNavItems}
      />
      <main
        id="main-content"
        className={navigationPending ? `${styles.main} ${styles.pending}` : styles.main}
        tabIndex={-1}
        inert={navigationPending}
        aria-busy={navigationPending || undefined}
      >
        {children}
      </main>
      <Footer />
    </>
  );
}
