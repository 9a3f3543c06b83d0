import { useId } from 'react';
import styles from './progress-bar.module.css';

type ProgressBarProps = {
  /** 0–100; values outside are clamped. */
  value: number;
  /** What is progressing, e.g. 'Upload progress'; shown above the bar and read as its name. */
  label: string;
};

/** A determinate progress bar: a real `progressbar` with its value for assistive technology. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const labelId = useId();
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className={styles.wrapper}>
      <div className={styles.header}>
        <span id={labelId}>{label}</span>
        <span className={styles.value} aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
