import { useTranslation } from 'react-i18next';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify/unstyled';
// The unstyled entry plus the stylesheet keeps toasts working under a CSP without inline <style>.
import 'react-toastify/ReactToastify.css';
import { TOAST_DURATION_MS } from '@symposia/shared';

/** The toast library, loaded by ./toast.tsx after the page or with the first toast. */
export { toast };

/** The library's close button (its markup and classes), named in the reader's language. */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('toasts.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export function ToastContainerHost() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      // The region's, the close button's and the timer's names in the reader's language: the
      // library's own are English, so the button is ours and each toast draws its timer
      // (./toast.tsx, `customProgressBar`).
      aria-label={t('toasts.region')}
      closeButton={ToastCloseButton}
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
