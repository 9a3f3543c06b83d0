import type { ReactNode } from 'react';
import styles from './profile.module.css';

type ProfileHeaderProps = {
  /** The avatar (the author's, or My Page's upload button). */
  avatar: ReactNode;
  /** The small line above the name: 'Author', 'My Page'. */
  eyebrow: string;
  /** The name and what follows it (title, contact…), styled with profile.module.css. */
  children: ReactNode;
  /** Buttons on the right of the band (My Page's Settings and Logout). */
  actions?: ReactNode;
};

/** The blue band atop a profile: avatar, then who the member is. */
export function ProfileHeader({ avatar, eyebrow, children, actions }: ProfileHeaderProps) {
  return (
    <header className={styles.header}>
      {avatar}
      <div className={styles.identity}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        {children}
      </div>
      {actions}
    </header>
  );
}
