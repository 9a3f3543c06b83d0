import { useTranslation } from 'react-i18next';
import type { SettingsField, UserSettings } from '@symposia/shared';
import { SwitchGroup, SwitchRow } from '@/components/ui/switch/switch-group';
import { useOptimisticSwitches } from '@/components/ui/switch/use-optimistic-switches';
import { PRIVACY_FIELDS } from '../texts';
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
  const { t } = useTranslation(['profiles', 'profile', 'messages']);
  const { valueOf, toggle } = useOptimisticSwitches(settings, onChange, (error) =>
    notifyUpdateFailed(t('messages:updateSettingsFailed'), error),
  );

  return (
    <SwitchGroup heading={t('profile:privacySettings')}>
      {PRIVACY_FIELDS.map((field) => (
        <SwitchRow
          key={field}
          label={t(`privacy.switches.${field}.label`)}
          hint={t(`privacy.switches.${field}.hint`)}
          checked={valueOf(field)}
          onToggle={() => toggle(field)}
          onText={t('privacy.public')}
          offText={t('profile:private')}
        />
      ))}
    </SwitchGroup>
  );
}
