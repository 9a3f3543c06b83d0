import { MESSAGES, type SettingsField, type UserSettings } from '@symposia/shared';
import { SwitchGroup, SwitchRow } from '@/components/ui/switch/switch-group';
import { useOptimisticSwitches } from '@/components/ui/switch/use-optimistic-switches';
import { PRIVACY_SWITCHES, PROFILE_TEXTS } from '../texts';
import { notifyUpdateFailed } from '../utils/update-failure';

type PrivacySettingsProps = {
  settings: UserSettings;
  /** Sends one changed flag; a rejection puts the switch back. */
  onChange: (field: SettingsField, value: boolean) => Promise<unknown>;
};

/**
 * The five privacy switches (spec §4 Privacy toggles): a change shows at once and is sent at once,
 * one flag per call. If the call fails, the switch goes back and 'Failed to update settings' says
 * why. A quicker second click on the same switch wins over the first one's answer.
 */
export function PrivacySettings({ settings, onChange }: PrivacySettingsProps) {
  const { valueOf, toggle } = useOptimisticSwitches(settings, onChange, (error) =>
    notifyUpdateFailed(MESSAGES.updateSettingsFailed, error),
  );

  return (
    <SwitchGroup heading={PROFILE_TEXTS.privacySettings}>
      {PRIVACY_SWITCHES.map((item) => (
        <SwitchRow
          key={item.field}
          label={item.label}
          hint={item.hint}
          checked={valueOf(item.field)}
          onToggle={() => toggle(item.field)}
          onText="Public"
          offText="Private"
        />
      ))}
    </SwitchGroup>
  );
}
