import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { handleModalKey } from '@/components/ui/modal/modal-keys';
import { useDraggable } from '../hooks/use-draggable';
import styles from './settings-window.module.css';

type SettingsWindowProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The settings panel of My Page (spec §2): a window dragged by its title bar (or moved with the
 * arrow keys from its grip), modal for assistive technology: focus moves in, Tab stays inside,
 * Escape or Close closes it, and focus goes back to what opened it.
 */
export function SettingsWindow({ title, onClose, children }: SettingsWindowProps) {
  const { t, i18n } = useTranslation('profiles');
  const titleId = useId();
  const hintId = useId();
  const { targetRef, offset, handleProps, keyboardProps } = useDraggable<HTMLDivElement>();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    targetRef.current?.focus();
    document.body.classList.add('has-modal');
    return () => {
      document.body.classList.remove('has-modal');
      previouslyFocused?.focus?.();
    };
  }, [targetRef]);

  // The listener sits on the window itself, so focus is never outside it; Tab from the window
  // itself goes to its first element, as it would anyway.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = event.currentTarget;
    handleModalKey(event, dialog, {
      onClose: () => onCloseRef.current(),
      strayed: (active) => active === dialog,
    });
  };

  return createPortal(
    <div className={styles.layer}>
      <div
        ref={targetRef}
        className={styles.window}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
        onKeyDown={onKeyDown}
      >
        <div className={styles.titleBar} data-testid="settings-title-bar" {...handleProps}>
          <button
            type="button"
            className={styles.grip}
            aria-label={t('settingsWindow.moveWindow')}
            aria-describedby={hintId}
            {...keyboardProps}
          >
            <GripIcon />
          </button>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={t('settingsWindow.close', {
              title: title.toLocaleLowerCase(i18n.language),
            })}
            data-no-drag
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p id={hintId} className="visually-hidden">
          {t('settingsWindow.moveWindowHint')}
        </p>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) =>
        [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" fill="currentColor" />),
      )}
    </svg>
  );
}
