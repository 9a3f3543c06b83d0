import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ModerationQueueItem } from '@symposia/shared';
import { HiddenBadge } from '@/components/ui/hidden-badge/hidden-badge';
import { paths } from '@/config/paths';
import { REPORT_REASON_LABELS } from '@/lib/report-reasons';
import { formatDateTime } from '@/lib/time';
import { ACTIONS, TARGET_LABELS, plural } from '../texts';
import { ActionDialog, type DialogAction } from './action-dialog';
import styles from './moderation.module.css';

/** "the comment by alice", "the post “Title”", "the member bob": what an action is taken on. */
export function subjectOf(item: ModerationQueueItem): string {
  const author = item.author?.username ?? 'a former member';
  switch (item.target_type) {
    case 'post':
      return `the post “${item.target.title.trim() || 'Untitled post'}”`;
    case 'comment':
      return `the comment by ${author}`;
    case 'user':
      return `the member ${author}`;
  }
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
  const titleId = useId();
  const [action, setAction] = useState<DialogAction | null>(null);
  const subject = subjectOf(item);
  const href = targetHref(item);
  const actions = actionsFor(item);
  const title = item.target.title.trim();

  return (
    <article className={styles.item} aria-labelledby={titleId} data-report-id={item.report_id}>
      <header className={styles.itemHeader}>
        <h3 id={titleId} className={styles.itemTitle}>
          <span className={styles.kind}>{TARGET_LABELS[item.target_type]}</span>{' '}
          {item.target_type === 'post'
            ? title || 'Untitled post'
            : `by ${item.author?.username ?? 'a former member'}`}
        </h3>
        <p className={styles.itemMeta}>
          <strong>{plural(item.report_count, 'report')}</strong> · first{' '}
          <time dateTime={item.first_reported_at}>{formatDateTime(item.first_reported_at)}</time>
          {item.outcome ? <> · {ACTIONS[item.outcome].done}</> : null}
        </p>
        <div className={styles.badges}>
          {item.target.hidden ? <HiddenBadge /> : null}
          {item.target.deleted ? <span className={styles.deleted}>Deleted</span> : null}
        </div>
      </header>

      <div className={styles.target}>
        {item.target_type !== 'post' && title ? (
          <p className={styles.targetTitle}>{title}</p>
        ) : null}
        {item.target.text.trim() ? (
          <p className={styles.targetText}>{item.target.text}</p>
        ) : (
          <p className={styles.muted}>(no text)</p>
        )}
        <p className={styles.targetMeta}>
          {item.author ? (
            <Link to={paths.author.href(item.author.id)} className={styles.author}>
              {item.author.username}
            </Link>
          ) : (
            <span className={styles.muted}>The account no longer exists</span>
          )}
          {href ? (
            <Link to={href}>
              {item.target_type === 'user' ? 'Open the profile' : 'Open in place'}
              <span className="visually-hidden">: {subject}</span>
            </Link>
          ) : null}
        </p>
      </div>

      <div className={styles.reports}>
        <h4 className={styles.subheading}>Reasons</h4>
        <ul className={styles.reasons}>
          {item.reasons.map(({ reason, count }) => (
            <li key={reason} className={styles.reason}>
              {REPORT_REASON_LABELS[reason].label}
              {count > 1 ? <span className={styles.reasonCount}> × {count}</span> : null}
            </li>
          ))}
        </ul>
        {item.notes.length ? (
          <>
            <h4 className={styles.subheading}>Notes from the reporters</h4>
            <ul className={styles.notes}>
              {item.notes.map((note) => (
                <li key={`${note.reporter.id}-${note.created_at}`}>
                  <span className={styles.reporter}>{note.reporter.username}:</span> {note.note}{' '}
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
        <div className={styles.actions} role="group" aria-label={`Actions on ${subject}`}>
          {actions.map((name) => (
            <button
              key={name}
              type="button"
              className={`button button-secondary ${name === 'delete' || name === 'suspend' ? styles.dangerAction : ''}`}
              aria-haspopup="dialog"
              onClick={() => setAction(name)}
            >
              {ACTIONS[name].label}
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
