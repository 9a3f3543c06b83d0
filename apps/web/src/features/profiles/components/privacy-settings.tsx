import { useId, useRef, useState } from 'react';
import { MESSAGES, type SettingsField, type UserSettings } from '@symposia/shared';
import { PRIVACY_SWITCHES, PROFILE_TEXTS } from '../texts';
import { notifyUpdateFailed } from '../utils/update-failure';
import styles from './privacy-settings.module.css';

type PrivacySettingsProps = {
  settings: UserSettings;
  /** Sends one changed flag; a rejection puts the switch back. */
  onChange: (field: SettingsField, value: boolean) => Promise<unknown>;
};

type Overrides = Partial<Record<SettingsField, boolean>>;

/**
 * The five privacy switches (spec §4 Privacy toggles): a change shows at once and is sent at once,
 * one flag per call. If the call fails, the switch goes back and 'Failed to update settings' says
 * why. A quicker second click on the same switch wins over the first one's answer.
 */
export function PrivacySettings({ settings, onChange }: PrivacySettingsProps) {
  const headingId = useId();
  const [overrides, setOverrides] = useState<Overrides>({});
  const generation = useRef<Partial<Record<SettingsField, number>>>({});

  const valueOf = (field: SettingsField) => overrides[field] ?? settings[field];

  const toggle = (field: SettingsField) => {
    const next = !valueOf(field);
    const ticket = (generation.current[field] ?? 0) + 1;
    generation.current[field] = ticket;
    setOverrides((current) => ({ ...current, [field]: next }));
    onChange(field, next)
      .catch((error: unknown) => notifyUpdateFailed(MESSAGES.updateSettingsFailed, error))
      .finally(() => {
        if (generation.current[field] !== ticket) return;
        // Settled: the saved settings (or, after a failure, the unchanged ones) show again.
        setOverrides((current) => {
          const rest = { ...current };
          delete rest[field];
          return rest;
        });
      });
  };

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId} className={styles.heading}>
        {PROFILE_TEXTS.privacySettings}
      </h3>
      <ul className={styles.list}>
        {PRIVACY_SWITCHES.map((item) => (
          <PrivacySwitch
            key={item.field}
            label={item.label}
            hint={item.hint}
            checked={valueOf(item.field)}
            onToggle={() => toggle(item.field)}
          />
        ))}
      </ul>
    </section>
  );
}

type PrivacySwitchProps = {
  label: string;
  hint: string;
  checked: boolean;
  onToggle: () => void;
};

function PrivacySwitch({ label, hint, checked, onToggle }: PrivacySwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className={styles.switch}
        onClick={onToggle}
      >
        <span className={styles.state} aria-hidden="true">
          {checked ? 'Public' : 'Private'}
        </span>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
      </button>
    </li>
  );
}
