import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGES,
  MODERATION_NOTE_MAX_LENGTH,
  SUSPEND_MAX_DAYS,
  resolveReportBodySchema,
  restoreBodySchema,
  type ModerationAction,
  type ModerationQueueItem,
} from '@symposia/shared';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { TextField } from '@/components/ui/form/text-field';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { localizeMessage } from '@/lib/localize-message';
import { useResolveReport } from '../api/resolve-report';
import { useRestoreTarget } from '../api/restore-target';

export type DialogAction = ModerationAction | 'restore';

export const DEFAULT_SUSPEND_DAYS = 7;

/** What the dialog says when the action was refused: the server's reason, else a retry. */
export function actionFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.kind !== 'http' || error.status < 500) && error.detail) {
    return error.detail;
  }
  return MESSAGES.moderationActionFailed;
}

type ActionDialogProps = {
  item: ModerationQueueItem;
  action: DialogAction;
  /** "the comment by alice": what the action is taken on. */
  subject: string;
  /** The action was taken (the queue is read again). */
  onDone: () => void;
  onCancel: () => void;
};

/**
 * Confirms a moderator's action with the note every action needs (it goes to the log, and to the
 * people told of the outcome), and for a suspension its length in days.
 */
export function ActionDialog({ item, action, subject, onDone, onCancel }: ActionDialogProps) {
  const { t } = useTranslation('moderation');
  const resolve = useResolveReport();
  const restore = useRestoreTarget();
  const [note, setNote] = useState('');
  const [days, setDays] = useState(String(DEFAULT_SUSPEND_DAYS));
  const [errors, setErrors] = useState<{ note?: string; days?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const texts = {
    label: t(`actions.${action}.label`),
    pending: t(`actions.${action}.pending`),
    explain: t(`actions.${action}.explain`),
    done: t(`actions.${action}.done`),
  };
  const pending = resolve.isPending || restore.isPending;

  const failed = (error: unknown) => {
    // A 401 opened the sign-in dialog (api-client): that is the whole answer.
    if (error instanceof ApiError && error.status === 401) onCancel();
    else setFailure(localizeMessage(actionFailureMessage(error)));
  };

  const submit = () => {
    setFailure(null);
    if (action === 'restore') {
      const parsed = restoreBodySchema.safeParse({ note });
      if (!parsed.success) {
        setErrors({ note: parsed.error.issues[0]?.message });
        return;
      }
      if (item.target_type === 'user') return;
      restore.mutate(
        { target: { target_type: item.target_type, id: item.target_id }, body: parsed.data },
        {
          onSuccess: () => {
            notify.success(t('dialog.done', { done: texts.done, subject }));
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    const parsed = resolveReportBodySchema.safeParse({
      action,
      note,
      ...(action === 'suspend'
        ? { suspend_days: days.trim() === '' ? undefined : Number(days) }
        : {}),
    });
    if (!parsed.success) {
      const byField = Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      );
      setErrors({ note: byField.note, days: byField.suspend_days });
      return;
    }
    resolve.mutate(
      { id: item.report_id, body: parsed.data },
      {
        onSuccess: (result) => {
          notify.success(
            t('dialog.done', { done: texts.done, subject }),
            t('dialog.resolved', { count: result.resolved_count }),
          );
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <FormDialog
      title={t('dialog.title', { action: texts.label, subject })}
      description={<p>{texts.explain}</p>}
      submitLabel={texts.label}
      pendingLabel={texts.pending}
      pending={pending}
      danger={action === 'delete' || action === 'suspend'}
      failure={failure}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {action === 'suspend' ? (
        <TextField
          label={t('dialog.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={SUSPEND_MAX_DAYS}
          step={1}
          required
          value={days}
          hint={t('dialog.daysHint', { max: SUSPEND_MAX_DAYS })}
          error={errors.days}
          onChange={(event) => {
            setDays(event.target.value);
            setErrors((current) => ({ ...current, days: undefined }));
          }}
        />
      ) : null}
      <TextareaField
        label={t('dialog.note')}
        // The note is what is asked for (after the days of a suspension, the first field).
        data-autofocus={action === 'suspend' ? undefined : true}
        required
        rows={3}
        value={note}
        maxLength={MODERATION_NOTE_MAX_LENGTH}
        hint={t('dialog.noteHint', { length: note.length, max: MODERATION_NOTE_MAX_LENGTH })}
        error={errors.note}
        onChange={(event) => {
          setNote(event.target.value);
          setErrors((current) => ({ ...current, note: undefined }));
        }}
      />
    </FormDialog>
  );
}
