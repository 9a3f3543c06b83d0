import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '@symposia/shared';
import { PreviewToggle, RichTextPreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { canSubmitComment } from '../utils/threads';
import styles from './comment-editor.module.css';

type CommentInlineEditorProps = {
  /** The text as it is now; the editor starts with it. */
  value: string;
  /** Called with the new text, only when it differs and is not empty. */
  onSave: (text: string) => void;
  onCancel: () => void;
};

/**
 * A comment's own text edited in place, as the spec's field edits (§4): Save and Cancel,
 * Enter saves, Escape cancels; Shift+Enter is a new line, since a comment may have several. Text
 * being composed with an input method (e.g. pinyin) is never saved by the Enter that confirms it.
 */
export function CommentInlineEditor({ value, onSave, onCancel }: CommentInlineEditorProps) {
  const { t } = useTranslation(['comments', 'common']);
  const [text, setText] = useState(value);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const caretPlaced = useRef(false);
  const sendable = canSubmitComment(text);

  const save = () => {
    if (!sendable) return;
    if (text.trim() === value.trim()) onCancel();
    else onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // The field's Escape must not also close a surrounding dialog.
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form
      className={styles.editor}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save();
      }}
    >
      {previewing ? (
        <RichTextPreview id={previewId} label={t('inlineEditor.label')} text={text} plain="text" />
      ) : (
        <TextareaField
          label={t('inlineEditor.label')}
          hint={`${t('comments:inlineEditor.hint')} ${t('common:richText.markdownHint')}`}
          value={text}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          autoFocus
          onFocus={(event) => {
            // The first time only: the caret goes after the text, ready to add to it.
            if (caretPlaced.current) return;
            caretPlaced.current = true;
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={!sendable}>
          {t('inlineEditor.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('inlineEditor.cancel')}
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
