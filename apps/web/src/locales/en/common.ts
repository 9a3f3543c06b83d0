/** Texts of the page frame and the shared building blocks (components/, app/). */
export const common = {
  /** Issue 30: a member's ORCID iD, verified by signing in with it, linking to its record. */
  orcid: {
    badge: 'ORCID iD {{orcid}}, verified: open the public ORCID record',
    verified: 'Verified by signing in with ORCID',
  },
  /** Community trust (issue 28): the level shown on profiles; never the score. */
  trust: {
    badge: 'Trust level {{level}}: {{name}}',
    explain:
      'How much the community trusts this member, from the likes and comments of the members it already trusts.',
    levels: { new: 'New', basic: 'Basic', member: 'Member', trusted: 'Trusted' },
  },
  /** A post's peer-review status (issue 29): its badge and the forum's filter. */
  reviewStatus: {
    validated: 'Validated',
    disputed: 'Disputed',
    in_review: 'In review',
    unreviewed: 'Not reviewed',
    explain: {
      validated: 'Trusted reviewers found the current revision valid.',
      disputed: 'Reviewers disagree about the current revision.',
      in_review: 'Reviews of the current revision are coming in.',
      unreviewed: 'Nobody has reviewed this post yet.',
    },
  },
  language: {
    label: 'Language',
    choose: 'Choose the language of the interface',
  },
  nav: {
    main: 'Main',
    home: 'Home',
    forum: 'Forum',
    reviews: 'Reviews',
    upload: 'Upload',
    tokens: 'Tokens',
    myPage: 'My Page',
    moderation: 'Moderation',
    menu: 'Menu',
    closeMenu: 'Close',
  },
  skipToContent: 'Skip to main content',
  footer: {
    copyright: '© {{year}} Symposia. All rights reserved.',
    links: 'Legal and contact',
    privacy: 'Privacy Policy',
    terms: 'Terms of Use',
    contact: 'Contact Us',
    comingSoon: 'Coming soon',
  },
  actions: {
    retry: 'Retry',
    back: 'Back',
    cancel: 'Cancel',
    close: 'Close',
  },
  error: {
    title: 'Error',
    details: 'Details',
  },
  loading: 'Loading',
  /** The status while a navigation waits for the next screen (components/layout/navigation-progress). */
  navigationPending: 'Loading the page…',
  field: {
    optional: '(optional)',
  },
  /** A post's fields, as the upload form and the edit dialog show them (components/post-fields). */
  postFields: {
    title: 'Title',
    summary: 'Summary',
    content: 'Content',
    tags: 'Tags',
    tagsHint: 'Separate tags with commas, e.g. physics, machine learning.',
    doi: 'DOI',
    doiHint:
      'The DOI of the published work, if it has one (a https://doi.org/ link works too); empty for none.',
    aiInstruction: 'AI instruction',
    aiInstructionHint: 'What the AI analysis should focus on.',
  },
  visibility: {
    legend: 'Visibility',
    public: 'Public',
    publicHint: 'Everyone can find and read the post.',
    private: 'Private',
    privateHint: 'Only you can see the post.',
  },
  image: {
    unavailable: 'Image unavailable',
    /** An image that failed, named by its alternative text and what became of it. */
    named: '{{alt}} ({{state}})',
    avatar: "{{name}}'s avatar",
  },
  richText: {
    preview: 'Preview',
    previewMark: '(preview)',
    previewEmpty: 'Nothing to preview yet.',
    markdownHint: 'Markdown and LaTeX math are supported: $…$ inline, $$…$$ for display.',
    /** The link text of an image from elsewhere that has no alternative text. */
    image: 'image',
    footnotes: 'Footnotes',
    backToReference: 'Back to reference {{reference}}',
  },
  /** The toasts' region (Alt+T moves focus into it). */
  toasts: {
    region: 'Notifications Alt+T',
    close: 'Close',
    timer: 'Time left before this notice closes',
  },
};
