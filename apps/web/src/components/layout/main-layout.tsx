import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';

type MainLayoutProps = {
  children: ReactNode;
  walletSlot?: ReactNode;
};

export function MainLayout({ children, walletSlot }: MainLayoutProps) {
  return (
    <>
      <a className={styles.skipLink} href="#main-content">
        Skip to main content
      </a>
      <Header walletSlot={walletSlot} />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
