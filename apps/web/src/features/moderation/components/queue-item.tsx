import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { ModerationQueueItem } from '@symposia/shared';
import { HiddenBadge } from '@/components/ui/hidden-badge/hidden-badge';
import { paths } from '@/config/paths';
import { useReportReasonText } from '@/lib/report-reasons';
import { formatDateTime } from '@/lib/time';
import { ActionDialog, type DialogAction } from './action-dialog';
import styles from './moderation.module.css';

/** "the comment by alice", "the post “Title”", "the member bob": what an action is taken on. */
export function subjectOf(item: ModerationQueueItem, t: TFunction<'moderation'>): string {
  if (item.target_type === 'post') {
    return t('subject.post', { title: item.target.title.trim() || t('untitledPost') });
  }
  const name = item.author?.username ?? t('formerMember');
  return t(`subject.${item.target_type}`, { name });
}

/** Which actions fit the target as it is now; a resolved group can only be restored. */
export function actionsFor(item: ModerationQueueItem): DialogAction[] {
  const { hidden, deleted } = item.target;
  const content = item.target_type !== 'user';
  if (item.status === 'resolved') return content && hidden && !deleted ? ['restore'] : [];
  const actions: DialogAction[] = ['dismiss'];
  if (content && !deleted && !hidden) actions.push('hide');
  if (content && !deleted) actions.push('delete');
  if (item.author) actions.push('suspend');
  if (content && hidden && !deleted) actions.push('restore');
  return actions;
}

/** Where the target can be seen in place: the post, scrolled to the comment; the profile. */
function targetHref(item: ModerationQueueItem): string | null {
  if (item.target.deleted) return null;
  if (item.target_type === 'user') return paths.author.href(item.target_id);
  if (!item.target.post_id) return null;
  return item.target_type === 'comment'
    ? paths.postDetail.comment(item.target.post_id, item.target_id)
    : paths.postDetail.href(item.target.post_id);
}

type QueueItemProps = {
  item: ModerationQueueItem;
  /** An action was taken: the list changes under the focus. */
  onActed: () => void;
};

/**
 * One reported target in the queue: the target as it is now (title, text, author, a link to it),
 * how often and why it was reported, the reporters' notes, and the actions that fit it.
 */
export function QueueItem({ item, onActed }: QueueItemProps) {
  const { t } = useTranslation('moderation');
  const reasonText = useReportReasonText();
  const titleId = useId();
  const [action, setAction] = useState<DialogAction | null>(null);
  const subject = subjectOf(item, t);
  const href = targetHref(item);
  const actions = actionsFor(item);
  const title = item.target.title.trim();

  return (
    <article className={styles.item} aria-labelledby={titleId} data-report-id={item.report_id}>
      <header className={styles.itemHeader}>
        <h3 id={titleId} className={styles.itemTitle}>
          <span className={styles.kind}>{t(`targets.${item.target_type}`)}</span>{' '}
          {item.target_type !== 'post' ? (
            item.author ? (
              <Trans
                t={t}
                i18nKey="item.byAuthor"
                values={{ name: item.author.username }}
                components={{ name: <span translate="no" /> }}
              />
            ) : (
              t('item.byFormerMember')
            )
          ) : title ? (
            <span translate="no">{title}</span>
          ) : (
            t('untitledPost')
          )}
        </h3>
        <p className={styles.itemMeta}>
          <strong>{t('item.reports', { count: item.report_count })}</strong> · {t('item.first')}{' '}
          <time dateTime={item.first_reported_at}>{formatDateTime(item.first_reported_at)}</time>
          {item.outcome ? <> · {t(`actions.${item.outcome}.done`)}</> : null}
        </p>
        <div className={styles.badges}>
          {item.target.hidden ? <HiddenBadge /> : null}
          {item.target.deleted ? <span className={styles.deleted}>{t('item.deleted')}</span> : null}
        </div>
      </header>

      <div className={styles.target}>
        {item.target_type !== 'post' && title ? (
          <p className={styles.targetTitle} translate="no">
            {title}
          </p>
        ) : null}
        {item.target.text.trim() ? (
          <p className={styles.targetText} translate="no">
            {item.target.text}
          </p>
        ) : (
          <p className={styles.muted}>{t('item.noText')}</p>
        )}
        <p className={styles.targetMeta}>
          {item.author ? (
            <Link to={paths.author.href(item.author.id)} className={styles.author} translate="no">
              {item.author.username}
            </Link>
          ) : (
            <span className={styles.muted}>{t('item.accountGone')}</span>
          )}
          {href ? (
            <Link to={href}>
              {item.target_type === 'user' ? t('item.openProfile') : t('item.openInPlace')}
              <span className="visually-hidden">: {subject}</span>
            </Link>
          ) : null}
        </p>
      </div>

      <div className={styles.reports}>
        <h4 className={styles.subheading}>{t('item.reasons')}</h4>
        <ul className={styles.reasons}>
          {item.reasons.map(({ reason, count }) => (
            <li key={reason} className={styles.reason}>
              {reasonText(reason).label}
              {count > 1 ? <span className={styles.reasonCount}> × {count}</span> : null}
            </li>
          ))}
        </ul>
        {item.notes.length ? (
          <>
            <h4 className={styles.subheading}>{t('item.notes')}</h4>
            <ul className={styles.notes}>
              {item.notes.map((note) => (
                <li key={`${note.reporter.id}-${note.created_at}`}>
                  <span className={styles.reporter} translate="no">
                    {note.reporter.username}:
                  </span>{' '}
                  <span translate="no">{note.note}</span>{' '}
                  <time className={styles.muted} dateTime={note.created_at}>
                    {formatDateTime(note.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>

      {actions.length ? (
        <div className={styles.actions} role="group" aria-label={t('item.actionsOn', { subject })}>
          {actions.map((name) => (
            <button
              key={name}
              type="button"
              className={`button button-secondary ${name === 'delete' || name === 'suspend' ? styles.dangerAction : ''}`}
              aria-haspopup="dialog"
              onClick={() => setAction(name)}
            >
              {t(`actions.${name}.label`)}
            </button>
          ))}
        </div>
      ) : null}

      {action ? (
        <ActionDialog
          item={item}
          action={action}
          subject={subject}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onActed();
          }}
        />
      ) : null}
    </article>
  );
}
