/** Texts the route modules (app/routes) write themselves: page titles and what they hand to features. */
export const routes = {
  titles: {
    forum: 'Community Forum',
    author: 'Author profile',
    myPage: 'My Page',
    register: 'Register',
    moderation: 'Moderation',
    post: 'Post',
    reviews: 'Review queue',
    orcid: 'Sign in with ORCID',
  },
  forumPosts: 'Forum posts',
  goHome: 'Go to Home',
};
