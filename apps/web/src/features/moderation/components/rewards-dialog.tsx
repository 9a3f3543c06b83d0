import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODERATION_NOTE_MAX_LENGTH,
  rewardHoldBodySchema,
  type FrozenRewardsEntry,
  type RewardHoldAction,
} from '@symposia/shared';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { localizeMessage } from '@/lib/localize-message';
import { useDecideRewards } from '../api/decide-rewards';
import { actionFailureMessage } from './action-dialog';

type RewardsDialogProps = {
  entry: FrozenRewardsEntry;
  action: RewardHoldAction;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * Confirms releasing or forfeiting a member's frozen rewards, with the note every moderator
 * action needs (it goes to the log).
 */
export function RewardsDialog({ entry, action, onDone, onCancel }: RewardsDialogProps) {
  const { t } = useTranslation('moderation');
  const decide = useDecideRewards();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const names = { name: entry.user.username, amount: entry.amount };

  const submit = () => {
    setFailure(null);
    const parsed = rewardHoldBodySchema.safeParse({ action, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    decide.mutate(
      { userId: entry.user.id, body: parsed.data },
      {
        onSuccess: (result) => {
          notify.success(
            t('frozen.doneText', {
              done: t(`frozen.${action}.done`),
              name: entry.user.username,
              amount: result.amount,
            }),
          );
          onDone();
        },
        onError: (failed) => {
          // A 401 opened the sign-in dialog (api-client): that is the whole answer.
          if (failed instanceof ApiError && failed.status === 401) onCancel();
          else setFailure(localizeMessage(actionFailureMessage(failed)));
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('frozen.dialogTitle', { action: t(`frozen.${action}.label`), ...names })}
      description={<p>{t(`frozen.${action}.explain`)}</p>}
      submitLabel={t(`frozen.${action}.label`)}
      pendingLabel={t(`frozen.${action}.pending`)}
      pending={decide.isPending}
      danger={action === 'forfeit'}
      failure={failure}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextareaField
        label={t('dialog.note')}
        data-autofocus
        required
        rows={3}
        value={note}
        maxLength={MODERATION_NOTE_MAX_LENGTH}
        hint={t('dialog.noteHint', { length: note.length, max: MODERATION_NOTE_MAX_LENGTH })}
        error={error}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}
