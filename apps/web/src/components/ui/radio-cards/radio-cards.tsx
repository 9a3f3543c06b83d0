import { useId } from 'react';
import styles from './radio-cards.module.css';

/** `hint` may be left out where the label says it all (a score of 1 to 5). */
export type RadioCardOption<Value extends string> = { value: Value; label: string; hint?: string };

type RadioCardsProps<Value extends string> = {
  legend: string;
  options: readonly RadioCardOption<Value>[];
  /** Nothing is chosen yet when null. */
  value: Value | null;
  onChange: (value: Value) => void;
  /** Said under the options, e.g. that one must be chosen. */
  error?: string;
  /** `row`: side by side, wrapping (set --radio-card-basis); `column`: one under the other. */
  layout?: 'row' | 'column';
  /** Extra class on the fieldset, e.g. to set --radio-card-basis. */
  className?: string;
};

/** A choice of one among a few, as radio cards: a label and a hint each, the chosen one marked. */
export function RadioCards<Value extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  layout = 'row',
  className,
}: RadioCardsProps<Value>) {
  const name = useId();
  const errorId = `${name}-error`;
  const classes = [styles.group, layout === 'column' ? styles.column : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={classes}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.radio}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className={styles.label}>{option.label}</span>
            {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
