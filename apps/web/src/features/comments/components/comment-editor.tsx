import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '@symposia/shared';
import { PreviewToggle, RichTextPreview, usePreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { readDraft, writeDraft } from '../utils/drafts';
import { canSubmitComment } from '../utils/threads';
import styles from './comment-editor.module.css';

export type EditorError = { title: string; details?: string };

type EditorBase = {
  label: string;
  pending?: boolean;
  error?: EditorError | null;
  /** The text to send; in an edit, only a changed one (an unchanged text cancels). */
  onSubmit: (text: string) => void;
  onCancel: () => void;
};

type NewCommentProps = EditorBase & {
  /** A new comment or reply (the default). */
  mode?: 'new';
  /** Where the text is kept between renders, sign-ins and reloads (session storage). */
  draftKey: string;
  /** What a reply box starts with, e.g. '@bob '; only this is not worth sending. */
  prefix?: string;
};

type EditCommentProps = EditorBase & {
  /** A comment's own text edited in place. */
  mode: 'edit';
  /** The text as it is now; the editor starts with it. */
  value: string;
};

type CommentEditorProps = NewCommentProps | EditCommentProps;

/**
 * The comment box (spec §2, §4, §5), for a new comment or reply and for a comment edited in place:
 * a labelled text area with Submit (Save) and Cancel, and Preview, which shows the text as the
 * thread will (Markdown and math) in place of the text area, and back. Empty, whitespace-only (or
 * '@name'-only) text cannot be sent; a second submit while one is sending is ignored. Escape
 * cancels, and no surrounding dialog with it.
 *
 * A new comment is sent with Ctrl/⌘+Enter and kept as a draft until it is sent or cancelled. An
 * edit, like the spec's field edits, saves with Enter (Shift+Enter is a new line, since a comment
 * may have several). The Enter that confirms text composed with an input method (e.g. pinyin)
 * never sends.
 */
export function CommentEditor(props: CommentEditorProps) {
  const { label, pending = false, error, onSubmit, onCancel } = props;
  const { t } = useTranslation(['comments', 'common']);
  const editing = props.mode === 'edit';
  const prefix = props.mode === 'edit' ? '' : (props.prefix ?? '');
  const draftKey = props.mode === 'edit' ? null : props.draftKey;
  const [text, setText] = useState(() =>
    props.mode === 'edit' ? props.value : (readDraft(props.draftKey) ?? prefix),
  );
  const { previewId, previewing, toggle } = usePreview();
  const caretPlaced = useRef(false);
  const sendable = canSubmitComment(text, prefix);

  const submit = () => {
    if (!sendable || pending) return;
    if (props.mode === 'edit' && text.trim() === props.value.trim()) onCancel();
    else onSubmit(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // The field's Escape must not also close a surrounding dialog.
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const sends = editing ? !event.shiftKey : event.ctrlKey || event.metaKey;
    if (sends) {
      event.preventDefault();
      submit();
    }
  };

  const texts = editing
    ? {
        hint: t('comments:inlineEditor.hint'),
        submit: t('comments:inlineEditor.save'),
        submitting: t('comments:inlineEditor.save'),
        cancel: t('comments:inlineEditor.cancel'),
      }
    : {
        hint: t('comments:editor.hint'),
        submit: t('comments:editor.submit'),
        submitting: t('comments:editor.submitting'),
        cancel: t('comments:editor.cancel'),
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
          hint={`${texts.hint} ${t('common:richText.markdownHint')}`}
          value={text}
          rows={editing ? 3 : undefined}
          maxLength={COMMENT_MAX_LENGTH}
          readOnly={pending}
          autoFocus
          onFocus={(event) => {
            // The first time only: the caret goes after the text (or the '@name ' a reply starts
            // with), ready to add to it.
            if (caretPlaced.current) return;
            caretPlaced.current = true;
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
          onChange={(event) => {
            setText(event.target.value);
            if (draftKey) writeDraft(draftKey, event.target.value, prefix);
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
          {pending ? texts.submitting : texts.submit}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {texts.cancel}
        </button>
        <PreviewToggle {...toggle} />
      </div>
    </form>
  );
}
