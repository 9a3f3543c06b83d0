import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuthorActivity, AuthorInfo } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { formatTokenAmount } from '@/lib/token-amount';
import { PROFILE_TEXTS, PROFILE_UI } from '../texts';
import {
  authorBadges,
  safeHttpUrl,
  sectionState,
  type SectionState,
} from '../utils/author-sections';
import { EmptyState } from './empty-state';
import { CommentIcon, HeartIcon, LockIcon } from '@/components/ui/icons/icons';
import { Tabs } from '@/components/ui/tabs/tabs';
import styles from './author-profile.module.css';

type AuthorProfileProps = {
  info: AuthorInfo;
  onBack: () => void;
  /** More actions beside Back, composed by the app (e.g. Report). */
  actions?: ReactNode;
};

const HIDDEN = {
  profile: PROFILE_TEXTS.profileHidden,
  posts: PROFILE_TEXTS.postsHidden,
  activity: PROFILE_TEXTS.activityHidden,
  statistics: PROFILE_TEXTS.statisticsHidden,
} as const;

type TabSection = keyof typeof HIDDEN;

/** The notice of a section the author keeps private (spec §2 Author profile). */
function HiddenNotice({ section }: { section: TabSection }) {
  return (
    <EmptyState
      icon="lock"
      headingLevel={2}
      title={HIDDEN[section]}
      text={PROFILE_TEXTS.sectionPrivate(section)}
    />
  );
}

/** The author sees their own private sections, marked as such. */
function OwnerOnlyNote({ state }: { state: SectionState }) {
  if (state !== 'owner-only') return null;
  return (
    <p className={styles.ownerNote}>
      <LockIcon />
      {PROFILE_UI.ownerOnlyNote}
    </p>
  );
}

function Section({
  section,
  info,
  children,
}: {
  section: TabSection;
  info: AuthorInfo;
  children: ReactNode;
}) {
  const state = sectionState(info, section);
  if (state === 'hidden') return <HiddenNotice section={section} />;
  return (
    <>
      <OwnerOnlyNote state={state} />
      {children}
    </>
  );
}

function ProfilePanel({ info, badges }: { info: AuthorInfo; badges: string[] }) {
  const biography = info.biography?.trim() ?? '';
  return (
    <Section section="profile" info={info}>
      <div className={styles.card}>
        <h2 className={styles.panelHeading}>About</h2>
        {biography ? (
          <p className={styles.bio}>{info.biography}</p>
        ) : (
          <p className={styles.muted}>{PROFILE_UI.noBio}</p>
        )}
        {badges.length > 0 ? (
          <>
            <h3 className={styles.subheading}>Expertise</h3>
            <ul className={styles.badges} aria-label="Expertise">
              {badges.map((badge) => (
                <li key={badge} className={styles.badge}>
                  {badge}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Section>
  );
}

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

function PostsPanel({ info }: { info: AuthorInfo }) {
  const posts = info.posts ?? [];
  return (
    <Section section="posts" info={info}>
      {posts.length === 0 ? (
        <EmptyState headingLevel={2} title={PROFILE_TEXTS.noPostsYet} />
      ) : (
        <>
          <h2 className={styles.panelHeading}>Posts ({posts.length})</h2>
          <ul className={styles.list}>
            {posts.map((post) => {
              const title = post.title.trim() || 'Untitled post';
              return (
                <li key={post.id} className={styles.item}>
                  <div className={styles.itemBody}>
                    <h3 className={styles.itemTitle}>{title}</h3>
                    <div className={styles.meta}>
                      <time dateTime={post.date}>{formatDateTime(post.date)}</time>
                      <span className={styles.metric}>
                        <HeartIcon />
                        {plural(post.likes, 'like')}
                      </span>
                      <span className={styles.metric}>
                        <CommentIcon />
                        {plural(post.comments, 'comment')}
                      </span>
                    </div>
                  </div>
                  <Link to={paths.postDetail.href(post.id)} className="button button-secondary">
                    {PROFILE_TEXTS.view}
                    <span className="visually-hidden"> {title}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Section>
  );
}

const ACTIVITY_VERB: Record<AuthorActivity['type'], string> = {
  post: 'Published',
  comment: 'Commented on',
  like: 'Liked',
};

function ActivityPanel({ info }: { info: AuthorInfo }) {
  const activity = info.activity ?? [];
  return (
    <Section section="activity" info={info}>
      {activity.length === 0 ? (
        <EmptyState headingLevel={2} title={PROFILE_TEXTS.noRecentActivity} />
      ) : (
        <>
          <h2 className={styles.panelHeading}>Recent Activity</h2>
          <ol className={styles.timeline}>
            {activity.map((event, index) => (
              <li key={`${event.type}-${event.id}-${index}`} className={styles.event}>
                <span className={styles.eventType} data-type={event.type} aria-hidden="true">
                  {event.type === 'like' ? (
                    <HeartIcon />
                  ) : event.type === 'comment' ? (
                    <CommentIcon />
                  ) : (
                    '+'
                  )}
                </span>
                <div className={styles.eventBody}>
                  <p className={styles.eventText}>
                    {ACTIVITY_VERB[event.type]}{' '}
                    <Link to={paths.postDetail.href(event.id)}>
                      {event.title.trim() || 'Untitled post'}
                    </Link>
                  </p>
                  <time className={styles.muted} dateTime={event.date}>
                    {formatDateTime(event.date)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}

function StatisticsPanel({ info }: { info: AuthorInfo }) {
  const figures = [
    { label: 'Posts', value: info.posts_number ?? 0 },
    { label: 'Comments', value: info.comments_post ?? 0 },
    { label: 'Likes received', value: info.like_received ?? 0 },
    // Sent with the other statistics, so only when the author shows them.
    ...(info.tokens_earned === undefined
      ? []
      : [{ label: 'Tokens earned', value: formatTokenAmount(info.tokens_earned) }]),
  ];
  return (
    <Section section="statistics" info={info}>
      <h2 className={styles.panelHeading}>Statistics</h2>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** Contact values the author shares (absent when private; empty when never given). */
function contactOf(info: AuthorInfo) {
  return {
    email: info.email?.trim() ?? '',
    phone: info.phone?.trim() ?? '',
    website: safeHttpUrl(info.userurl),
    websiteText: info.userurl?.trim() ?? '',
  };
}

function ConnectSection({ info }: { info: AuthorInfo }) {
  const headingId = useId();
  const { email, phone, website } = contactOf(info);
  if (sectionState(info, 'contact') === 'hidden' || (!email && !phone && !website)) return null;
  return (
    <section className={styles.connect} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelHeading}>
        {PROFILE_TEXTS.connect}
      </h2>
      <div className={styles.connectLinks}>
        {email ? (
          <a className="button button-primary" href={`mailto:${email}`}>
            Email
          </a>
        ) : null}
        {phone ? (
          <a className="button button-secondary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            Call
          </a>
        ) : null}
        {website ? (
          <a
            className="button button-secondary"
            href={website}
            target="_blank"
            rel="noopener noreferrer"
          >
            Website
          </a>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The author profile (spec §2): header with name, title, contact and badges; tabs Profile, Posts,
 * Activity, Statistics, each replaced by its hidden notice when the author keeps it private and
 * the server sent nothing; a Connect section when contact is public; Back.
 */
export function AuthorProfile({ info, onBack, actions }: AuthorProfileProps) {
  const name = info.nickname.trim() || info.username;
  const badges = authorBadges(info);
  const { email, phone, website, websiteText } = contactOf(info);
  const title = info.title?.trim() ?? '';
  const hasContact = Boolean(email || phone || websiteText);

  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <button type="button" className={`button button-secondary ${styles.back}`} onClick={onBack}>
          <span aria-hidden="true">←</span> Back
        </button>
        {actions}
      </div>

      <header className={styles.header}>
        <Avatar src={info.avatar} name={name} size={96} />
        <div className={styles.identity}>
          <p className={styles.eyebrow}>Author</p>
          <h1 className={styles.name}>{name}</h1>
          {name !== info.username ? <p className={styles.handle}>@{info.username}</p> : null}
          {title ? <p className={styles.title}>{title}</p> : null}
          {hasContact ? (
            <ul className={styles.contact} aria-label="Contact">
              {email ? <li>{email}</li> : null}
              {phone ? <li>{phone}</li> : null}
              {websiteText ? (
                <li>
                  {website ? (
                    <a href={website} target="_blank" rel="noopener noreferrer">
                      {websiteText}
                    </a>
                  ) : (
                    websiteText
                  )}
                </li>
              ) : null}
            </ul>
          ) : null}
          {badges.length > 0 ? (
            <ul className={styles.headerBadges} aria-label="Badges">
              {badges.map((badge) => (
                <li key={badge}>{badge}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className={styles.body}>
        <Tabs
          label="Author profile sections"
          tabs={[
            {
              id: 'profile',
              label: 'Profile',
              render: () => <ProfilePanel info={info} badges={badges} />,
            },
            { id: 'posts', label: 'Posts', render: () => <PostsPanel info={info} /> },
            { id: 'activity', label: 'Activity', render: () => <ActivityPanel info={info} /> },
            {
              id: 'statistics',
              label: 'Statistics',
              render: () => <StatisticsPanel info={info} />,
            },
          ]}
        />
        <ConnectSection info={info} />
      </div>
    </div>
  );
}
