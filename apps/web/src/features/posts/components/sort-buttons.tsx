import type { SortOption } from '@symposia/shared';
import { nextSort, sortDirectionOf, type SortKey } from '../utils/sort-cycle';
import styles from './sort-buttons.module.css';

type SortButtonsProps = {
  sort: SortOption | undefined;
  onChange: (sort: SortOption | undefined) => void;
};

const BUTTONS: readonly { key: SortKey; label: string; hint: string }[] = [
  { key: 'hot', label: 'Hot', hint: 'by likes' },
  { key: 'recent', label: 'Recent', hint: 'by time' },
];

const DIRECTION_TEXT = { desc: 'descending', asc: 'ascending' } as const;

/**
 * 'Hot' (likes) and 'Recent' (time): each cycles none → descending → ascending → none, and pressing
 * one resets the other (spec §4 Forum sort). The state shows as aria-pressed and an arrow.
 */
export function SortButtons({ sort, onChange }: SortButtonsProps) {
  return (
    <div className={styles.group} role="group" aria-label="Sort posts">
      {BUTTONS.map(({ key, label, hint }) => {
        const direction = sortDirectionOf(sort, key);
        return (
          <button
            key={key}
            type="button"
            className={direction ? `${styles.button} ${styles.active}` : styles.button}
            aria-pressed={direction !== null}
            title={`Sort ${hint}`}
            onClick={() => onChange(nextSort(sort, key))}
          >
            {label}
            <span className={styles.arrow} aria-hidden="true">
              {direction === 'desc' ? '↓' : direction === 'asc' ? '↑' : '↕'}
            </span>
            {direction ? (
              <span className="visually-hidden">({DIRECTION_TEXT[direction]})</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
