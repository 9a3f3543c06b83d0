import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs/tabs';
import { FrozenRewardsPanel } from './frozen-rewards-panel';
import { ModerationLog } from './moderation-log';
import { QueuePanel } from './queue-panel';
import { TrustPanel } from './trust-panel';
import styles from './moderation.module.css';

/**
 * The moderators' screen: the open reports (each target shown in place, with the actions that fit
 * it), the resolved ones (a hidden target can be restored), the members whose rewards are frozen
 * since their suspension (released or forfeited there), and the log of every action.
 */
export function ModerationScreen() {
  const { t } = useTranslation('moderation');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      <Tabs
        label={t('sections')}
        tabs={[
          { id: 'open', label: t('tabs.open'), render: () => <QueuePanel status="open" /> },
          {
            id: 'resolved',
            label: t('tabs.resolved'),
            render: () => <QueuePanel status="resolved" />,
          },
          { id: 'log', label: t('tabs.log'), render: () => <ModerationLog /> },
          { id: 'frozen', label: t('tabs.frozen'), render: () => <FrozenRewardsPanel /> },
          { id: 'trust', label: t('tabs.trust'), render: () => <TrustPanel /> },
        ]}
      />
    </div>
  );
}
