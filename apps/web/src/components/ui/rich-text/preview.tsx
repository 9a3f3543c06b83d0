import { useId } from 'react';
import fieldStyles from '../form/text-field.module.css';
import { RichText, type PlainLayout } from './rich-text';
import styles from './preview.module.css';

export const PREVIEW_EMPTY = 'Nothing to preview yet.';
export const MARKDOWN_HINT =
  'Markdown and LaTeX math are supported: $…$ inline, $$…$$ for display.';

type PreviewToggleProps = {
  pressed: boolean;
  onToggle: () => void;
  /** The id of the preview it shows, while shown. */
  controls?: string;
  disabled?: boolean;
};

/** Switches a text field between writing and a preview of how the text will be shown. */
export function PreviewToggle({ pressed, onToggle, controls, disabled }: PreviewToggleProps) {
  return (
    <button
      type="button"
      className={`button button-secondary ${styles.toggle}`}
      aria-pressed={pressed}
      aria-controls={pressed ? controls : undefined}
      disabled={disabled}
      onClick={onToggle}
    >
      Preview
    </button>
  );
}

type RichTextPreviewProps = {
  id?: string;
  /** The field's label; the preview is named after it. */
  label: string;
  text: string;
  plain: PlainLayout;
};

/** The text of a field rendered as it will be published, in place of the field. */
export function RichTextPreview({ id, label, text, plain }: RichTextPreviewProps) {
  const labelId = useId();
  return (
    <div className={fieldStyles.field}>
      <span id={labelId} className={fieldStyles.label}>
        {label} <span className={fieldStyles.optional}>(preview)</span>
      </span>
      <div id={id} className={styles.preview} role="region" aria-labelledby={labelId}>
        {text.trim() ? (
          <RichText text={text} plain={plain} className={styles.body} />
        ) : (
          <p className={styles.empty}>{PREVIEW_EMPTY}</p>
        )}
      </div>
    </div>
  );
}
