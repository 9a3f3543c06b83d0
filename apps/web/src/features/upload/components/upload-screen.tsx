import { useTranslation } from 'react-i18next';
import { UploadForm } from './upload-form';
import styles from './upload-form.module.css';

/** The Upload screen for a signed-in member (spec §2 Upload). */
export function UploadScreen() {
  const { t } = useTranslation(['upload', 'screen']);
  return (
    <section className={styles.page} aria-labelledby="upload-title">
      <header className={styles.header}>
        <h1 id="upload-title">{t('screen:uploadTitle')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      <div className={styles.card}>
        <UploadForm />
      </div>
    </section>
  );
}
