/** Texts of the sign-in and registration form, the login overlay and Logout (features/auth). */
export const auth = {
  signIn: 'Sign In',
  register: 'Register',
  signInLead: 'Welcome back. Sign in to continue.',
  registerLead: 'Create an account to post, comment and keep a profile.',
  username: 'Username',
  password: 'Password',
  email: 'Email',
  phone: 'Phone',
  passwordHint: 'At least {{min}} characters.',
  signingIn: 'Signing in…',
  registering: 'Registering…',
  haveAccount: 'Already have an account?',
  newHere: 'New to Symposia?',
  signInAfterRegisterFailed: 'The account was created, but signing in failed',
  logout: 'Logout',
  loggingOut: 'Logging out…',
};
