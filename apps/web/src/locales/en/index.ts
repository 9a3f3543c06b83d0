import { auth } from './auth';
import { comments } from './comments';
import { common } from './common';
import { follows } from './follows';
import { home } from './home';
import { moderation } from './moderation';
import { notifications } from './notifications';
import { posts } from './posts';
import { profiles } from './profiles';
import { reports } from './reports';
import { reviews } from './reviews';
import { routes } from './routes';
import { messages, profile, screen } from './spec';
import { token } from './token';
import { upload } from './upload';
import { wallet } from './wallet';

/**
 * The English catalogue: one namespace per part of the app. English is the default language and
 * holds the spec's exact texts.
 */
export const en = {
  common,
  routes,
  messages,
  screen,
  profile,
  profiles,
  auth,
  notifications,
  token,
  wallet,
  upload,
  home,
  reports,
  moderation,
  posts,
  comments,
  reviews,
  follows,
};

export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;
