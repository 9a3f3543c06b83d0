import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer';
import { Header, type NavItem } from './header';
import styles from './main-layout.module.css';

type MainLayoutProps = {
  children: ReactNode;
  walletSlot?: ReactNode;
  notificationsSlot?: ReactNode;
  extraNavItems?: readonly NavItem[];
};

export function MainLayout({
  children,
  walletSlot,
  notificationsSlot,
  extraNavItems,
}: MainLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className={styles.skipLink} href="#main-content">
        {t('skipToContent')}
      </a>
      <Header
        walletSlot={walletSlot}
        notificationsSlot={notificationsSlot}
        extraNavItems={extraNavItems}
      />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
