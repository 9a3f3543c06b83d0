import type { NotificationType } from '@symposia/shared';

/** The switches of My Page › Settings › Notifications, in the order of NOTIFICATION_TYPES. */
export const NOTIFICATION_SWITCHES: readonly {
  type: NotificationType;
  label: string;
  hint: string;
}[] = [
  { type: 'comment', label: 'Comments', hint: 'Someone comments on your post.' },
  { type: 'reply', label: 'Replies', hint: 'Someone replies to your comment.' },
  { type: 'mention', label: 'Mentions', hint: 'Someone writes @ and your username.' },
  {
    type: 'like',
    label: 'Likes',
    hint: 'Your post or comment is liked (one notification a day for each).',
  },
  {
    type: 'moderation',
    label: 'Moderation',
    hint: 'The moderators decide on your content or on your report.',
  },
  { type: 'reward', label: 'Rewards', hint: 'You earn tokens.' },
];
