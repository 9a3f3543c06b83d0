import { FORUM_COUNTERS } from '@symposia/shared';

type CounterLabel = (typeof FORUM_COUNTERS)[number]['label'];

/** The forum's counters (spec §2) by their English label, which packages/shared writes once. */
const counters = Object.fromEntries(FORUM_COUNTERS.map(({ label }) => [label, label])) as Record<
  CounterLabel,
  string
>;

/**
 * Texts of the posts feature: the forum list, its search and sort, the cards, the post detail
 * with its carousel, AI analysis, citation, earlier versions, edit and delete. `<term>`, `<name>`
 * and `<try>` mark the elements that hold user content or a link (rendered with Trans).
 */
export const posts = {
  untitled: 'Untitled post',
  tags: 'Tags',
  /** The word for a file of each kind, as "image 1 of 2" and a card without a picture say it. */
  mediaType: { image: 'image', video: 'video', audio: 'audio', document: 'document' },
  forum: {
    title: 'Community Forum',
    lead: 'Discuss research, share findings and follow what the community is working on.',
    counters,
  },
  search: {
    label: 'Search posts',
    placeholder: 'Search topics, tags or authors',
    submit: 'Search',
    suggestion:
      'No results for “<term>{{search}}</term>”; try <try>without ‘<term>{{removed}}</term>’</try>',
  },
  sort: {
    group: 'Sort posts',
    hot: 'Hot',
    recent: 'Recent',
    hotHint: 'Sort by likes',
    recentHint: 'Sort by time',
    desc: '(descending)',
    asc: '(ascending)',
  },
  /** The forum's review-status filter (issue 29); the statuses' names are common.reviewStatus. */
  reviewFilter: {
    group: 'Filter by review status',
    all: 'All',
  },
  /** Issue 30: every post, or the following feed (members only). */
  feed: {
    group: 'Which posts',
    all: 'All posts',
    following: 'Following',
  },
  tagFilter: {
    heading: 'Posts tagged <tag>#{{tag}}</tag>',
    clear: 'Show all posts',
  },
  grid: {
    label: 'Posts',
    list: 'Post list',
    loading: 'Loading posts',
    shown_one: '{{count}} post shown',
    shown_other: '{{count}} posts shown',
    empty: 'No posts found',
    noMatch: 'Nothing matches “<term>{{search}}</term>”. Try other words.',
    noPosts: 'Nobody has posted yet.',
    retry: 'Retry',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    /** Issue 31: posts were published since the list was read; pressing reads them in. */
    newPosts: 'New posts — show',
  },
  card: {
    opensInNewTab: 'Opens the post in a new tab',
    /** After the number, for assistive technology: "3 likes". */
    likes_one: 'like',
    likes_other: 'likes',
    comments_one: 'comment',
    comments_other: 'comments',
    image: 'Image of the post',
    imageOf: 'Image of the post: {{title}}',
    video: 'Video: {{title}}',
    playVideo: 'Play video: {{title}}',
    pauseVideo: 'Pause video: {{title}}',
    badge: { video: 'Video', audio: 'Audio', document: 'Document' },
  },
  detail: {
    back: 'Back',
    comments_one: '{{count}} comment',
    comments_other: '{{count}} comments',
    edited: 'edited',
    showEarlierVersions: 'Show earlier versions',
  },
  media: {
    carousel: 'Media',
    /** What assistive technology calls the carousel and each of its slides. */
    carouselRole: 'carousel',
    slideRole: 'slide',
    slide: '{{title}}, {{type}} {{index}} of {{count}}',
    position: '{{index}} of {{count}}',
    previous: 'Previous media',
    next: 'Next media',
    choose: 'Choose media',
    show: 'Show media {{index}} of {{count}}',
    videoUnavailable: '{{label}} (video unavailable)',
    audioUnavailable: 'Audio unavailable',
    openDocument: 'Open document: <name>{{name}}</name>',
    /** A file of a post whose answer names none (the spec's 'media list'). */
    file: 'File {{number}}',
  },
  doi: {
    label: 'DOI',
    title: 'Digital Object Identifier',
  },
  analysis: {
    title: 'AI Analysis',
    keyPoints: 'Key points',
    suggestedTags: 'Suggested tags',
    pending: 'Analysis in progress…',
    none: 'No AI analysis yet.',
    failed: 'The analysis could not be completed: <term>{{error}}</term>',
  },
  cite: {
    button: 'Cite',
    title: 'Cite this post',
    formats: 'Citation format',
    citation: '{{format}} citation',
    copy: 'Copy <name>{{format}}</name>',
    loading: 'Loading the citation…',
    authorOrcid: "The author's ORCID iD:",
  },
  revisions: {
    title: 'Earlier versions',
    version: 'Version {{number}}',
    loading: 'Loading earlier versions…',
  },
  related: {
    title: 'Related',
  },
  owner: {
    edit: 'Edit',
    delete: 'Delete',
    deleting: 'Deleting…',
    confirmTitle: 'Delete this post?',
    confirmOwn:
      '“<term>{{title}}</term>” will be deleted with its comments and likes. This cannot be undone.',
    confirmOther:
      '“<term>{{title}}</term>” by <term>{{author}}</term> will be deleted with its comments and likes. This cannot be undone.',
    confirmOtherNoAuthor:
      '“<term>{{title}}</term>” by its author will be deleted with its comments and likes. This cannot be undone.',
    /** What 'failed to delete {{what}}' names. */
    what: 'post',
  },
  edit: {
    title: 'Edit post',
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving…',
    /** What 'failed to update {{field}}' names: the field, or the whole post. */
    failedField: {
      title: 'title',
      summary: 'summary',
      content: 'content',
      tags: 'tags',
      doi: 'doi',
      ai_instruction: 'AI instruction',
      visibility: 'visibility',
      post: 'post',
    },
  },
};
