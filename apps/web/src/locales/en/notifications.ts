/** Texts of the notification bell, its list and the notification settings (features/notifications). */
export const notifications = {
  title: 'Notifications',
  bellUnread: 'Notifications, {{number}} unread',
  loading: 'Loading notifications…',
  markAllRead: 'Mark all as read',
  showOlder: 'Show older',
  loadingOlder: 'Loading…',
  unread: 'Unread: ',
  /** The {{field}} of 'failed to update {{field}}' when marking read fails. */
  updateField: 'notifications',
  someone: 'Someone',
  actorsOthers_one: '{{name}} and {{count}} other',
  actorsOthers_other: '{{name}} and {{count}} others',
  describe: {
    comment: '{{who}} commented on your post',
    reply: '{{who}} replied to your comment',
    mention: '{{who}} mentioned you',
    likePost: '{{who}} liked your post',
    likeComment: '{{who}} liked your comment',
    moderation: 'A message from the moderators',
    reward_one: 'You earned {{amount}} token',
    reward_other: 'You earned {{amount}} tokens',
    rewardNoAmount: 'You earned a reward',
    review: '{{who}} reviewed your post',
    reviewAnonymous: 'Your post received a review',
    reviewResponse: '{{who}} responded to your review',
    bountyOffered: '{{who}} offered a bounty of {{amount}} tokens for reviews of your post',
    bountyAwarded: 'Your review was awarded a bounty of {{amount}} tokens',
    followedPost: '{{who}}, whom you follow, published a new post',
  },
  /** The {{what}} of a moderation notice ('The moderators hid your {{what}}: …'). */
  what: {
    post: 'post',
    comment: 'comment',
    review: 'review',
    response: 'response to a review',
    account: 'account',
  },
  settings: {
    loading: 'Loading notification settings…',
    on: 'On',
    off: 'Off',
  },
  /** My Page › Settings › Notifications: the bell and email per kind, the digest (issue 30). */
  preferences: {
    description:
      'For each kind of notification: whether the bell shows it, and whether email brings it.',
    unverified:
      'Notification emails go only to a verified address. Verify your email address under Contact below.',
    kind: 'Kind',
    bell: 'In the bell',
    email: 'By email',
    choices: { immediate: 'Immediately', digest: 'In the digest', never: 'Never' },
    kinds: {
      replies: { label: 'Replies', hint: 'Comments on your posts and replies to your comments.' },
      mentions: { label: 'Mentions', hint: 'Someone writes @ and your username.' },
      reviews: { label: 'Reviews', hint: 'Reviews of your posts, and answers to your reviews.' },
      bounties: {
        label: 'Bounties',
        hint: 'Bounties offered for reviews of your posts, and awarded to your reviews.',
      },
      moderation: {
        label: 'Moderation',
        hint: 'The moderators decide on your content or on your report.',
      },
      rewards: { label: 'Rewards', hint: 'You earn tokens.' },
      followed_posts: {
        label: 'Followed authors',
        hint: 'An author you follow publishes a new public post.',
      },
      likes: {
        label: 'Likes',
        hint: 'Your post or comment is liked. By email in the digest at most.',
      },
    },
    digest: {
      label: 'Weekly digest',
      hint: 'After a week away: the most discussed and newly validated posts you follow and of the community, and your unread notifications.',
    },
    immediateNote:
      'An immediate email comes only if you have not been on the site for a while and have not read it here.',
    save: 'Save notification preferences',
    saving: 'Saving…',
    saved: 'Notification preferences saved.',
  },
  /** The screen a notification email's unsubscribe link opens (issue 30). */
  unsubscribe: {
    title: 'Unsubscribe',
    ask: 'Stop these emails?',
    askTopic: 'Stop emails about {{topic}}?',
    digestTopic: 'the weekly digest',
    explain:
      'Emails of this kind stop for the account the message was sent to. The notifications stay in the bell.',
    confirm: 'Unsubscribe',
    confirming: 'Unsubscribing…',
    done: 'Done: you will get no more emails about {{topic}}.',
    failed: 'Could not unsubscribe',
    noToken: 'This page needs the whole link from the email.',
    preferences: 'Choose which emails you get',
  },
};
