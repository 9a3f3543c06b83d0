import type { ReactNode } from 'react';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
// The unstyled entry plus the stylesheet keeps toasts working under a CSP without inline <style>.
import 'react-toastify/ReactToastify.css';
import { TOAST_DURATION_MS } from '@symposia/shared';
import styles from './toast.module.css';

/** Mounted once at the root; every toast of the app appears here. */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_DURATION_MS}
      hideProgressBar={false}
      newestOnTop
      closeOnClick={false}
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
    />
  );
}

function ToastMessage({ title, details }: { title: string; details?: ReactNode }) {
  return (
    <div className={styles.message}>
      <p className={styles.title}>{title}</p>
      {details ? <p className={styles.details}>{details}</p> : null}
    </div>
  );
}

type Notify = (title: string, details?: ReactNode, options?: ToastOptions) => void;

const show =
  (type: 'error' | 'success' | 'info'): Notify =>
  (title, details, options) => {
    toast[type](<ToastMessage title={title} details={details} />, {
      autoClose: TOAST_DURATION_MS,
      ...options,
    });
  };

/** Short-lived messages with a title and optional details (spec §2 "Error toast"). */
export const notify = {
  error: show('error'),
  success: show('success'),
  info: show('info'),
};
