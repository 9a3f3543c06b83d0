import { ToastContainer, toast } from 'react-toastify/unstyled';
// The unstyled entry plus the stylesheet keeps toasts working under a CSP without inline <style>.
import 'react-toastify/ReactToastify.css';
import { TOAST_DURATION_MS } from '@symposia/shared';

/** The toast library, loaded by ./toast.tsx after the page or with the first toast. */
export { toast };

export function ToastContainerHost() {
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
