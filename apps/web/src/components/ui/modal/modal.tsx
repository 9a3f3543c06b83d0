import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn, handleModalKey } from './modal-keys';
import styles from './modal.module.css';

type ModalProps = {
  onClose: () => void;
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  children: ReactNode;
  /** `wide` for dialogs that hold a form or long text (post edit, revisions). */
  size?: 'default' | 'wide';
  /** `alertdialog` for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that says what the dialog is about. */
  describedBy?: string;
};

/**
 * A modal dialog: focus moves in and stays in (Tab wraps around), Escape or the close button or a
 * click on the backdrop closes it, and focus returns to where it was when the dialog closes. Focus
 * starts on the element marked `data-autofocus`, else the first input, else the dialog itself.
 */
export function Modal({
  onClose,
  labelledBy,
  children,
  size = 'default',
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    (
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      focusableIn(dialog).find((el) => el.tagName === 'INPUT') ??
      dialog
    ).focus();
    document.body.classList.add('has-modal');

    const onKeyDown = (event: KeyboardEvent) =>
      handleModalKey(event, dialog, {
        onClose: () => onCloseRef.current(),
        strayed: (active) => !dialog.contains(active),
      });
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.classList.remove('has-modal');
      previouslyFocused?.focus?.();
    };
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={size === 'wide' ? `${styles.dialog} ${styles.wide}` : styles.dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <button
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('actions.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
