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
import { useResendVerification } from '../api/resend-verification';
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
import { ProfileHeader } from './profile-header';
import { Tabs } from '@/components/ui/tabs/tabs';
import page from '@/components/layout/page.module.css';
import profile from './profile.module.css';
import { OrcidBadge } from '@/components/ui/orcid-badge/orcid-badge';
import { TrustBadge } from '@/components/ui/trust-badge/trust-badge';
import styles from './my-profile.module.css';
import { GearIcon } from '@/components/ui/icons/icons';

type MyProfileProps = {
  user: CurrentUser;
  /** Account actions the app puts next to Settings, e.g. Logout. */
  actions?: ReactNode;
  /** The wallet card the app provides (spec §2: shown when a wallet is connected). */
  wallet?: ReactNode;
  /** More sections of the Settings window, composed by the app (e.g. notifications). */
  settings?: ReactNode;
  /** The Reviews tab's content, composed by the app (the reviews feature's lists). */
  reviews?: ReactNode;
  /** The Reports tab's content, composed by the app (the reports feature's list). */
  reports?: ReactNode;
  /** The Settings window is open from the start (a link to one of its sections). */
  settingsOpen?: boolean;
};

/**
 * My Page (spec §2): the member's avatar (click to upload), username, title, bio and website
 * edited in place, contact details, Settings (privacy, contact and password) and the tabs Profile, Posts,
 * Comments, Likes, Reviews and Reports (when the app gives them) and Statistics. Every change is saved at once and answered with the updated
 * user, which replaces the cached one.
 */
export function MyProfile({
  user,
  actions,
  wallet,
  settings,
  reviews,
  reports,
  settingsOpen: openAtStart = false,
}: MyProfileProps) {
  const [settingsOpen, setSettingsOpen] = useState(openAtStart);
  const modifyProfile = useModifyProfile();
  const modifyTitle = useModifyTitle();
  const modifySettings = useModifySettings();
  const modifyEmail = useModifyEmail();
  const modifyPhone = useModifyPhone();
  const changePassword = useChangePassword();
  const resendVerification = useResendVerification();
  const { t } = useTranslation(['profiles', 'messages']);
  const failed = (field: 'username' | 'title') =>
    t('messages:updateFailed', { field: t(`updateField.${field}`) });

  return (
    <div className={`${page.page} ${page.roomy}`}>
      <ProfileHeader
        avatar={<AvatarUpload user={user} />}
        eyebrow={t('myPage')}
        actions={
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
        }
      >
        <EditableField
          label={t('fields.username')}
          value={user.username}
          maxLength={MAX_LENGTH.username}
          required
          tone="light"
          failureTitle={failed('username')}
          onSave={(username) => modifyProfile.mutateAsync({ userId: user.id, username })}
          renderValue={(username) => (
            <h1 className={profile.name} translate="no">
              {username}
            </h1>
          )}
        />
        <TrustBadge level={user.trust_level} />
        {user.orcid && user.orcid_url ? (
          <OrcidBadge orcid={user.orcid} url={user.orcid_url} />
        ) : null}
        <EditableField
          label={t('fields.title')}
          value={user.title}
          maxLength={MAX_LENGTH.title}
          tone="light"
          failureTitle={failed('title')}
          onSave={(title) => modifyTitle.mutateAsync({ userId: user.id, title })}
          renderValue={(title) =>
            title.trim() ? (
              <p className={profile.title} translate="no">
                {title}
              </p>
            ) : (
              <p className={`${profile.title} ${styles.placeholder}`}>{t('noTitle')}</p>
            )
          }
        />
        {user.created_at ? (
          <p className={`${profile.aside} ${styles.since}`}>
            {t('memberSince')}{' '}
            <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>
          </p>
        ) : null}
      </ProfileHeader>

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
            ...(reviews
              ? [{ id: 'reviews', label: t('tabs.reviews'), render: () => reviews }]
              : []),
            ...(reports
              ? [{ id: 'reports', label: t('tabs.reports'), render: () => reports }]
              : []),
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
            emailVerified={user.email_verified}
            phone={user.phone}
            onSaveEmail={(email) => modifyEmail.mutateAsync({ userId: user.id, email })}
            onSavePhone={(phone) => modifyPhone.mutateAsync({ userId: user.id, phone })}
            onResendVerification={() => resendVerification.mutateAsync()}
          />
          <PasswordSettings
            hasPassword={!user.orcid_only}
            onChangePassword={(body) => changePassword.mutateAsync(body)}
          />
        </SettingsWindow>
      ) : null}
    </div>
  );
}
