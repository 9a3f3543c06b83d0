import clsx from 'clsx';
import type { ReactNode } from 'react';
import outline from './outline-button.module.css';
import styles from './pill-toggle.module.css';

type PillToggleProps = {
  pressed: boolean;
  /** A change is on its way: presses are ignored (spec §4), the button stays focusable. */
  pending?: boolean;
  onToggle: () => void;
  /** The feature's colours: the class it always has, and the one it adds while pressed. */
  className?: string;
  pressedClassName?: string;
  children: ReactNode;
};

/**
 * An outline pill pressed while the reader likes or follows (aria-pressed); while the change is
 * sent it says so (aria-busy) and a second press does nothing.
 */
export function PillToggle({
  pressed,
  pending = false,
  onToggle,
  className,
  pressedClassName,
  children,
}: PillToggleProps) {
  return (
    <button
      type="button"
      className={clsx(
        outline.button,
        outline.round,
        styles.toggle,
        className,
        pressed && pressedClassName,
      )}
      aria-pressed={pressed}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onToggle();
      }}
    >
      {children}
    </button>
  );
}
