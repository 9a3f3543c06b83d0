import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '@symposia/shared';
import { PreviewToggle, RichTextPreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { readDraft, writeDraft } from '../utils/drafts';
import { canSubmitComment } from '../utils/threads';
import styles from './comment-editor.module.css';

export type EditorError = { title: string; details?: string };

type CommentEditorProps = {
  label: string;
  /** Where the text is kept between renders, sign-ins and reloads (session storage). */
  draftKey: string;
  /** What a reply box starts with, e.g. '@bob '; only this is not worth sending. */
  prefix?: string;
  pending?: boolean;
  error?: EditorError | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
};

/**
 * The comment box (spec §2, §5): a labelled text area with Submit and Cancel. Empty, whitespace-only
 * (or '@name'-only) text cannot be sent; a second submit while one is sending is ignored. Ctrl/⌘+Enter
 * submits and Escape cancels. The text is kept as a draft until it is sent or cancelled. Preview
 * shows the text as the thread will (Markdown and math) in place of the text area, and back.
 */
export function CommentEditor({
  label,
  draftKey,
  prefix = '',
  pending = false,
  error,
  onSubmit,
  onCancel,
}: CommentEditorProps) {
  const { t } = useTranslation(['comments', 'common']);
  const [text, setText] = useState(() => readDraft(draftKey) ?? prefix);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const caretPlaced = useRef(false);
  const sendable = canSubmitComment(text, prefix);

  const submit = () => {
    if (!sendable || pending) return;
    onSubmit(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      className={styles.editor}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      {previewing ? (
        <RichTextPreview id={previewId} label={label} text={text} plain="text" />
      ) : (
        <TextareaField
          label={label}
          hint={`${t('comments:editor.hint')} ${t('common:richText.markdownHint')}`}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          readOnly={pending}
          autoFocus
          onFocus={(event) => {
            // The first time only: the caret goes after the '@name ' the reply starts with.
            if (caretPlaced.current) return;
            caretPlaced.current = true;
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
          onChange={(event) => {
            setText(event.target.value);
            writeDraft(draftKey, event.target.value, prefix);
          }}
          onKeyDown={onKeyDown}
        />
      )}
      {error ? (
        <div className={styles.error} role="alert">
          <p className={styles.errorTitle}>{error.title}</p>
          {error.details ? <p className={styles.errorDetails}>{error.details}</p> : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button-primary"
          disabled={!sendable}
          // Blocked, not disabled, while sending: focus stays on the button (spec §5).
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
        >
          {pending ? t('editor.submitting') : t('editor.submit')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <PreviewToggle
          pressed={previewing}
          controls={previewId}
          onToggle={() => setPreviewing((shown) => !shown)}
        />
      </div>
    </form>
  );
}
