import { useTranslation } from 'react-i18next';
import { ToastContainer, toast } from 'react-toastify/unstyled';
// The unstyled entry plus the stylesheet keeps toasts working under a CSP without inline <style>.
import 'react-toastify/ReactToastify.css';
import { TOAST_DURATION_MS } from '@symposia/shared';

/** The toast library, loaded by ./toast.tsx after the page or with the first toast. */
export { toast };

export function ToastContainerHost() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      // The region's name in the reader's language (each toast's close button keeps the
      // library's "close": the library does not export its button to rename).
      aria-label={t('toasts.region')}
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
