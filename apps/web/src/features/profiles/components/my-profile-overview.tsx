import { useId, type ReactNode } from 'react';
import { MAX_LENGTH, MESSAGES, type CurrentUser } from '@symposia/shared';
import { useModifyBio } from '../api/modify-bio';
import { useModifyUrl } from '../api/modify-url';
import { PROFILE_UI } from '../texts';
import { safeHttpUrl } from '../utils/author-sections';
import { EditableField } from './editable-field';
import styles from './my-profile.module.css';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function orNotProvided(value: string): ReactNode {
  return value.trim() ? value : <span className={styles.empty}>{PROFILE_UI.notProvided}</span>;
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
  const aboutId = useId();
  const detailsId = useId();
  const modifyBio = useModifyBio();
  const modifyUrl = useModifyUrl();
  const tags = splitTags(user.tags);

  return (
    <div className={styles.overview}>
      <section className={styles.card} aria-labelledby={aboutId}>
        <h2 id={aboutId}>About</h2>
        <EditableField
          label="Bio"
          value={user.bio}
          maxLength={MAX_LENGTH.bio}
          multiline
          failureTitle={MESSAGES.updateFailed('bio')}
          onSave={(bio) => modifyBio.mutateAsync({ userId: user.id, bio })}
          renderValue={(bio) =>
            bio.trim() ? (
              <p className={styles.bio}>{bio}</p>
            ) : (
              <p className={styles.empty}>{PROFILE_UI.noBio}</p>
            )
          }
        />
        {tags.length > 0 ? (
          <>
            <h3 className={styles.subheading}>Expertise</h3>
            <ul className={styles.badges} aria-label="Expertise">
              {tags.map((tag) => (
                <li key={tag} className={styles.badge}>
                  {tag}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby={detailsId}>
        <h2 id={detailsId}>Details</h2>
        <dl className={styles.details}>
          <Detail label="Email">{orNotProvided(user.email)}</Detail>
          <Detail label="Phone">{orNotProvided(user.phone)}</Detail>
          <Detail label="Website">
            <EditableField
              label="Website"
              type="url"
              value={user.url}
              maxLength={MAX_LENGTH.url}
              placeholder="https://"
              failureTitle={MESSAGES.updateFailed('url')}
              onSave={(url) => modifyUrl.mutateAsync({ userId: user.id, url })}
              renderValue={(url) => {
                const href = safeHttpUrl(url);
                if (!url.trim())
                  return <span className={styles.empty}>{PROFILE_UI.notProvided}</span>;
                return href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" className={styles.url}>
                    {url}
                  </a>
                ) : (
                  <span className={styles.url}>{url}</span>
                );
              }}
            />
          </Detail>
        </dl>
      </section>

      {wallet}
    </div>
  );
}
