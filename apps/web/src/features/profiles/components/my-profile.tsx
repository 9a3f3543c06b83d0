import type { ReactNode } from 'react';
import type { CurrentUser } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { formatDateTime } from '@/lib/time';
import styles from './my-profile.module.css';

type MyProfileProps = {
  user: CurrentUser;
  /** Account actions the app puts next to the profile, e.g. Logout. */
  actions?: ReactNode;
};

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{value.trim() ? value : <span className={styles.empty}>Not provided</span>}</dd>
    </div>
  );
}

/** The signed-in member's own profile, read-only for now (spec §2 My Page). */
export function MyProfile({ user, actions }: MyProfileProps) {
  return (
    <section className={styles.page} aria-labelledby="my-profile-name">
      <header className={styles.header}>
        <Avatar src={user.avatar} name={user.username} size={96} />
        <div className={styles.identity}>
          <p className={styles.eyebrow}>My Page</p>
          <h1 id="my-profile-name" className={styles.name}>
            {user.username}
          </h1>
          {user.title.trim() ? <p className={styles.title}>{user.title}</p> : null}
          {user.created_at ? (
            <p className={styles.since}>
              Member since <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>
            </p>
          ) : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>

      <div className={styles.body}>
        <section className={styles.card} aria-labelledby="my-profile-about">
          <h2 id="my-profile-about">About</h2>
          {user.bio.trim() ? (
            <p className={styles.bio}>{user.bio}</p>
          ) : (
            <p className={styles.empty}>No bio yet.</p>
          )}
        </section>

        <section className={styles.card} aria-labelledby="my-profile-contact">
          <h2 id="my-profile-contact">Profile</h2>
          <dl className={styles.details}>
            <Detail label="Username" value={user.username} />
            <Detail label="Title" value={user.title} />
            <Detail label="Email" value={user.email} />
            <Detail label="Phone" value={user.phone} />
          </dl>
        </section>
      </div>
    </section>
  );
}
