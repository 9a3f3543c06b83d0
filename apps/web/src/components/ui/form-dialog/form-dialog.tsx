import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../dialog-actions/dialog-actions';
import { Modal } from '../modal/modal';
import styles from './form-dialog.module.css';

type FormDialogProps = {
  title: string;
  /** A sentence under the title: what the form does. */
  description?: ReactNode;
  /** The fields. */
  children: ReactNode;
  submitLabel: string;
  /** Shown on the submit button while the form is sent. */
  pendingLabel: string;
  pending: boolean;
  /** `wide` for a longer form (a review with its rubric). */
  size?: 'default' | 'wide';
  /** A destructive action: the submit button is red. */
  danger?: boolean;
  /** Why the last attempt failed, as an alert above the buttons; the dialog stays open. */
  failure?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Cancel, Escape, the close button and a click outside all end here (not while sending). */
  onCancel: () => void;
};

/**
 * A small form in a modal (focus trapped, Escape cancels): title, fields, the failure of the last
 * attempt, Cancel and the action. The fields validate themselves; while the form is sent, a second
 * submit and a cancel are ignored.
 */
export function FormDialog({
  title,
  description,
  children,
  submitLabel,
  pendingLabel,
  pending,
  size,
  danger = false,
  failure,
  onSubmit,
  onCancel,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const descriptionId = useId();
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Modal
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      size={size}
      onClose={cancel}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit(event);
        }}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className={styles.description}>
            {description}
          </div>
        ) : null}
        {children}
        {failure ? (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions
          className={styles.actions}
          cancelLabel={t('actions.cancel')}
          onCancel={cancel}
          actionLabel={submitLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          actionClassName={danger ? styles.danger : undefined}
        />
      </form>
    </Modal>
  );
}
