import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  MESSAGES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  createReportBodySchema,
  type ReportReason,
  type ReportTargetType,
} from '@symposia/shared';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { RadioCards } from '@/components/ui/radio-cards/radio-cards';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { useCreateReport } from '../api/create-report';
import { useReportReasonText } from '@/lib/report-reasons';
import { localizeMessage } from '@/lib/localize-message';

/** What the dialog says when the report was not taken: the known refusals in their words. */
export function reportFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.reportFailed;
  if (error.kind !== 'http') return error.detail;
  switch (error.status) {
    case 404:
      return MESSAGES.reportTargetNotFound;
    case 409:
      return MESSAGES.reportAlreadyOpen;
    case 429:
      return MESSAGES.tooManyReports;
    default:
      return error.status < 500 && error.detail ? error.detail : MESSAGES.reportFailed;
  }
}

export type ReportDialogProps = {
  targetType: ReportTargetType;
  targetId: string;
  /** Who or what is reported, in words: "the comment by alice". */
  subject: ReactNode;
  onClose: () => void;
};

/**
 * Reporting a post, a comment or a member: a reason (required) and an optional note up to
 * REPORT_NOTE_MAX_LENGTH characters. Sent, it closes with a thank-you; refused (already reported,
 * gone, too many reports), it says why and stays open.
 */
export default function ReportDialog({
  targetType,
  targetId,
  subject,
  onClose,
}: ReportDialogProps) {
  const { t } = useTranslation(['reports', 'messages']);
  const reasonText = useReportReasonText();
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    if (!reason) {
      setReasonError(t('dialog.chooseReason'));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    const parsed = createReportBodySchema.safeParse({
      target_type: targetType,
      target_id: targetId,
      reason,
      note,
    });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(t('messages:reportSent'));
        onClose();
      },
      onError: (error) => {
        // A 401 opened the sign-in dialog (api-client): that is the whole answer.
        if (error instanceof ApiError && error.status === 401) onClose();
        else setFailure(localizeMessage(reportFailureMessage(error)));
      },
    });
  };

  return (
    <FormDialog
      title={t(`dialog.title.${targetType}`)}
      description={
        <p>
          <Trans t={t} i18nKey="dialog.description" components={{ subject: <>{subject}</> }} />
        </p>
      }
      submitLabel={t('dialog.submit')}
      pendingLabel={t('dialog.pending')}
      pending={create.isPending}
      failure={failure}
      onSubmit={submit}
      onCancel={onClose}
    >
      <RadioCards
        legend={t('dialog.why')}
        layout="column"
        options={REPORT_REASONS.map((value) => ({ value, ...reasonText(value) }))}
        value={reason}
        onChange={(next) => {
          setReason(next);
          setReasonError(undefined);
        }}
        error={reasonError}
      />
      <TextareaField
        label={t('dialog.note')}
        optional
        rows={3}
        value={note}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        hint={t('dialog.noteLength', { length: note.length, max: REPORT_NOTE_MAX_LENGTH })}
        error={noteError}
        onChange={(event) => {
          setNote(event.target.value);
          setNoteError(undefined);
        }}
      />
    </FormDialog>
  );
}
