import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES, type NotificationSettings as Settings } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { SwitchGroup, SwitchRow } from '@/components/ui/switch/switch-group';
import { useOptimisticSwitches } from '@/components/ui/switch/use-optimistic-switches';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import {
  useNotificationSettings,
  useUpdateNotificationSetting,
} from '../api/notification-settings';

/**
 * My Page › Settings › Notifications: one switch per kind of notification, in the order of
 * NOTIFICATION_TYPES. A change shows at once and is saved at once; a failure puts the switch back
 * and says why.
 */
export function NotificationSettings() {
  const { t } = useTranslation(['notifications', 'messages']);
  const query = useNotificationSettings();
  if (!query.data) {
    return (
      <SwitchGroup
        heading={t('title')}
        placeholder={
          <QueryStatus
            query={query}
            loading={t('settings.loading')}
            failed={t('messages:notificationsLoadFailed')}
          />
        }
      />
    );
  }
  return <NotificationSwitches settings={query.data} />;
}

function NotificationSwitches({ settings }: { settings: Settings }) {
  const { t } = useTranslation(['notifications', 'messages']);
  const update = useUpdateNotificationSetting();
  const { valueOf, toggle } = useOptimisticSwitches(
    settings,
    (type, enabled) => update.mutateAsync({ type, enabled }),
    (error) => notifyUpdateFailed(t('messages:notificationSettingsFailed'), error),
  );
  return (
    <SwitchGroup heading={t('title')} description={t('settings.tellMeWhen')}>
      {NOTIFICATION_TYPES.map((type) => (
        <SwitchRow
          key={type}
          label={t(`settings.switches.${type}.label`)}
          hint={t(`settings.switches.${type}.hint`)}
          checked={valueOf(type)}
          onToggle={() => toggle(type)}
          onText={t('settings.on')}
          offText={t('settings.off')}
        />
      ))}
    </SwitchGroup>
  );
}
