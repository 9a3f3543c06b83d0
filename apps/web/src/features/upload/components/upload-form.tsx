import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  uploadFieldsSchema,
} from '@symposia/shared';
import {
  EMPTY_POST_FIELDS,
  postFieldOf,
  schemaProblemsOf,
} from '@/components/post-fields/field-errors';
import { PostFields } from '@/components/post-fields/post-fields';
import { usePostFields } from '@/components/post-fields/use-post-fields';
import { ProgressBar } from '@/components/ui/progress-bar/progress-bar';
import stackedList from '@/components/ui/stacked-list/stacked-list.module.css';
import { localizeMessage } from '@/lib/localize-message';
import { useUpload } from '../hooks/use-upload';
import { formatFileSize, selectFiles } from '../utils/select-files';
import { UploadSuccess } from './upload-success';
import styles from './upload-form.module.css';

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;
const hasFiles = (event: DragEvent | globalThis.DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The upload form (spec §2 Upload, §4, §5): pick or drop up to five files, optionally describe the
 * post, upload with progress, and see the result or what went wrong.
 */
export function UploadForm() {
  const { t } = useTranslation(['upload', 'common']);
  const ids = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [selectionErrors, setSelectionErrors] = useState<string[]>([]);
  const [metadataOpen, setMetadataOpen] = useState(false);
  const metadata = usePostFields(EMPTY_POST_FIELDS);
  // A new set of fields after a reset: no Preview left on, no DOI already checked.
  const [fieldsKey, setFieldsKey] = useState(0);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);

  const { upload, uploading, progress, outcome, dismissError } = useUpload({
    onReset: (uploaded) => {
      setFiles((current) => current.filter((file) => !uploaded.includes(file)));
      metadata.reset(EMPTY_POST_FIELDS);
      setFieldsKey((key) => key + 1);
      setSelectionErrors([]);
    },
    // The server's 422 names the field: its message goes under it, with the fields open.
    onFieldErrors: (fieldErrors) => {
      const shown = metadata.showProblems(fieldErrors);
      if (Object.keys(shown).length > 0) setMetadataOpen(true);
    },
  });

  // A file dropped next to the drop zone would make the browser leave the app to open it.
  useEffect(() => {
    const keepInApp = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', keepInApp);
    window.addEventListener('drop', keepInApp);
    return () => {
      window.removeEventListener('dragover', keepInApp);
      window.removeEventListener('drop', keepInApp);
    };
  }, []);

  const addFiles = (incoming: File[]) => {
    if (uploading || incoming.length === 0) return;
    const result = selectFiles(files, incoming);
    setFiles(result.files);
    setSelectionErrors(result.errors);
    dismissError();
  };

  const removeFile = (file: File) => {
    setFiles((current) => current.filter((kept) => kept !== file));
    setSelectionErrors([]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    if (files.length === 0) {
      setSelectionErrors([MESSAGES.uploadNoFiles]);
      return;
    }
    setSelectionErrors([]);
    // The server's own rules (shared uploadFieldsSchema), so a refusal needs no round trip.
    const checked = uploadFieldsSchema.safeParse(metadata.values);
    if (!checked.success) {
      metadata.showProblems(schemaProblemsOf(checked.error));
      setMetadataOpen(true);
      return;
    }
    // Sent as typed: the server reads the fields with the same schema.
    upload(files, metadata.values);
  };

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  // A field's problem is shown under it; the box tells the failure, and any problem of no field.
  const errors =
    outcome?.kind === 'error'
      ? [
          outcome.message,
          ...outcome.fieldErrors
            .filter((e) => !postFieldOf(e.field))
            .map((e) => `${e.field}: ${localizeMessage(e.message, e)}`),
        ]
      : selectionErrors;
  const metadataId = `${ids}-metadata`;
  const inputId = `${ids}-files`;
  const hintId = `${ids}-files-hint`;
  const maxMegabytes = Math.round(UPLOAD_MAX_FILE_BYTES / (1024 * 1024));

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''} ${uploading ? styles.disabled : ''}`}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <svg
          className={styles.dropIcon}
          viewBox="0 0 24 24"
          width="40"
          height="40"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M12 3 7 8h3v6h4V8h3l-5-5Zm-7 13v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3h-2v3H7v-3H5Z"
          />
        </svg>
        <p className={styles.dropText}>{t('dropText')}</p>
        <input
          id={inputId}
          className={`visually-hidden ${styles.fileInput}`}
          type="file"
          name="files"
          multiple
          disabled={uploading}
          aria-describedby={hintId}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={`button button-secondary ${styles.chooseButton}`}>
          {t('chooseFiles')}
        </label>
        <p id={hintId} className={styles.hint}>
          {t('limits', { maxFiles: UPLOAD_MAX_FILES, maxMegabytes })}
        </p>
      </div>

      {files.length > 0 ? (
        <div className={styles.selection}>
          <h2 className={styles.subheading} id={`${ids}-selected`}>
            {t('selected', { selected: files.length, max: UPLOAD_MAX_FILES })}
          </h2>
          <ul
            className={`${stackedList.list} ${stackedList.tight}`}
            aria-labelledby={`${ids}-selected`}
          >
            {files.map((file) => (
              <li key={fileKey(file)} className={styles.fileItem}>
                <span className={styles.fileName} translate="no">
                  {file.name}
                </span>
                <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  className={`button button-secondary ${styles.removeButton}`}
                  onClick={() => removeFile(file)}
                  disabled={uploading}
                  aria-label={t('removeFile', { name: file.name })}
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <button
          type="button"
          className="link-button"
          aria-expanded={metadataOpen}
          aria-controls={metadataId}
          onClick={() => setMetadataOpen((open) => !open)}
        >
          {metadataOpen ? t('hideMetadata') : t('addMetadata')}
        </button>
      </div>

      <PostFields
        key={fieldsKey}
        id={metadataId}
        framed
        hidden={!metadataOpen}
        disabled={uploading}
        legend={<legend className={styles.subheading}>{t('postDetails')}</legend>}
        values={metadata.values}
        errors={metadata.errors}
        onChange={metadata.change}
      />

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={uploading}>
          {uploading ? t('uploading') : t('submit')}
        </button>
      </div>

      {progress !== null ? <ProgressBar value={progress} label={t('progress')} /> : null}

      {errors.length > 0 ? (
        <div className={styles.error} role="alert">
          {errors.map((message) => (
            <p key={message}>{localizeMessage(message)}</p>
          ))}
        </div>
      ) : null}

      {outcome?.kind === 'success' ? (
        <UploadSuccess result={outcome.result} receivedAt={outcome.receivedAt} />
      ) : null}
    </form>
  );
}
