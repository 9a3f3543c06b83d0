/**
 * Follows (features/follows, issue 30): the Follow buttons of an author's profile and of the forum
 * filtered by a tag, the post detail's tag toggles, and the following feed's empty states.
 */
export const follows = {
  follow: 'Follow',
  followTag: 'Follow tag',
  following: 'Following',
  signInToFollow: 'Please sign in to follow authors and tags',
  empty: {
    title: 'Nothing from who you follow yet',
    text: 'Follow an author from their profile, or a tag from the tags of a post or the forum filtered by a tag. Their new posts show up here.',
    browse: 'Browse all posts',
  },
  signIn: {
    title: 'Your following feed',
    text: 'Sign in to see the new posts of the authors and tags you follow.',
    action: 'Sign in',
  },
};
