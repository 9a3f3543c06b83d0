import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  doiSchema,
  MESSAGES,
  POST_FIELD_MAX_LENGTH,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
} from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { ProgressBar } from '@/components/ui/progress-bar/progress-bar';
import { PreviewToggle, RichTextPreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { VisibilityField } from '@/components/ui/visibility-field/visibility-field';
import { localizeMessage } from '@/lib/localize-message';
import type { UploadMetadata } from '../api/upload-files';
import { useUpload } from '../hooks/use-upload';
import { formatFileSize, selectFiles } from '../utils/select-files';
import { UploadSuccess } from './upload-success';
import styles from './upload-form.module.css';

type Metadata = Required<UploadMetadata>;

const EMPTY_METADATA: Metadata = {
  title: '',
  summary: '',
  content: '',
  tags: '',
  ai_instruction: '',
  visibility: 'public',
  doi: '',
};

/** Why a typed DOI is refused (the server's own rule), or undefined when it is fine or empty. */
function doiProblem(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const parsed = doiSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

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
  const [metadata, setMetadata] = useState<Metadata>(EMPTY_METADATA);
  const [previewingContent, setPreviewingContent] = useState(false);
  const [doiChecked, setDoiChecked] = useState(false);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);

  const { upload, uploading, progress, outcome, dismissError } = useUpload({
    onReset: (uploaded) => {
      setFiles((current) => current.filter((file) => !uploaded.includes(file)));
      setMetadata(EMPTY_METADATA);
      setPreviewingContent(false);
      setDoiChecked(false);
      setSelectionErrors([]);
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

  const update =
    <K extends keyof Metadata>(field: K) =>
    (value: Metadata[K]) =>
      setMetadata((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    if (files.length === 0) {
      setSelectionErrors([MESSAGES.uploadNoFiles]);
      return;
    }
    setSelectionErrors([]);
    if (doiProblem(metadata.doi)) {
      setDoiChecked(true);
      setMetadataOpen(true);
      return;
    }
    upload(files, metadata);
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

  const errors =
    outcome?.kind === 'error'
      ? [
          outcome.message,
          ...outcome.fieldErrors.map((e) => `${e.field}: ${localizeMessage(e.message, e)}`),
        ]
      : selectionErrors;
  const metadataId = `${ids}-metadata`;
  const contentPreviewId = `${ids}-content-preview`;
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
          <ul className={styles.fileList} aria-labelledby={`${ids}-selected`}>
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

      <fieldset
        id={metadataId}
        className={styles.metadata}
        hidden={!metadataOpen}
        disabled={uploading}
      >
        <legend className={styles.subheading}>{t('postDetails')}</legend>
        <TextField
          label={t('title')}
          name="title"
          optional
          maxLength={POST_FIELD_MAX_LENGTH.title}
          value={metadata.title}
          onChange={(event) => update('title')(event.target.value)}
        />
        <TextareaField
          label={t('summary')}
          name="summary"
          optional
          rows={3}
          maxLength={POST_FIELD_MAX_LENGTH.summary}
          value={metadata.summary}
          onChange={(event) => update('summary')(event.target.value)}
        />
        {/* Preview shows the content as the post page will (Markdown and math), then back. */}
        {previewingContent ? (
          <RichTextPreview
            id={contentPreviewId}
            label={t('content')}
            text={metadata.content}
            plain="lines"
          />
        ) : (
          <TextareaField
            label={t('content')}
            name="content"
            optional
            rows={6}
            hint={t('common:richText.markdownHint')}
            maxLength={POST_FIELD_MAX_LENGTH.content}
            value={metadata.content}
            onChange={(event) => update('content')(event.target.value)}
          />
        )}
        <div>
          <PreviewToggle
            pressed={previewingContent}
            controls={contentPreviewId}
            onToggle={() => setPreviewingContent((shown) => !shown)}
          />
        </div>
        <TextField
          label={t('tags')}
          name="tags"
          optional
          hint={t('tagsHint')}
          maxLength={POST_FIELD_MAX_LENGTH.tags}
          value={metadata.tags}
          onChange={(event) => update('tags')(event.target.value)}
        />
        <TextField
          label={t('doi')}
          name="doi"
          optional
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="10.1000/xyz123"
          hint={t('doiHint')}
          error={doiChecked ? doiProblem(metadata.doi) : undefined}
          value={metadata.doi}
          onBlur={() => setDoiChecked(true)}
          onChange={(event) => update('doi')(event.target.value)}
        />
        <TextareaField
          label={t('aiInstruction')}
          name="ai_instruction"
          optional
          rows={3}
          hint={t('aiInstructionHint')}
          maxLength={POST_FIELD_MAX_LENGTH.aiInstruction}
          value={metadata.ai_instruction}
          onChange={(event) => update('ai_instruction')(event.target.value)}
        />
        <VisibilityField value={metadata.visibility} onChange={update('visibility')} />
      </fieldset>

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
