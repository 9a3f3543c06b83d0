/**
 * Texts of the comments feature: the section under a post, its threads, the comment and reply
 * boxes, a comment's like, edit and delete. `<term>` marks an element that holds user content.
 */
export const comments = {
  section: {
    title: 'Comments',
    write: 'Write a Comment',
    yourComment: 'Your comment',
    list: 'Comments',
    loading: 'Loading comments…',
    loadMore: 'Load more comments',
    loadingMore: 'Loading more comments…',
  },
  thread: {
    replies: 'Replies to {{author}}',
    moreReplies_one: 'Show {{count}} more reply',
    moreReplies_other: 'Show {{count}} more replies',
    hideReplies: 'Hide replies',
  },
  editor: {
    hint: 'Ctrl+Enter (⌘+Enter on a Mac) submits; Escape cancels.',
    submit: 'Submit',
    submitting: 'Submitting…',
    cancel: 'Cancel',
  },
  inlineEditor: {
    label: 'Edit comment',
    hint: 'Enter saves, Shift+Enter starts a new line, Escape cancels.',
    save: 'Save',
    cancel: 'Cancel',
  },
  item: {
    label: 'Comment by {{author}}',
    edited: 'edited',
    image: 'Image attached by {{author}}',
    reply: 'Reply',
    /** After "Reply", for assistive technology: "Reply to bob". */
    replyTo: ' to <term>{{author}}</term>',
    replyLabel: 'Reply to {{author}}',
    edit: 'Edit',
    editYours: ' your comment',
    delete: 'Delete',
    deleteWhose: ' comment by <term>{{author}}</term>',
  },
  like: {
    /** Before the count, for assistive technology: "Like comment by bob: 2 likes". */
    by: 'Like comment by <term>{{author}}</term>: ',
    likes_one: ' like',
    likes_other: ' likes',
  },
  remove: {
    title: 'Delete this comment?',
    confirm: 'Delete',
    deleting: 'Deleting…',
    own: 'Your comment will be deleted.',
    other: 'The comment by <term>{{author}}</term> will be deleted.',
    repliesStay: 'Replies to it stay, under “{{deleted}}”. This cannot be undone.',
  },
  /** What 'failed to update {{field}}' and 'failed to delete {{what}}' name. */
  what: 'comment',
};
