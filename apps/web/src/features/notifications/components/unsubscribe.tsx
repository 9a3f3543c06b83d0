import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from '@symposia/shared';
import alert from '@/components/ui/alert/alert.module.css';
import { localizedDetail } from '@/lib/localize-message';
import { useUnsubscribe } from '../api/unsubscribe';
import styles from './unsubscribe.module.css';

type UnsubscribeProps = {
  /** The signed token of the link (`?token=`); null when the page was opened without one. */
  token: string | null;
  /** What the link turns off, as the server named it when it sent the browser here. */
  topic: string | null;
  headingId: string;
  /** Where the member chooses which emails they get (My Page › Settings › Notifications). */
  preferencesHref: string;
};

const isTopic = (value: string | null): value is UnsubscribeTopic =>
  (UNSUBSCRIBE_TOPICS as readonly (string | null)[]).includes(value);

/**
 * The screen a notification email's unsubscribe link opens in a browser (issue 30). Opening it
 * changes nothing — mail scanners open links — and its button sends the one-click POST that a
 * mail client would (RFC 8058). No sign-in: the link's token is the proof.
 */
export function Unsubscribe({ token, topic, headingId, preferencesHref }: UnsubscribeProps) {
  const { t } = useTranslation('notifications');
  const unsubscribe = useUnsubscribe();
  const named = unsubscribe.data?.topic ?? (isTopic(topic) ? topic : null);
  const topicName = (kind: UnsubscribeTopic) =>
    kind === 'digest'
      ? t('unsubscribe.digestTopic')
      : t(`preferences.kinds.${kind}.label`).toLowerCase();

  return (
    <>
      <h1 id={headingId} className={styles.heading}>
        {t('unsubscribe.title')}
      </h1>
      <div className={styles.stack}>
        {!token ? (
          <div className={`${alert.danger} ${styles.alert}`} role="alert">
            <p className={alert.title}>{t('unsubscribe.noToken')}</p>
          </div>
        ) : unsubscribe.isSuccess ? (
          <p className={styles.done} role="status">
            {t('unsubscribe.done', { topic: topicName(unsubscribe.data.topic) })}
          </p>
        ) : (
          <>
            <p className={styles.ask}>
              {named
                ? t('unsubscribe.askTopic', { topic: topicName(named) })
                : t('unsubscribe.ask')}
            </p>
            <p className={styles.lead}>{t('unsubscribe.explain')}</p>
            {unsubscribe.isError ? (
              <div className={`${alert.danger} ${styles.alert}`} role="alert">
                <p className={alert.title}>{t('unsubscribe.failed')}</p>
                <p className={alert.details}>{localizedDetail(unsubscribe.error)}</p>
              </div>
            ) : null}
            <button
              type="button"
              className="button button-primary"
              aria-disabled={unsubscribe.isPending || undefined}
              onClick={() => {
                if (!unsubscribe.isPending) unsubscribe.mutate(token);
              }}
            >
              {unsubscribe.isPending ? t('unsubscribe.confirming') : t('unsubscribe.confirm')}
            </button>
          </>
        )}
        <p className={styles.more}>
          <Link to={preferencesHref}>{t('unsubscribe.preferences')}</Link>
        </p>
      </div>
    </>
  );
}
