import { MESSAGES, type NotificationSettings as Settings } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { SwitchGroup, SwitchRow } from '@/components/ui/switch/switch-group';
import { useOptimisticSwitches } from '@/components/ui/switch/use-optimistic-switches';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import {
  useNotificationSettings,
  useUpdateNotificationSetting,
} from '../api/notification-settings';
import { NOTIFICATION_SWITCHES } from '../texts';

const HEADING = 'Notifications';

/**
 * My Page › Settings › Notifications: one switch per kind of notification. A change shows at once
 * and is saved at once; a failure puts the switch back and says why.
 */
export function NotificationSettings() {
  const query = useNotificationSettings();
  if (!query.data) {
    return (
      <SwitchGroup
        heading={HEADING}
        placeholder={
          <QueryStatus
            query={query}
            loading="Loading notification settings…"
            failed={MESSAGES.notificationsLoadFailed}
          />
        }
      />
    );
  }
  return <NotificationSwitches settings={query.data} />;
}

function NotificationSwitches({ settings }: { settings: Settings }) {
  const update = useUpdateNotificationSetting();
  const { valueOf, toggle } = useOptimisticSwitches(
    settings,
    (type, enabled) => update.mutateAsync({ type, enabled }),
    (error) => notifyUpdateFailed(MESSAGES.notificationSettingsFailed, error),
  );
  return (
    <SwitchGroup heading={HEADING} description="Tell me when:">
      {NOTIFICATION_SWITCHES.map((item) => (
        <SwitchRow
          key={item.type}
          label={item.label}
          hint={item.hint}
          checked={valueOf(item.type)}
          onToggle={() => toggle(item.type)}
          onText="On"
          offText="Off"
        />
      ))}
    </SwitchGroup>
  );
}
