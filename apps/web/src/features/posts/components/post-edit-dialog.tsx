import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { postPatchBodySchema, type PostDetail, type PostPatchBody } from '@symposia/shared';
import {
  postFieldOf,
  schemaProblemsOf,
  type PostFieldName,
  type PostFieldValues,
} from '@/components/post-fields/field-errors';
import { PostFields } from '@/components/post-fields/post-fields';
import { usePostFields } from '@/components/post-fields/use-post-fields';
import { DialogActions } from '@/components/ui/dialog-actions/dialog-actions';
import { Modal } from '@/components/ui/modal/modal';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import { ApiError } from '@/lib/api-client';
import { useUpdatePost } from '../api/update-post';
import styles from './post-edit-dialog.module.css';

type Draft = PostFieldValues;

/** The post as the form starts: tags as the comma-separated text the upload form takes. */
export function draftOf(post: PostDetail): Draft {
  return {
    title: post.title,
    summary: post.Summary,
    content: post.content,
    tags: post.tags.join(', '),
    doi: post.doi ?? '',
    ai_instruction: post.ai_instruction,
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

/** The field a failure is about, for 'failed to update {field}': the one named, or the post. */
export function failedFieldOf(error: unknown, changes: Partial<Draft>): PostFieldName | 'post' {
  const named = error instanceof ApiError ? error.errors[0]?.field : undefined;
  const field = named === undefined ? undefined : postFieldOf(named);
  if (field) return field;
  const changed = Object.keys(changes);
  return changed.length === 1 ? (changed[0] as PostFieldName) : 'post';
}

type PostEditDialogProps = {
  post: PostDetail;
  onClose: () => void;
  /** The server took the edit; the cached detail already shows it. */
  onSaved?: (post: PostDetail) => void;
};

/**
 * Editing a post in a dialog, with the upload form's fields (components/post-fields). Save sends
 * only the changed fields (PATCH /media/{id}); the shared contract is checked first, so a value
 * the server would refuse is named under its field without a round trip. A refusal keeps the
 * dialog open with the text as typed, its message under the field the server names, and shows
 * 'failed to update {field}'.
 */
export function PostEditDialog({ post, onClose, onSaved }: PostEditDialogProps) {
  const { t } = useTranslation(['posts', 'messages', 'common']);
  const titleId = useId();
  const [initial] = useState(() => draftOf(post));
  const fields = usePostFields(initial);
  const update = useUpdatePost(post.id, {
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes = changesOf(initial, fields.values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const checked = postPatchBodySchema.safeParse(changes);
    if (!checked.success) {
      fields.showProblems(schemaProblemsOf(checked.error));
      return;
    }
    fields.showProblems([]);
    update.mutate(checked.data satisfies PostPatchBody, {
      onError: (error) => {
        if (error instanceof ApiError) fields.showProblems(error.errors);
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
        <PostFields
          titleRequired
          disabled={update.isPending}
          values={fields.values}
          errors={fields.errors}
          onChange={fields.change}
        />
        <DialogActions
          className={styles.actions}
          cancelLabel={t('posts:edit.cancel')}
          onCancel={onClose}
          actionLabel={t('posts:edit.save')}
          pendingLabel={t('posts:edit.saving')}
          pending={update.isPending}
        />
      </form>
    </Modal>
  );
}
