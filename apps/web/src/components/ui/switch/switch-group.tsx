import { useId, type ReactNode } from 'react';
import section from '../settings-section/settings-section.module.css';
import styles from './switch-group.module.css';

type SwitchGroupProps = {
  heading: string;
  /** Under an h2 (a settings window's title), the group heading is an h3. */
  headingLevel?: 2 | 3;
  /** A sentence under the heading, e.g. what the switches decide. */
  description?: ReactNode;
  /** The rows; without them, `placeholder` (e.g. the loading status) stands in for the list. */
  children?: ReactNode;
  placeholder?: ReactNode;
};

/** A titled list of on/off settings, each a {@link SwitchRow}. */
export function SwitchGroup({
  heading,
  headingLevel = 3,
  description,
  children,
  placeholder,
}: SwitchGroupProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={section.section}>
      <Heading id={headingId} className={section.heading}>
        {heading}
      </Heading>
      {description ? <p className={section.description}>{description}</p> : null}
      {children ? <ul className={section.list}>{children}</ul> : placeholder}
    </section>
  );
}

type SwitchRowProps = {
  label: string;
  hint: string;
  checked: boolean;
  onToggle: () => void;
  /** The state as a word beside the switch, e.g. 'Public' / 'Private' or 'On' / 'Off'. */
  onText: string;
  offText: string;
  disabled?: boolean;
};

/** One setting: its label and hint, and a switch (role="switch") named by the label. */
export function SwitchRow({
  label,
  hint,
  checked,
  onToggle,
  onText,
  offText,
  disabled,
}: SwitchRowProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className={section.row}>
      <div className={section.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      </div>
      <Switch
        checked={checked}
        onToggle={onToggle}
        onText={onText}
        offText={offText}
        disabled={disabled}
        labelledBy={labelId}
        describedBy={hintId}
      />
    </li>
  );
}

type SwitchProps = {
  checked: boolean;
  onToggle: () => void;
  /** The state as a word beside the switch, e.g. 'On' / 'Off'. */
  onText: string;
  offText: string;
  disabled?: boolean;
  /** The ids of what names it (a row's label; a table's row and column headers). */
  labelledBy: string;
  describedBy?: string;
};

/** The switch itself (role="switch"), named by other elements: a row's, or a table cell's. */
export function Switch({
  checked,
  onToggle,
  onText,
  offText,
  disabled,
  labelledBy,
  describedBy,
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={styles.switch}
      disabled={disabled}
      onClick={onToggle}
    >
      <span className={styles.state} aria-hidden="true">
        {checked ? onText : offText}
      </span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  );
}
