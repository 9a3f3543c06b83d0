import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, type CurrentUser } from '@symposia/shared';
import { formatDateTime } from '@/lib/time';
import { useModifyEmail } from '../api/modify-email';
import { useModifyPhone } from '../api/modify-phone';
import { useModifyProfile } from '../api/modify-profile';
import { useModifySettings } from '../api/modify-settings';
import { useModifyTitle } from '../api/modify-title';
import { useChangePassword } from '../api/change-password';
import { AvatarUpload } from './avatar-upload';
import { ContactSettings } from './contact-settings';
import { EditableField } from './editable-field';
import {
  MyCommentsPanel,
  MyLikesPanel,
  MyPostsPanel,
  MyStatisticsPanel,
} from './my-activity-panels';
import { MyProfileOverview } from './my-profile-overview';
import { PasswordSettings } from './password-settings';
import { PrivacySettings } from './privacy-settings';
import { SettingsWindow } from './settings-window';
import { Tabs } from '@/components/ui/tabs/tabs';
import styles from './my-profile.module.css';

type MyProfileProps = {
  user: CurrentUser;
  /** Account actions the app puts next to Settings, e.g. Logout. */
  actions?: ReactNode;
  /** The wallet card the app provides (spec §2: shown when a wallet is connected). */
  wallet?: ReactNode;
  /** More sections of the Settings window, composed by the app (e.g. notifications). */
  settings?: ReactNode;
};

/**
 * My Page (spec §2): the member's avatar (click to upload), username, title, bio and website
 * edited in place, contact details, Settings (privacy, contact and password) and the tabs Profile, Posts,
 * Comments, Likes and Statistics. Every change is saved at once and answered with the updated
 * user, which replaces the cached one.
 */
export function MyProfile({ user, actions, wallet, settings }: MyProfileProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const modifyProfile = useModifyProfile();
  const modifyTitle = useModifyTitle();
  const modifySettings = useModifySettings();
  const modifyEmail = useModifyEmail();
  const modifyPhone = useModifyPhone();
  const changePassword = useChangePassword();
  const { t } = useTranslation(['profiles', 'messages']);
  const failed = (field: 'username' | 'title') =>
    t('messages:updateFailed', { field: t(`updateField.${field}`) });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <AvatarUpload user={user} />
        <div className={styles.identity}>
          <p className={styles.eyebrow}>{t('myPage')}</p>
          <EditableField
            label={t('fields.username')}
            value={user.username}
            maxLength={MAX_LENGTH.username}
            required
            tone="light"
            failureTitle={failed('username')}
            onSave={(username) => modifyProfile.mutateAsync({ userId: user.id, username })}
            renderValue={(username) => (
              <h1 className={styles.name} translate="no">
                {username}
              </h1>
            )}
          />
          <EditableField
            label={t('fields.title')}
            value={user.title}
            maxLength={MAX_LENGTH.title}
            tone="light"
            failureTitle={failed('title')}
            onSave={(title) => modifyTitle.mutateAsync({ userId: user.id, title })}
            renderValue={(title) =>
              title.trim() ? (
                <p className={styles.title} translate="no">
                  {title}
                </p>
              ) : (
                <p className={`${styles.title} ${styles.placeholder}`}>{t('noTitle')}</p>
              )
            }
          />
          {user.created_at ? (
            <p className={styles.since}>
              {t('memberSince')}{' '}
              <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-secondary"
            aria-haspopup="dialog"
            onClick={() => setSettingsOpen(true)}
          >
            <GearIcon />
            {t('settings')}
          </button>
          {actions}
        </div>
      </header>

      <div className={styles.tabs}>
        <Tabs
          label={t('myPageSections')}
          tabs={[
            {
              id: 'profile',
              label: t('tabs.profile'),
              render: () => <MyProfileOverview user={user} wallet={wallet} />,
            },
            {
              id: 'posts',
              label: t('tabs.posts'),
              render: () => <MyPostsPanel first={user.posts} total={user.stats.posts} />,
            },
            {
              id: 'comments',
              label: t('tabs.comments'),
              render: () => <MyCommentsPanel first={user.comments} total={user.stats.comments} />,
            },
            {
              id: 'likes',
              label: t('tabs.likes'),
              render: () => <MyLikesPanel first={user.likes} total={user.stats.likes} />,
            },
            {
              id: 'statistics',
              label: t('tabs.statistics'),
              render: () => <MyStatisticsPanel stats={user.stats} />,
            },
          ]}
        />
      </div>

      {settingsOpen ? (
        <SettingsWindow title={t('settings')} onClose={() => setSettingsOpen(false)}>
          <PrivacySettings
            settings={user.settings}
            onChange={(field, value) =>
              modifySettings.mutateAsync({ userId: user.id, field, value })
            }
          />
          {settings}
          <ContactSettings
            email={user.email}
            phone={user.phone}
            onSaveEmail={(email) => modifyEmail.mutateAsync({ userId: user.id, email })}
            onSavePhone={(phone) => modifyPhone.mutateAsync({ userId: user.id, phone })}
          />
          <PasswordSettings onChangePassword={(body) => changePassword.mutateAsync(body)} />
        </SettingsWindow>
      ) : null}
    </div>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.14 12.94a7.49 7.49 0 0 0 .05-.94 7.49 7.49 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.03 7.03 0 0 0-1.63-.94l-.36-2.54A.5.5 0 0 0 13.9 2h-3.84a.5.5 0 0 0-.49.42l-.36 2.54c-.59.24-1.13.56-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.67 8.48a.5.5 0 0 0 .12.64l2.03 1.58a7.49 7.49 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.3.6.22l2.39-.96c.5.38 1.04.7 1.63.94l.36 2.54c.05.24.25.42.49.42h3.84c.24 0 .45-.18.49-.42l.36-2.54c.59-.24 1.13-.56 1.63-.94l2.39.96c.22.08.47 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64l-2.03-1.58zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z"
      />
    </svg>
  );
}
