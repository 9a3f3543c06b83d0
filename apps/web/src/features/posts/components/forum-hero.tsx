import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORUM_COUNTERS } from '@symposia/shared';
import styles from './forum-hero.module.css';

type ForumHeroProps = {
  /** Search and sort controls. */
  children?: ReactNode;
};

/** 'Community Forum' with the static counters of spec §2/§9, and the list controls below. */
export function ForumHero({ children }: ForumHeroProps) {
  const { t } = useTranslation('posts');
  return (
    <section className={styles.hero} aria-labelledby="forum-title">
      <div className={styles.inner}>
        <h1 id="forum-title" className={styles.title}>
          {t('forum.title')}
        </h1>
        <p className={styles.lead}>{t('forum.lead')}</p>
        <dl className={styles.counters}>
          {FORUM_COUNTERS.map((counter) => (
            <div key={counter.label} className={styles.counter}>
              <dt className={styles.counterLabel}>{t(`forum.counters.${counter.label}`)}</dt>
              <dd className={styles.counterValue}>{counter.value}</dd>
            </div>
          ))}
        </dl>
        {children ? <div className={styles.controls}>{children}</div> : null}
      </div>
    </section>
  );
}
