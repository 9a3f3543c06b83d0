import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthorInfo } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { formatTokenAmount } from '@/lib/token-amount';
import {
  authorBadges,
  safeHttpUrl,
  sectionState,
  type SectionState,
} from '../utils/author-sections';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { RoundIcon } from '@/components/ui/round-icon/round-icon';
import { PostMeta } from './post-meta';
import { ProfileHeader } from './profile-header';
import { StatFigures } from './stat-figures';
import { BackBar } from '@/components/ui/back-bar/back-bar';
import card from '@/components/ui/card/card.module.css';
import { CommentIcon, HeartIcon, LockIcon } from '@/components/ui/icons/icons';
import items from '@/components/ui/item-list/item-list.module.css';
import { TagList } from '@/components/ui/tag-list/tag-list';
import { Tabs } from '@/components/ui/tabs/tabs';
import page from '@/components/layout/page.module.css';
import profile from './profile.module.css';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import { OrcidBadge } from '@/components/ui/orcid-badge/orcid-badge';
import { TrustBadge } from '@/components/ui/trust-badge/trust-badge';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
import styles from './author-profile.module.css';

type AuthorProfileProps = {
  info: AuthorInfo;
  onBack: () => void;
  /** More actions beside Back, composed by the app (e.g. Report). */
  actions?: ReactNode;
  /** The Reviews tab's content, composed by the app (the reviews the author wrote). */
  reviews?: ReactNode;
  /** The Follow button, composed by the app (issue 30); none on one's own profile. */
  follow?: ReactNode;
};

/** The `profile` namespace's heading of each hidden section. */
const HIDDEN = {
  profile: 'profileHidden',
  posts: 'postsHidden',
  activity: 'activityHidden',
  statistics: 'statisticsHidden',
} as const;

type TabSection = keyof typeof HIDDEN;

/** The notice of a section the author keeps private (spec §2 Author profile). */
function HiddenNotice({ section }: { section: TabSection }) {
  const { t } = useTranslation(['profiles', 'profile', 'messages']);
  return (
    <EmptyState
      icon="lock"
      headingLevel={2}
      title={t(`profile:${HIDDEN[section]}`)}
      // The section is named in the reader's language: 'profile' in English, 个人资料 in Chinese.
      text={t('messages:sectionPrivate', { section: t(`sectionNames.${section}`) })}
    />
  );
}

/** A post's title (the author's own words, so translate="no"), or 'Untitled post'. */
function PostTitle({ title }: { title: string }) {
  const { t } = useTranslation('profiles');
  return title.trim() ? <span translate="no">{title}</span> : <>{t('untitledPost')}</>;
}

/** The author sees their own private sections, marked as such. */
function OwnerOnlyNote({ state }: { state: SectionState }) {
  const { t } = useTranslation('profiles');
  if (state !== 'owner-only') return null;
  return (
    <p className={styles.ownerNote}>
      <LockIcon />
      {t('author.ownerOnlyNote')}
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
  const { t } = useTranslation('profiles');
  const biography = info.biography?.trim() ?? '';
  return (
    <Section section="profile" info={info}>
      <div className={card.surface}>
        <h2 className={styles.panelHeading}>{t('about')}</h2>
        {biography ? (
          <p className={profile.bio} translate="no">
            {info.biography}
          </p>
        ) : (
          <p className={styles.muted}>{t('noBio')}</p>
        )}
        {badges.length > 0 ? (
          <>
            <h3 className={profile.subheading}>{t('expertise')}</h3>
            <TagList tags={badges} label={t('expertise')} />
          </>
        ) : null}
      </div>
    </Section>
  );
}

function PostsPanel({ info }: { info: AuthorInfo }) {
  const { t } = useTranslation(['profiles', 'profile']);
  const posts = info.posts ?? [];
  return (
    <Section section="posts" info={info}>
      {posts.length === 0 ? (
        <EmptyState headingLevel={2} title={t('profile:noPostsYet')} />
      ) : (
        <>
          <h2 className={styles.panelHeading}>
            {t('author.postsHeading', { number: posts.length })}
          </h2>
          <ul className={items.list}>
            {posts.map((post) => {
              return (
                <li key={post.id} className={`${items.item} ${spread.row}`}>
                  <div className={styles.itemBody}>
                    <h3 className={styles.itemTitle}>
                      <PostTitle title={post.title} />
                    </h3>
                    <ReviewStatusBadge status={post.review_status} />
                    <PostMeta
                      date={<time dateTime={post.date}>{formatDateTime(post.date)}</time>}
                      counts={post}
                    />
                  </div>
                  <Link to={paths.postDetail.href(post.id)} className="button button-secondary">
                    {t('profile:view')}
                    <span className="visually-hidden">
                      {' '}
                      <PostTitle title={post.title} />
                    </span>
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

function ActivityPanel({ info }: { info: AuthorInfo }) {
  const { t } = useTranslation(['profiles', 'profile']);
  const activity = info.activity ?? [];
  return (
    <Section section="activity" info={info}>
      {activity.length === 0 ? (
        <EmptyState headingLevel={2} title={t('profile:noRecentActivity')} />
      ) : (
        <>
          <h2 className={styles.panelHeading}>{t('author.recentActivity')}</h2>
          <ol className={items.list}>
            {activity.map((event, index) => (
              <li key={`${event.type}-${event.id}-${index}`} className={styles.event}>
                <RoundIcon
                  tone={event.type === 'like' ? 'danger' : 'primary'}
                  className={styles.eventType}
                >
                  {event.type === 'like' ? (
                    <HeartIcon />
                  ) : event.type === 'comment' ? (
                    <CommentIcon />
                  ) : (
                    '+'
                  )}
                </RoundIcon>
                <div className={styles.eventBody}>
                  <p className={styles.eventText}>
                    {t(`author.activity.${event.type}`)}{' '}
                    <Link to={paths.postDetail.href(event.id)}>
                      <PostTitle title={event.title} />
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
  const { t } = useTranslation('profiles');
  const figures = [
    { label: t('statistics.posts'), value: info.posts_number ?? 0 },
    { label: t('statistics.comments'), value: info.comments_post ?? 0 },
    { label: t('statistics.likesReceived'), value: info.like_received ?? 0 },
    // Sent with the other statistics, so only when the author shows them.
    ...(info.tokens_earned === undefined
      ? []
      : [{ label: t('statistics.tokensEarned'), value: formatTokenAmount(info.tokens_earned) }]),
    ...(info.followers_count === undefined
      ? []
      : [{ label: t('statistics.followers'), value: info.followers_count }]),
    ...(info.following_count === undefined
      ? []
      : [{ label: t('statistics.following'), value: info.following_count }]),
  ];
  return (
    <Section section="statistics" info={info}>
      <h2 className={styles.panelHeading}>{t('statistics.heading')}</h2>
      <StatFigures figures={figures} size="compact" />
    </Section>
  );
}

/**
 * Followers and following (issue 30), sent with the statistics and so only when the author shows
 * them, beside the Follow button the app composes.
 */
function FollowLine({ info, follow }: { info: AuthorInfo; follow?: ReactNode }) {
  const { t } = useTranslation('profiles');
  const counts =
    info.followers_count === undefined || info.following_count === undefined
      ? null
      : [
          t('author.followers', { count: info.followers_count }),
          t('author.following', { count: info.following_count }),
        ];
  if (!counts && !follow) return null;
  return (
    <div className={styles.followLine}>
      {counts ? (
        <p className={styles.followCounts} data-testid="follow-counts">
          {counts.join(' · ')}
        </p>
      ) : null}
      {follow}
    </div>
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
  const { t } = useTranslation(['profiles', 'profile']);
  const headingId = useId();
  const { email, phone, website } = contactOf(info);
  if (sectionState(info, 'contact') === 'hidden' || (!email && !phone && !website)) return null;
  return (
    <section className={styles.connect} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelHeading}>
        {t('profile:connect')}
      </h2>
      <div className={styles.connectLinks}>
        {email ? (
          <a className="button button-primary" href={`mailto:${email}`}>
            {t('author.email')}
          </a>
        ) : null}
        {phone ? (
          <a className="button button-secondary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {t('author.call')}
          </a>
        ) : null}
        {website ? (
          <a
            className="button button-secondary"
            href={website}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('author.website')}
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
export function AuthorProfile({ info, onBack, actions, reviews, follow }: AuthorProfileProps) {
  const { t } = useTranslation('profiles');
  const name = info.nickname.trim() || info.username;
  const badges = authorBadges(info);
  const { email, phone, website, websiteText } = contactOf(info);
  const title = info.title?.trim() ?? '';
  const hasContact = Boolean(email || phone || websiteText);

  return (
    <div className={`${page.page} ${page.underBackBar}`}>
      <BackBar label={t('author.back')} onBack={onBack}>
        {actions}
      </BackBar>

      <ProfileHeader
        avatar={<Avatar src={info.avatar} name={name} size={96} />}
        eyebrow={t('author.eyebrow')}
      >
        <h1 className={profile.name} translate="no">
          {name}
        </h1>
        <TrustBadge level={info.trust_level} />
        {info.orcid && info.orcid_url ? (
          <OrcidBadge orcid={info.orcid} url={info.orcid_url} />
        ) : null}
        {name !== info.username ? (
          <p className={profile.aside} translate="no">
            @{info.username}
          </p>
        ) : null}
        {title ? (
          <p className={profile.title} translate="no">
            {title}
          </p>
        ) : null}
        <FollowLine info={info} follow={follow} />
        {hasContact ? (
          <ul className={styles.contact} aria-label={t('author.contact')}>
            {email ? <li translate="no">{email}</li> : null}
            {phone ? <li translate="no">{phone}</li> : null}
            {websiteText ? (
              <li translate="no">
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
          <ul className={styles.headerBadges} aria-label={t('author.badges')}>
            {badges.map((badge) => (
              <li key={badge} translate="no">
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
      </ProfileHeader>

      <div className={styles.body}>
        <Tabs
          label={t('author.sections')}
          tabs={[
            {
              id: 'profile',
              label: t('tabs.profile'),
              render: () => <ProfilePanel info={info} badges={badges} />,
            },
            { id: 'posts', label: t('tabs.posts'), render: () => <PostsPanel info={info} /> },
            {
              id: 'activity',
              label: t('tabs.activity'),
              render: () => <ActivityPanel info={info} />,
            },
            ...(reviews
              ? [{ id: 'reviews', label: t('tabs.reviews'), render: () => reviews }]
              : []),
            {
              id: 'statistics',
              label: t('tabs.statistics'),
              render: () => <StatisticsPanel info={info} />,
            },
          ]}
        />
        <ConnectSection info={info} />
      </div>
    </div>
  );
}
