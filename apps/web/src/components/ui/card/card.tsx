import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './card.module.css';

/** A titled panel: a section named by its heading (`labelledBy`), laid out as a column. */
export function Card({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  /** The user's own layout inside the card (its gap, mostly). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={clsx(styles.surface, styles.card, className)} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
