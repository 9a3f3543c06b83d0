const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside `container` that take focus, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** What a DOM or a React keyboard event both carry. */
type ModalKeyEvent = {
  key: string;
  shiftKey: boolean;
  preventDefault: () => void;
  stopPropagation: () => void;
};

type ModalKeyOptions = {
  onClose: () => void;
  /**
   * Whether focus sits where Tab would leave the dialog (outside it, or on the dialog itself),
   * so that Tab brings it back to the first element and Shift+Tab to the last.
   */
  strayed: (active: Element | null) => boolean;
};

/**
 * The keys of a modal dialog: Escape closes it (and goes no further, so an outer dialog stays
 * open), and Tab wraps around inside it; with nothing to focus in it, Tab does nothing.
 */
export function handleModalKey(
  event: ModalKeyEvent,
  dialog: HTMLElement,
  { onClose, strayed }: ModalKeyOptions,
) {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusableIn(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || strayed(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || strayed(active))) {
    event.preventDefault();
    first.focus();
  }
}
