import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, type CurrentUser } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { notify } from '@/components/ui/toast/toast';
import { useModifyAvatar } from '../api/modify-avatar';
import { notifyUpdateFailed } from '../utils/update-failure';
import styles from './avatar-upload.module.css';
import { CameraIcon } from '@/components/ui/icons/icons';

/** Only image types are sent (spec §5 Avatar: the type must start with image/). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * The member's avatar on My Page: clicking it picks an image, which is uploaded at once. A file
 * that is not an image never reaches the server; a refused upload keeps the old avatar.
 */
export function AvatarUpload({ user }: { user: CurrentUser }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useModifyAvatar();
  const { t } = useTranslation(['profiles', 'messages']);
  const failureTitle = t('messages:updateFailed', { field: t('updateField.avatar') });

  const onFile = (file: File) => {
    if (!isImageFile(file)) {
      notify.error(
        t('messages:avatarInvalidTypeToastTitle'),
        t('messages:avatarInvalidTypeToastDetails'),
      );
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      notify.error(failureTitle, t('messages:avatarTooLarge'));
      return;
    }
    upload.mutate(
      { userId: user.id, file },
      { onError: (error) => notifyUpdateFailed(failureTitle, error) },
    );
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Picking the same file again must work after a failure.
    event.target.value = '';
    if (file) onFile(file);
  };

  return (
    <div className={styles.wrapper}>
      <button
        type="button"
        className={styles.button}
        aria-label={t('changeAvatar')}
        aria-busy={upload.isPending}
        disabled={upload.isPending}
        onClick={() => inputRef.current?.click()}
      >
        <Avatar src={user.avatar} name={user.username} size={96} />
        <span className={styles.overlay} aria-hidden="true">
          <CameraIcon width={22} height={22} />
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('avatarFile')}
        onChange={onChange}
      />
      <span className={styles.status} role="status">
        {upload.isPending ? t('uploadingAvatar') : ''}
      </span>
    </div>
  );
}
