import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs/tabs';
import { ModerationLog } from './moderation-log';
import { QueuePanel } from './queue-panel';
import styles from './moderation.module.css';

/**
 * The moderators' screen: the open reports (each target shown in place, with the actions that fit
 * it), the resolved ones (a hidden target can be restored), and the log of every action.
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
        ]}
      />
    </div>
  );
}
