import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './coming-soon.module.css';

type ComingSoonProps = {
  title: string;
  /** Facts about the screen that are already true, e.g. which post a link points at. */
  children?: ReactNode;
};

/** An honest placeholder for a screen a later release fills in: its title and nothing made up. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  const { t } = useTranslation('messages');
  return (
    <section className={styles.section}>
      <h1>{title}</h1>
      {children}
      <p className={styles.note}>{t('comingSoon')}</p>
    </section>
  );
}
