import { Tabs } from '@/components/ui/tabs/tabs';
import { MODERATION_TITLE } from '../texts';
import { ModerationLog } from './moderation-log';
import { QueuePanel } from './queue-panel';
import styles from './moderation.module.css';

/**
 * The moderators' screen: the open reports (each target shown in place, with the actions that fit
 * it), the resolved ones (a hidden target can be restored), and the log of every action.
 */
export function ModerationScreen() {
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{MODERATION_TITLE}</h1>
        <p className={styles.lead}>
          Every action needs a note; each is written to the log, and the people concerned are told
          of the outcome.
        </p>
      </header>
      <Tabs
        label="Moderation sections"
        tabs={[
          { id: 'open', label: 'Open', render: () => <QueuePanel status="open" /> },
          { id: 'resolved', label: 'Resolved', render: () => <QueuePanel status="resolved" /> },
          { id: 'log', label: 'Log', render: () => <ModerationLog /> },
        ]}
      />
    </div>
  );
}
