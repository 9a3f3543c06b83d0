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
    tellMeWhen: 'Tell me when:',
    on: 'On',
    off: 'Off',
    switches: {
      comment: { label: 'Comments', hint: 'Someone comments on your post.' },
      reply: { label: 'Replies', hint: 'Someone replies to your comment.' },
      mention: { label: 'Mentions', hint: 'Someone writes @ and your username.' },
      like: {
        label: 'Likes',
        hint: 'Your post or comment is liked (one notification a day for each).',
      },
      moderation: {
        label: 'Moderation',
        hint: 'The moderators decide on your content or on your report.',
      },
      reward: { label: 'Rewards', hint: 'You earn tokens.' },
      review: { label: 'Reviews', hint: 'Someone reviews your post.' },
      review_response: {
        label: 'Review responses',
        hint: "A post's author responds to your review.",
      },
      bounty_offered: {
        label: 'Bounties offered',
        hint: 'Someone offers a bounty for reviews of your post.',
      },
      bounty_awarded: { label: 'Bounties awarded', hint: 'A bounty is awarded to your review.' },
      followed_post: {
        label: 'Followed authors',
        hint: 'An author you follow publishes a new public post.',
      },
    },
  },
};
