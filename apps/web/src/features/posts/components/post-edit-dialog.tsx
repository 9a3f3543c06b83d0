import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  POST_FIELD_MAX_LENGTH,
  postPatchBodySchema,
  type PostDetail,
  type PostPatchBody,
  type Visibility,
} from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { Modal } from '@/components/ui/modal/modal';
import { PreviewToggle, RichTextPreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { VisibilityField } from '@/components/ui/visibility-field/visibility-field';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import { ApiError } from '@/lib/api-client';
import { useUpdatePost } from '../api/update-post';
import styles from './post-edit-dialog.module.css';

type EditableField = 'title' | 'summary' | 'content' | 'tags' | 'doi' | 'visibility';
type Draft = Record<Exclude<EditableField, 'visibility'>, string> & { visibility: Visibility };
type FieldErrors = Partial<Record<EditableField, string>>;

/** The post as the form starts: tags as the comma-separated text the upload form takes. */
export function draftOf(post: PostDetail): Draft {
  return {
    title: post.title,
    summary: post.Summary,
    content: post.content,
    tags: post.tags.join(', '),
    doi: post.doi ?? '',
    visibility: post.visibility,
  };
}

/** Only what the author changed goes to the server; an unchanged field is left out. */
export function changesOf(before: Draft, after: Draft): Partial<Draft> {
  const changes: Partial<Draft> = {};
  for (const key of Object.keys(after) as (keyof Draft)[]) {
    if (after[key] !== before[key]) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

const isEditableField = (field: string): field is EditableField =>
  ['title', 'summary', 'content', 'tags', 'doi', 'visibility'].includes(field);

/** The field a failure is about, for 'failed to update {field}': the one named, or the post. */
export function failedFieldOf(error: unknown, changes: Partial<Draft>): EditableField | 'post' {
  const named = error instanceof ApiError ? error.errors[0]?.field : undefined;
  if (named && isEditableField(named)) return named;
  const changed = Object.keys(changes);
  return changed.length === 1 ? (changed[0] as EditableField) : 'post';
}

function fieldErrorsOf(issues: readonly { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    if (isEditableField(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}

type PostEditDialogProps = {
  post: PostDetail;
  onClose: () => void;
  /** The server took the edit; the cached detail already shows it. */
  onSaved?: (post: PostDetail) => void;
};

/**
 * Editing a post: title, summary, content (with Preview), tags, DOI and visibility in a
 * dialog. Save sends only the changed fields (PATCH /media/{id}); the shared contract is checked
 * first, so a value the server would refuse is named under its field without a round trip. A
 * refusal keeps the dialog open with the text as typed and shows 'failed to update {field}'.
 */
export function PostEditDialog({ post, onClose, onSaved }: PostEditDialogProps) {
  const { t } = useTranslation(['posts', 'messages', 'common']);
  const titleId = useId();
  const previewId = useId();
  const [initial] = useState(() => draftOf(post));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [previewing, setPreviewing] = useState(false);
  const update = useUpdatePost(post.id, {
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });

  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) => {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes = changesOf(initial, draft);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const checked = postPatchBodySchema.safeParse(changes);
    if (!checked.success) {
      setErrors(
        fieldErrorsOf(
          checked.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? ''),
            message: issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(checked.data satisfies PostPatchBody, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(fieldErrorsOf(error.errors));
        const field = t(`posts:edit.failedField.${failedFieldOf(error, changes)}`);
        notifyUpdateFailed(t('messages:updateFailed', { field }), error);
      },
    });
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="wide">
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.heading}>
          {t('posts:edit.title')}
        </h2>
        <fieldset className={styles.fields} disabled={update.isPending}>
          <TextField
            label={t('posts:edit.fields.title')}
            name="title"
            required
            maxLength={POST_FIELD_MAX_LENGTH.title}
            value={draft.title}
            error={errors.title}
            onChange={(event) => set('title')(event.target.value)}
          />
          <TextareaField
            label={t('posts:edit.fields.summary')}
            name="summary"
            optional
            rows={3}
            maxLength={POST_FIELD_MAX_LENGTH.summary}
            value={draft.summary}
            error={errors.summary}
            onChange={(event) => set('summary')(event.target.value)}
          />
          {/* Preview shows the content as the post page will (Markdown and math), then back. */}
          {previewing ? (
            <RichTextPreview
              id={previewId}
              label={t('posts:edit.fields.content')}
              text={draft.content}
              plain="lines"
            />
          ) : (
            <TextareaField
              label={t('posts:edit.fields.content')}
              name="content"
              optional
              rows={8}
              hint={t('common:richText.markdownHint')}
              maxLength={POST_FIELD_MAX_LENGTH.content}
              value={draft.content}
              error={errors.content}
              onChange={(event) => set('content')(event.target.value)}
            />
          )}
          <div>
            <PreviewToggle
              pressed={previewing}
              controls={previewId}
              onToggle={() => setPreviewing((shown) => !shown)}
            />
          </div>
          <TextField
            label={t('posts:edit.fields.tags')}
            name="tags"
            optional
            hint={t('posts:edit.tagsHint')}
            maxLength={POST_FIELD_MAX_LENGTH.tags}
            value={draft.tags}
            error={errors.tags}
            onChange={(event) => set('tags')(event.target.value)}
          />
          <TextField
            label={t('posts:edit.fields.doi')}
            name="doi"
            optional
            hint={t('posts:edit.doiHint')}
            value={draft.doi}
            error={errors.doi}
            onChange={(event) => set('doi')(event.target.value)}
          />
          <VisibilityField
            className={styles.visibility}
            value={draft.visibility}
            onChange={set('visibility')}
          />
        </fieldset>
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('posts:edit.cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={update.isPending || undefined}
            aria-busy={update.isPending || undefined}
          >
            {update.isPending ? t('posts:edit.saving') : t('posts:edit.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
