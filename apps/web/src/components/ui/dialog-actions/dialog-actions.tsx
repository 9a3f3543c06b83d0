type DialogActionsProps = {
  /** The row's look, from the dialog's own styles. */
  className?: string;
  cancelLabel: string;
  onCancel: () => void;
  /** Focus starts on Cancel, so a stray Enter does nothing harmful. */
  focusCancel?: boolean;
  actionLabel: string;
  /** Shown on the action while it runs. */
  pendingLabel?: string;
  pending: boolean;
  /** Added to the action's look, e.g. the red of a destructive action. */
  actionClassName?: string;
  /** Without it, the action submits the form the row sits in. */
  onAction?: () => void;
};

/**
 * The buttons at the foot of a dialog: Cancel, then the action. While the action runs it says so
 * and is marked busy, and a second press of it is ignored (it stays focusable, unlike `disabled`).
 */
export function DialogActions({
  className,
  cancelLabel,
  onCancel,
  focusCancel = false,
  actionLabel,
  pendingLabel,
  pending,
  actionClassName,
  onAction,
}: DialogActionsProps) {
  return (
    <div className={className}>
      <button
        type="button"
        className="button button-secondary"
        onClick={onCancel}
        data-autofocus={focusCancel || undefined}
      >
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={
          actionClassName ? `button button-primary ${actionClassName}` : 'button button-primary'
        }
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={
          onAction
            ? () => {
                if (!pending) onAction();
              }
            : undefined
        }
      >
        {pending && pendingLabel ? pendingLabel : actionLabel}
      </button>
    </div>
  );
}
