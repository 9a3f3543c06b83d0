import type { ModerationAction, ModerationLogAction, ReportTargetType } from '@symposia/shared';

export const MODERATION_TITLE = 'Moderation';
export const ONLY_MODERATORS_TITLE = 'Only moderators';

/** The actions as buttons name them, and what each does, said in its dialog. */
export const ACTIONS: Record<
  ModerationAction | 'restore',
  { label: string; pending: string; explain: string; done: string }
> = {
  dismiss: {
    label: 'Dismiss',
    pending: 'Dismissing…',
    explain: 'Nothing is wrong with it: it stays as it is, and the reports on it are closed.',
    done: 'Dismissed',
  },
  hide: {
    label: 'Hide',
    pending: 'Hiding…',
    explain:
      "Only its author, who sees it marked 'Hidden by the moderators', and the moderators will see it. It can be restored.",
    done: 'Hidden',
  },
  delete: {
    label: 'Delete',
    pending: 'Deleting…',
    explain: 'It is deleted as if its author had deleted it. This cannot be undone.',
    done: 'Deleted',
  },
  suspend: {
    label: 'Suspend',
    pending: 'Suspending…',
    explain:
      'The author is signed out everywhere and cannot sign in until the suspension ends. Their content stays.',
    done: 'Suspended',
  },
  restore: {
    label: 'Restore',
    pending: 'Restoring…',
    explain: 'Everyone who may see it sees it again.',
    done: 'Restored',
  },
};

/** The log's action column. */
export const LOG_ACTION_LABELS: Record<ModerationLogAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hid',
  delete: 'Deleted',
  suspend: 'Suspended',
  restore: 'Restored',
};

export const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: 'Post',
  comment: 'Comment',
  user: 'Member',
};

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
