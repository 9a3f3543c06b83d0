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

/**
 * In a card, instead of what it cannot show yet (signed out, no wallet connected): the sentence
 * that says why and the action that changes it, one under the other at the left.
 */
export function CardPrompt({ children }: { children: ReactNode }) {
  return <div className={clsx(styles.card, styles.prompt)}>{children}</div>;
}
