/**
 * Reporting (features/reports) and the reasons of a report, which the moderation queue shows in
 * the same words. `<name>` wraps the reported title or username (user content, not translated).
 */
export const reports = {
  report: 'Report',
  subject: {
    post: 'the post “<name>{{name}}</name>”',
    comment: 'the comment by <name>{{name}}</name>',
    review: 'the review by <name>{{name}}</name>',
    /** A review whose reviewer the reader may not know. */
    anonymousReview: 'an anonymous review',
    review_response: 'the response by <name>{{name}}</name> to a review',
    user: 'the member <name>{{name}}</name>',
  },
  untitledPost: 'Untitled post',
  dialog: {
    title: {
      post: 'Report this post',
      comment: 'Report this comment',
      review: 'Report this review',
      review_response: 'Report this response',
      user: 'Report this member',
    },
    description:
      'You are reporting <subject></subject>. The moderators will see your report; the author will not learn who sent it.',
    submit: 'Send report',
    pending: 'Sending…',
    why: 'Why?',
    chooseReason: 'Choose a reason',
    note: 'Note for the moderators',
    noteLength: '{{length}} / {{max}} characters',
  },
  reasons: {
    spam: {
      label: 'Spam',
      hint: 'Advertising, scams or the same thing posted again and again.',
    },
    abuse: {
      label: 'Abuse or harassment',
      hint: 'Insults, threats or hate aimed at someone.',
    },
    off_topic: {
      label: 'Off topic',
      hint: 'Nothing to do with research or with the discussion.',
    },
    plagiarism: {
      label: 'Plagiarism',
      hint: "Someone else's work presented as the author's own.",
    },
    other: {
      label: 'Something else',
      hint: 'Say what is wrong in the note.',
    },
  },
  /** My Page › Reports: the member's own reports and what the moderators decided. */
  mine: {
    title: 'My reports',
    loading: 'Loading your reports…',
    failed: 'Your reports could not be loaded.',
    empty: 'No reports yet',
    emptyText:
      'When you report a post, a comment, a review or a member, it shows here with what the moderators decided.',
    loadMore: 'Load more',
    /** What was reported. */
    what: {
      post: 'Post',
      comment: 'Comment',
      review: 'Review',
      review_response: 'Response to a review',
      user: 'Member',
    },
    status: { open: 'Open', resolved: 'Resolved' },
    /** The moderators' outcome; `open` while they have not decided. */
    outcome: {
      open: 'The moderators have not decided yet.',
      dismiss: 'Dismissed: the moderators found nothing to act on.',
      hide: 'The moderators hid what you reported.',
      delete: 'The moderators removed what you reported.',
      suspend: 'The moderators suspended the account.',
    },
    reason: 'Reason: {{reason}}',
    note: 'Your note:',
    reported: 'Reported',
    decided: 'Decided',
    /** The link to what was reported, while it can still be seen. */
    view: {
      post: 'View the post',
      comment: 'View the comment',
      review: 'View the review',
      review_response: 'View the response',
      user: 'View the profile',
    },
  },
};
