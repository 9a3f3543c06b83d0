import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../dialog-actions/dialog-actions';
import { Modal } from '../modal/modal';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The label of the button that goes ahead, e.g. 'Delete'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and a click outside all end here. */
  onCancel: () => void;
};

/**
 * Asks before an action that cannot be undone: a modal (focus trapped, Escape cancels) with Cancel
 * and the action. Focus starts on Cancel, so a stray Enter does nothing harmful. While the action
 * runs, a second click on it is ignored.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} role="alertdialog" onClose={onCancel}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={bodyId} className={styles.body}>
        {children}
      </div>
      <DialogActions
        className={styles.actions}
        cancelLabel={cancelLabel ?? t('actions.cancel')}
        onCancel={onCancel}
        focusCancel
        actionLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        actionClassName={danger ? styles.danger : undefined}
        onAction={onConfirm}
      />
    </Modal>
  );
}
