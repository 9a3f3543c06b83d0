import type { ReactNode } from 'react';
import { FORUM_COUNTERS } from '@symposia/shared';
import styles from './forum-hero.module.css';

type ForumHeroProps = {
  /** Search and sort controls. */
  children?: ReactNode;
};

/** 'Community Forum' with the static counters of spec §2/§9, and the list controls below. */
export function ForumHero({ children }: ForumHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="forum-title">
      <div className={styles.inner}>
        <h1 id="forum-title" className={styles.title}>
          Community Forum
        </h1>
        <p className={styles.lead}>
          Discuss research, share findings and follow what the community is working on.
        </p>
        <dl className={styles.counters}>
          {FORUM_COUNTERS.map((counter) => (
            <div key={counter.label} className={styles.counter}>
              <dt className={styles.counterLabel}>{counter.label}</dt>
              <dd className={styles.counterValue}>{counter.value}</dd>
            </div>
          ))}
        </dl>
        {children ? <div className={styles.controls}>{children}</div> : null}
      </div>
    </section>
  );
}
