import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { common } from '@/locales/en/common';
import fieldStyles from '../form/text-field.module.css';
import { RichText, type PlainLayout } from './rich-text';
import styles from './preview.module.css';

/**
 * The English texts, for tests and for callers that write their hint in English; screens show
 * t('common:richText.previewEmpty') and t('common:richText.markdownHint').
 */
export const PREVIEW_EMPTY = common.richText.previewEmpty;
export const MARKDOWN_HINT = common.richText.markdownHint;

type PreviewToggleProps = {
  pressed: boolean;
  onToggle: () => void;
  /** The id of the preview it shows, while shown. */
  controls?: string;
  disabled?: boolean;
};

/** Switches a text field between writing and a preview of how the text will be shown. */
export function PreviewToggle({ pressed, onToggle, controls, disabled }: PreviewToggleProps) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={`button button-secondary ${styles.toggle}`}
      aria-pressed={pressed}
      aria-controls={pressed ? controls : undefined}
      disabled={disabled}
      onClick={onToggle}
    >
      {t('richText.preview')}
    </button>
  );
}

/**
 * Whether a form shows its preview instead of its text fields, the id the preview takes, and the
 * props of the PreviewToggle that switches it.
 */
export function usePreview() {
  const previewId = useId();
  const [previewing, setPreviewing] = useState(false);
  const toggle = {
    pressed: previewing,
    controls: previewId,
    onToggle: () => setPreviewing((on) => !on),
  };
  return { previewId, previewing, setPreviewing, toggle };
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
  const { t } = useTranslation('common');
  const labelId = useId();
  return (
    <div className={fieldStyles.field}>
      <span id={labelId} className={fieldStyles.label}>
        {label} <span className={fieldStyles.optional}>{t('richText.previewMark')}</span>
      </span>
      <div id={id} className={styles.preview} role="region" aria-labelledby={labelId}>
        {text.trim() ? (
          <RichText text={text} plain={plain} className={styles.body} />
        ) : (
          <p className={styles.empty}>{t('richText.previewEmpty')}</p>
        )}
      </div>
    </div>
  );
}
