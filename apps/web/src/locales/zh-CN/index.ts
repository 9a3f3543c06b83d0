import type { Catalogue } from '../en';
import type { Translation } from '../types';
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

/** The Simplified Chinese catalogue: every namespace and key of the English one. */
export const zhCN: Translation<Catalogue> = {
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
