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
    forgotPassword: 'Forgot password',
    resetPassword: 'Choose a new password',
    verifyEmail: 'Verify email address',
    orcid: 'Sign in with ORCID',
    unsubscribe: 'Unsubscribe',
  },
  forumPosts: 'Forum posts',
  goHome: 'Go to Home',
};
