import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { SortOption } from '@symposia/shared';
import { LIST_PARAM } from '../utils/list-params';
import { nextSort, sortDirectionOf, type SortKey } from '../utils/sort-cycle';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './sort-buttons.module.css';

type SortButtonsProps = {
  sort: SortOption | undefined;
  onChange: (sort: SortOption | undefined) => void;
};

const BUTTONS: readonly SortKey[] = ['hot', 'recent'];

/**
 * 'Hot' (likes) and 'Recent' (time): each cycles none → descending → ascending → none, and pressing
 * one resets the other (spec §4 Forum sort). The state shows as aria-pressed and an arrow. Each
 * submits the sort it leads to as `sort` (none: no `sort`) in the ListAddressForm around them.
 */
export function SortButtons({ sort, onChange }: SortButtonsProps) {
  const { t } = useTranslation('posts');
  return (
    <div className={styles.group} role="group" aria-label={t('sort.group')}>
      {BUTTONS.map((key) => {
        const direction = sortDirectionOf(sort, key);
        const next = nextSort(sort, key);
        return (
          <button
            key={key}
            type="submit"
            name={next ? LIST_PARAM.sort : undefined}
            value={next}
            className={clsx(
              outline.button,
              outline.round,
              styles.button,
              direction && styles.active,
            )}
            aria-pressed={direction !== null}
            title={t(`sort.${key}Hint`)}
            onClick={(event) => {
              event.preventDefault();
              onChange(next);
            }}
          >
            {t(`sort.${key}`)}
            <span className={styles.arrow} aria-hidden="true">
              {direction === 'desc' ? '↓' : direction === 'asc' ? '↑' : '↕'}
            </span>
            {direction ? <span className="visually-hidden">{t(`sort.${direction}`)}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
