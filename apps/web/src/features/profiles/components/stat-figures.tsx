import clsx from 'clsx';
import styles from './stat-figures.module.css';

export type StatFigure = { label: string; value: number | string };

type StatFiguresProps = {
  figures: readonly StatFigure[];
  /** 'compact' on the author's profile; 'large' on My Page (smaller on a phone). */
  size: 'compact' | 'large';
};

/** A member's statistics: each count under its label, in a row of boxes. */
export function StatFigures({ figures, size }: StatFiguresProps) {
  return (
    <dl className={clsx(styles.figures, styles[size])}>
      {figures.map((figure) => (
        <div key={figure.label} className={styles.figure}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
