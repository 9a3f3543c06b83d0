import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './back-bar.module.css';

type BackBarProps = {
  /** The button's words, e.g. 'Back to forum'. */
  label: string;
  onBack: () => void;
  /** The screen's own layout of the bar (e.g. centring its items). */
  className?: string;
  /** The screen's actions, on the right of Back. */
  children?: ReactNode;
};

/** The bar atop a detail screen (a post, an author): Back, then the screen's actions. */
export function BackBar({ label, onBack, className, children }: BackBarProps) {
  return (
    <div className={clsx(styles.bar, className)}>
      <button type="button" className={`button button-secondary ${styles.back}`} onClick={onBack}>
        <span aria-hidden="true">←</span> {label}
      </button>
      {children}
    </div>
  );
}
