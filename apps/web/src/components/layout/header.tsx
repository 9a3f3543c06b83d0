import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDeviceType } from '@/lib/device-type';
import { LanguageSwitch } from './language-switch';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './header.module.css';

const NAV_ITEMS = [
  { key: 'home', to: paths.home.href(), end: true },
  { key: 'forum', to: paths.forum.href(), end: false },
  { key: 'reviews', to: paths.reviews.href(), end: false },
  { key: 'upload', to: paths.upload.href(), end: false },
  { key: 'tokens', to: paths.token.href(), end: false },
  { key: 'myPage', to: paths.myPage.href(), end: false },
] as const;

export type NavItem = { label: string; to: string; end?: boolean };

type HeaderProps = {
  /** The wallet connect control; the app decides what goes here. */
  walletSlot?: ReactNode;
  /** The notifications bell; the app decides what goes here. */
  notificationsSlot?: ReactNode;
  /** Links after the main ones that only some people get (e.g. Moderation for moderators). */
  extraNavItems?: readonly NavItem[];
};

export function Header({ walletSlot, notificationsSlot, extraNavItems = [] }: HeaderProps) {
  const { t } = useTranslation('common');
  const isMobile = useDeviceType() === 'mobile';
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Following a link closes the mobile menu.
  if (pathname !== menuPath) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const navHidden = isMobile && !menuOpen;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home.href()} className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            S
          </span>
          <span className={styles.brandText} translate="no">
            Symposia
          </span>
        </Link>

        <nav
          id="primary-navigation"
          aria-label={t('nav.main')}
          className={isMobile ? `${styles.nav} ${styles.navMobile}` : styles.nav}
          hidden={navHidden}
        >
          <ul className={styles.links}>
            {[
              ...NAV_ITEMS.map(({ key, ...item }) => ({ ...item, label: t(`nav.${key}`) })),
              ...extraNavItems,
            ].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    isActive ? `${styles.link} ${styles.active}` : styles.link
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.end}>
          <LanguageSwitch />
          {notificationsSlot}
          {walletSlot}
          {isMobile ? (
            <button
              ref={toggleRef}
              type="button"
              className={`${outline.button} ${styles.menuButton}`}
              aria-expanded={menuOpen}
              aria-controls="primary-navigation"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className={styles.menuIcon} aria-hidden="true" />
              <span className={styles.menuText}>
                {menuOpen ? t('nav.closeMenu') : t('nav.menu')}
              </span>
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
