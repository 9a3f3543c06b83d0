import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { PreviewToggle, RichTextPreview, usePreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { VisibilityField } from '@/components/ui/visibility-field/visibility-field';
import { localizeMessage } from '@/lib/localize-message';
import {
  doiProblem,
  type PostFieldError,
  type PostFieldErrors,
  type PostFieldName,
  type PostFieldValues,
} from './field-errors';
import styles from './post-fields.module.css';

type TextFieldName = Exclude<PostFieldName, 'visibility'>;

/** Each text field's limit (shared POST_FIELD_MAX_LENGTH); a DOI is checked by its own rule. */
const MAX_LENGTH: Partial<Record<TextFieldName, number>> = {
  title: POST_FIELD_MAX_LENGTH.title,
  summary: POST_FIELD_MAX_LENGTH.summary,
  content: POST_FIELD_MAX_LENGTH.content,
  tags: POST_FIELD_MAX_LENGTH.tags,
  ai_instruction: POST_FIELD_MAX_LENGTH.aiInstruction,
};

type PostFieldsProps = {
  values: PostFieldValues;
  onChange: <K extends PostFieldName>(field: K, value: PostFieldValues[K]) => void;
  /** Shown under their fields: the shared schema's refusals and the server's 422. */
  errors: PostFieldErrors;
  /** An edit keeps a title (shared postPatchBodySchema); an upload may leave it out. */
  titleRequired?: boolean;
  /** The fieldset's caption, e.g. the upload form's <legend>. */
  legend?: ReactNode;
  id?: string;
  hidden?: boolean;
  disabled?: boolean;
  /** A frame around the fields, where they sit on a page rather than in a dialog. */
  framed?: boolean;
};

/**
 * A post's fields, one form for the upload (spec §2 Upload) and the edit dialog: title, summary,
 * content with its Preview (Markdown and math, as the post page shows it), tags, DOI, AI
 * instruction and visibility. A DOI is checked by the shared rule as soon as the field is left;
 * every other problem comes in `errors` and is shown under its field in the reader's language.
 */
export function PostFields({
  values,
  onChange,
  errors,
  titleRequired = false,
  legend,
  id,
  hidden,
  disabled,
  framed = false,
}: PostFieldsProps) {
  const { t } = useTranslation('common');
  const { previewId, previewing, toggle } = usePreview();
  // Left once, the DOI is checked as it is typed: the message goes as soon as it is fixed.
  const [doiLeft, setDoiLeft] = useState(false);

  const shown = (error: PostFieldError | undefined) =>
    error ? localizeMessage(error.message, error) : undefined;
  const doiError = shown(errors.doi) ?? (doiLeft ? shown(problemOf(values.doi)) : undefined);

  /** What every text field has: its name, its limit, its value and problem, its change. */
  const textProps = (name: TextFieldName) => ({
    name,
    maxLength: MAX_LENGTH[name],
    value: values[name],
    error: shown(errors[name]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(name, event.target.value),
  });

  return (
    <fieldset
      id={id}
      className={framed ? `${styles.fields} ${styles.framed}` : styles.fields}
      hidden={hidden}
      disabled={disabled}
    >
      {legend}
      <TextField
        label={t('postFields.title')}
        {...textProps('title')}
        required={titleRequired}
        optional={!titleRequired}
      />
      <TextareaField label={t('postFields.summary')} {...textProps('summary')} optional rows={3} />
      {/* Preview shows the content as the post page will (Markdown and math), then back. */}
      {previewing ? (
        <RichTextPreview
          id={previewId}
          label={t('postFields.content')}
          text={values.content}
          plain="lines"
        />
      ) : (
        <TextareaField
          label={t('postFields.content')}
          {...textProps('content')}
          optional
          rows={8}
          hint={t('richText.markdownHint')}
        />
      )}
      <div>
        <PreviewToggle {...toggle} />
      </div>
      <TextField
        label={t('postFields.tags')}
        {...textProps('tags')}
        optional
        hint={t('postFields.tagsHint')}
      />
      <TextField
        label={t('postFields.doi')}
        {...textProps('doi')}
        optional
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="10.1000/xyz123"
        hint={t('postFields.doiHint')}
        error={doiError}
        onBlur={() => setDoiLeft(true)}
      />
      <TextareaField
        label={t('postFields.aiInstruction')}
        {...textProps('ai_instruction')}
        optional
        rows={3}
        hint={t('postFields.aiInstructionHint')}
      />
      <VisibilityField
        value={values.visibility}
        onChange={(value) => onChange('visibility', value)}
      />
    </fieldset>
  );
}

function problemOf(doi: string): PostFieldError | undefined {
  const message = doiProblem(doi);
  return message ? { message } : undefined;
}
