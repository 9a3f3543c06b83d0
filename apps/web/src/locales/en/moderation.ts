/**
 * The moderators' screen (features/moderation): the queue, the actions and the log. `<name>`
 * wraps a username (user content, not translated).
 */
export const moderation = {
  title: 'Moderation',
  lead: 'Every action needs a note; each is written to the log, and the people concerned are told of the outcome.',
  sections: 'Moderation sections',
  tabs: {
    open: 'Open',
    resolved: 'Resolved',
    log: 'Log',
  },
  onlyModerators: {
    title: 'Only moderators',
    text: "{{moderatorsOnly}}. To report something, use Report on the post, the comment or the author's profile.",
    back: 'Back to the forum',
  },
  /** The actions as buttons name them, and what each does, said in its dialog. */
  actions: {
    dismiss: {
      label: 'Dismiss',
      pending: 'Dismissing…',
      explain: 'Nothing is wrong with it: it stays as it is, and the reports on it are closed.',
      done: 'Dismissed',
    },
    hide: {
      label: 'Hide',
      pending: 'Hiding…',
      explain:
        "Only its author, who sees it marked 'Hidden by the moderators', and the moderators will see it. It can be restored.",
      done: 'Hidden',
    },
    delete: {
      label: 'Delete',
      pending: 'Deleting…',
      explain: 'It is deleted as if its author had deleted it. This cannot be undone.',
      done: 'Deleted',
    },
    suspend: {
      label: 'Suspend',
      pending: 'Suspending…',
      explain:
        'The author is signed out everywhere and cannot sign in until the suspension ends. Their content stays.',
      done: 'Suspended',
    },
    restore: {
      label: 'Restore',
      pending: 'Restoring…',
      explain: 'Everyone who may see it sees it again.',
      done: 'Restored',
    },
  },
  targets: {
    post: 'Post',
    comment: 'Comment',
    user: 'Member',
  },
  /** What an action is taken on, in a sentence. */
  subject: {
    post: 'the post “{{title}}”',
    comment: 'the comment by {{name}}',
    user: 'the member {{name}}',
  },
  untitledPost: 'Untitled post',
  formerMember: 'a former member',
  queue: {
    open: 'Open reports',
    resolved: 'Resolved reports',
    emptyResolved: 'Nothing resolved yet.',
    loading: 'Loading reports…',
    what: 'reports',
  },
  item: {
    byAuthor: 'by <name>{{name}}</name>',
    byFormerMember: 'by a former member',
    reports_one: '{{count}} report',
    reports_other: '{{count}} reports',
    first: 'first',
    deleted: 'Deleted',
    noText: '(no text)',
    accountGone: 'The account no longer exists',
    openProfile: 'Open the profile',
    openInPlace: 'Open in place',
    reasons: 'Reasons',
    notes: 'Notes from the reporters',
    actionsOn: 'Actions on {{subject}}',
  },
  dialog: {
    title: '{{action}} {{subject}}?',
    days: 'Days',
    daysHint: 'From 1 to {{max}} days.',
    note: 'Note',
    noteHint:
      'Why, in a sentence: it goes to the log and to the people told of the outcome. {{length}} / {{max}}',
    done: '{{done}}: {{subject}}',
    resolved_one: '{{count}} report resolved.',
    resolved_other: '{{count}} reports resolved.',
  },
  log: {
    title: 'Log',
    caption: 'Moderator actions, newest first',
    when: 'When',
    moderator: 'Moderator',
    action: 'Action',
    target: 'Target',
    note: 'Note',
    until: 'until',
    empty: 'No moderator has acted yet.',
    loading: 'Loading the log…',
    what: 'log entries',
    /** The log's action column. */
    actions: {
      dismiss: 'Dismissed',
      hide: 'Hid',
      delete: 'Deleted',
      suspend: 'Suspended',
      restore: 'Restored',
    },
  },
  pager: {
    label: 'Pages of {{what}}',
    previous: 'Previous',
    next: 'Next',
    after: 'after {{skip}}',
  },
};
