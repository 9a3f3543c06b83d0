import { SCREEN_TEXT } from '@symposia/shared';
import { UploadForm } from './upload-form';
import styles from './upload-form.module.css';

export const UPLOAD_TITLE = SCREEN_TEXT.uploadTitle;

/** The Upload screen for a signed-in member (spec §2 Upload). */
export function UploadScreen() {
  return (
    <section className={styles.page} aria-labelledby="upload-title">
      <header className={styles.header}>
        <h1 id="upload-title">{UPLOAD_TITLE}</h1>
        <p className={styles.lead}>
          Share your research: files are stored on IPFS under their content address, and an AI
          analysis summarises them for the forum.
        </p>
      </header>
      <div className={styles.card}>
        <UploadForm />
      </div>
    </section>
  );
}
