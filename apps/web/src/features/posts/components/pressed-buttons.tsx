import clsx from 'clsx';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './sort-buttons.module.css';

type PressedButtonsProps<T extends string | undefined> = {
  /** Names the group for assistive technology. */
  label: string;
  /** The address parameter each choice submits (none for `undefined`) in a ListAddressForm. */
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * One of a few choices of the forum's list, as a group of buttons of which one is pressed
 * (aria-pressed), in the look of the sort buttons beside them: the review-status filter, the feed.
 */
export function PressedButtons<T extends string | undefined>({
  label,
  name,
  options,
  value,
  onChange,
}: PressedButtonsProps<T>) {
  return (
    <div className={styles.group} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={String(option.value ?? 'all')}
          type="submit"
          name={option.value === undefined ? undefined : name}
          value={option.value}
          className={clsx(
            outline.button,
            outline.round,
            styles.button,
            value === option.value && styles.active,
          )}
          aria-pressed={value === option.value}
          onClick={(event) => {
            event.preventDefault();
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
