import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastContentProps, ToastOptions } from 'react-toastify/unstyled';
import { TOAST_DURATION_MS } from '@symposia/shared';
import { localizeMessage } from '@/lib/localize-message';
import styles from './toast.module.css';

/**
 * react-toastify and its stylesheet are not part of any page's first load: the container loads
 * once the page is idle, or at once with the first toast. A toast shown before its container has
 * mounted is queued by the library and appears when it does.
 */
const loadToastify = () => import('./toastify');
const ToastContainerHost = lazy(() =>
  loadToastify().then((module) => ({ default: module.ToastContainerHost })),
);

let wanted = false;
const wantedListeners = new Set<() => void>();
function wantToasts() {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}
const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

/** Mounted once at the root; every toast of the app appears here. */
export function ToastHost() {
  const requested = useSyncExternalStore(
    subscribeWanted,
    () => wanted,
    () => false,
  );
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 1000);
    return () => window.clearTimeout(timer);
  }, []);
  if (!requested && !idle) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainerHost />
    </Suspense>
  );
}

type ToastMessageProps = {
  title: string;
  details?: ReactNode;
} & Partial<Pick<ToastContentProps, 'closeToast' | 'isPaused' | 'toastProps'>>;

/**
 * A title or details that are one of the product's messages show in the reader's language; below
 * them the timer bar (the library's markup and classes, named in the reader's language), which
 * closes the toast when it runs out. The library passes `closeToast`, `isPaused` and `toastProps`.
 */
function ToastMessage({ title, details, closeToast, isPaused, toastProps }: ToastMessageProps) {
  // Shown again in the new language when the reader switches while it is up.
  const { t } = useTranslation();
  const delay = toastProps?.autoClose;
  const type = toastProps?.type ?? 'default';
  const theme = toastProps?.theme ?? 'light';
  return (
    <div className={styles.message}>
      <p className={styles.title}>{localizeMessage(title)}</p>
      {details ? (
        <p className={styles.details}>
          {typeof details === 'string' ? localizeMessage(details) : details}
        </p>
      ) : null}
      {typeof delay === 'number' && closeToast ? (
        <div className="Toastify__progress-bar--wrp" data-hidden="false">
          <div
            className={`Toastify__progress-bar--bg Toastify__progress-bar-theme--${theme} Toastify__progress-bar--${type}`}
          />
          <div
            role="progressbar"
            aria-label={t('toasts.timer')}
            aria-valuemin={0}
            aria-valuemax={100}
            className={`Toastify__progress-bar Toastify__progress-bar--animated Toastify__progress-bar-theme--${theme} Toastify__progress-bar--${type}`}
            style={{
              animationDuration: `${delay}ms`,
              animationPlayState: isPaused ? 'paused' : 'running',
            }}
            onAnimationEnd={() => closeToast()}
          />
        </div>
      ) : null}
    </div>
  );
}

type Notify = (title: string, details?: ReactNode, options?: ToastOptions) => void;

/**
 * Each message said in text (type, title and details) gets one toast id while its toast is up, so
 * the same message raised again is not stacked under itself: one failing save retried, or one
 * outcome reported by two paths, reads once (the library ignores a toast whose id it shows, and
 * one queued twice before its container mounted). Once it closes, the message's next toast gets
 * a new id.
 */
const messageNumbers = new Map<string, number>();
const closedTimes = new Map<string, number>();

function toastIdOf(message: string): string {
  let number = messageNumbers.get(message);
  if (number === undefined) {
    number = messageNumbers.size + 1;
    messageNumbers.set(message, number);
  }
  return `toast-${number}-${closedTimes.get(message) ?? 0}`;
}

const show =
  (type: 'error' | 'success' | 'info'): Notify =>
  (title, details, options) => {
    wantToasts();
    const message =
      details === undefined || typeof details === 'string'
        ? [type, title, details ?? ''].join('\n')
        : null;
    const toastId = message === null ? undefined : toastIdOf(message);
    void loadToastify().then(({ toast }) => {
      toast[type](<ToastMessage title={title} details={details} />, {
        autoClose: TOAST_DURATION_MS,
        // ToastMessage draws the timer, named in the reader's language.
        customProgressBar: true,
        ...(message !== null && {
          toastId,
          onClose: () => {
            if (toastIdOf(message) === toastId)
              closedTimes.set(message, (closedTimes.get(message) ?? 0) + 1);
          },
        }),
        ...options,
      });
    });
  };

/** Short-lived messages with a title and optional details (spec §2 "Error toast"). */
export const notify = {
  error: show('error'),
  success: show('success'),
  info: show('info'),
};
