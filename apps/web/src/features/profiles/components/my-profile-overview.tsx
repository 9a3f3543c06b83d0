import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, type CurrentUser } from '@symposia/shared';
import { useModifyBio } from '../api/modify-bio';
import { useModifyUrl } from '../api/modify-url';
import { safeHttpUrl } from '../utils/author-sections';
import { Detail, DetailList } from './detail-list';
import { EditableField } from './editable-field';
import card from '@/components/ui/card/card.module.css';
import { TagList } from '@/components/ui/tag-list/tag-list';
import profile from './profile.module.css';
import styles from './my-profile.module.css';

/** The member's own value (translate="no"), or 'Not provided'. */
function OrNotProvided({ value }: { value: string }) {
  const { t } = useTranslation('profiles');
  return value.trim() ? (
    <span translate="no">{value}</span>
  ) : (
    <span className={styles.empty}>{t('notProvided')}</span>
  );
}

function splitTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

type MyProfileOverviewProps = {
  user: CurrentUser;
  /** The wallet card, provided by the app. */
  wallet?: ReactNode;
};

/** The Profile tab of My Page: bio and website edited in place, contact details, wallet. */
export function MyProfileOverview({ user, wallet }: MyProfileOverviewProps) {
  const { t } = useTranslation(['profiles', 'messages']);
  const aboutId = useId();
  const detailsId = useId();
  const modifyBio = useModifyBio();
  const modifyUrl = useModifyUrl();
  const tags = splitTags(user.tags);

  return (
    <div className={styles.overview}>
      <section className={`${card.surface} ${styles.card}`} aria-labelledby={aboutId}>
        <h2 id={aboutId}>{t('about')}</h2>
        <EditableField
          label={t('fields.bio')}
          value={user.bio}
          maxLength={MAX_LENGTH.bio}
          multiline
          failureTitle={t('messages:updateFailed', { field: t('updateField.bio') })}
          onSave={(bio) => modifyBio.mutateAsync({ userId: user.id, bio })}
          renderValue={(bio) =>
            bio.trim() ? (
              <p className={profile.bio} translate="no">
                {bio}
              </p>
            ) : (
              <p className={styles.empty}>{t('noBio')}</p>
            )
          }
        />
        {tags.length > 0 ? (
          <>
            <h3 className={profile.subheading}>{t('expertise')}</h3>
            <TagList tags={tags} label={t('expertise')} />
          </>
        ) : null}
      </section>

      <section className={`${card.surface} ${styles.card}`} aria-labelledby={detailsId}>
        <h2 id={detailsId}>{t('details')}</h2>
        <DetailList>
          <Detail label={t('fields.email')}>
            <OrNotProvided value={user.email} />
          </Detail>
          <Detail label={t('fields.phone')}>
            <OrNotProvided value={user.phone} />
          </Detail>
          <Detail label={t('fields.website')}>
            <EditableField
              label={t('fields.website')}
              type="url"
              value={user.url}
              maxLength={MAX_LENGTH.url}
              placeholder="https://"
              failureTitle={t('messages:updateFailed', { field: t('updateField.url') })}
              onSave={(url) => modifyUrl.mutateAsync({ userId: user.id, url })}
              renderValue={(url) => {
                const href = safeHttpUrl(url);
                if (!url.trim()) return <span className={styles.empty}>{t('notProvided')}</span>;
                return href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.url}
                    translate="no"
                  >
                    {url}
                  </a>
                ) : (
                  <span className={styles.url} translate="no">
                    {url}
                  </span>
                );
              }}
            />
          </Detail>
        </DetailList>
      </section>

      {wallet}
    </div>
  );
}
