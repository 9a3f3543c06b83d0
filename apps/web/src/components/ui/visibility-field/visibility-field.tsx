import type { Visibility } from '@symposia/shared';
import styles from './visibility-field.module.css';

const VISIBILITY_OPTIONS: readonly { value: Visibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Everyone can find and read the post.' },
  { value: 'private', label: 'Private', hint: 'Only you can see the post.' },
];

type VisibilityFieldProps = {
  value: Visibility;
  onChange: (value: Visibility) => void;
  /** Extra class on the fieldset, e.g. to set --visibility-option-basis. */
  className?: string;
};

/** A post's visibility as a pair of radio cards (Public, Private), each with its hint. */
export function VisibilityField({ value, onChange, className }: VisibilityFieldProps) {
  return (
    <fieldset className={className ? `${styles.visibility} ${className}` : styles.visibility}>
      <legend className={styles.visibilityLegend}>Visibility</legend>
      {VISIBILITY_OPTIONS.map((option) => (
        <label key={option.value} className={styles.radio}>
          <input
            type="radio"
            name="visibility"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className={styles.radioLabel}>{option.label}</span>
            <span className={styles.radioHint}>{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
