import type { AuthorInfo, TrustLevel } from '@symposia/shared';
import { formatTokenAmount } from '../chain/units.js';
import { orcidFieldsOf } from '../domain/orcid.js';
import type { AuthorView } from '../services/profiles/profile-service.js';

/**
 * Spec §3's author info. A hidden section's fields are left out of the answer entirely, not sent
 * empty: what the author keeps private never leaves the server.
 */
export function presentAuthorInfo(
  view: AuthorView,
  trustLevel: TrustLevel,
  orcidRecordBase: string,
): AuthorInfo {
  const { user, profile, posts, activity, statistics, tokensEarned, follows, contact } = view;
  return {
    user_id: user.id,
    trust_level: trustLevel,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    ...(profile && { title: profile.title, biography: profile.biography, tags: [profile.tags] }),
    ...(statistics && {
      posts_number: statistics.posts,
      comments_post: statistics.comments,
      like_received: statistics.likesReceived,
    }),
    ...(tokensEarned !== undefined && { tokens_earned: formatTokenAmount(tokensEarned) }),
    ...(follows && { followers_count: follows.followers, following_count: follows.following }),
    followed_by_you: view.followedByReader,
    ...(activity && { activity }),
    ...(posts && {
      posts: posts.map(({ id, title, date, likes, comments, reviewStatus }) => ({
        review_status: reviewStatus,
        id,
        title,
        date,
        likes,
        comments,
      })),
    }),
    ...(contact && { email: contact.email, phone: contact.phone, userurl: contact.url }),
    show_profile: user.settings.public_profile,
    show_posts: user.settings.public_posts,
    show_activity: user.settings.public_activities,
    show_statistics: user.settings.public_statistics,
    show_contact: user.settings.public_contact,
    // Public wherever the author shows: they chose to link it (issue 30).
    ...orcidFieldsOf(user.orcid, orcidRecordBase),
  };
}
