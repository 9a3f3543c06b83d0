import type { FastifyPluginAsync } from 'fastify';
import { authPlugin } from '../plugins/auth.js';
import { withMultipart } from '../plugins/multipart.js';
import { presencePlugin } from '../plugins/presence.js';
import { publicCachePlugin } from '../plugins/public-cache.js';
import { routeAccessPlugin } from '../plugins/route-access.js';
import { authRoutes } from './auth/index.js';
import { emailLinkRoutes } from './auth/email-links.js';
import { commentEditRoutes } from './comments/edit.js';
import { commentRoutes } from './comments/index.js';
import { reviewRoutes } from './reviews/index.js';
import { citeRoutes } from './media/cite.js';
import { postEditRoutes } from './media/edit.js';
import { mediaRoutes } from './media/index.js';
import { moderationRoutes } from './moderation/index.js';
import { notificationRoutes } from './notifications/index.js';
import { notificationStreamRoutes } from './notifications/stream.js';
import { unsubscribeRoutes } from './notifications/unsubscribe.js';
import { profileRoutes } from './profiles/index.js';
import { receiptRoutes } from './receipts/index.js';
import { reportRoutes } from './reports/index.js';
import { rewardClaimRoutes } from './rewards/claim.js';
import { rewardRoutes } from './rewards/index.js';
import { tokenRoutes } from './token/index.js';
import { walletRoutes } from './wallets/index.js';
import { bountyRoutes } from './bounties/index.js';
import { followRoutes } from './follows/index.js';
import { oidcRoutes } from './oidc/index.js';

/** Everything under /api/v1, with optional authentication on every route. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authPlugin, { sessions: app.services.sessions });
  // Issue 30: members seen on the site get no immediate notification email meanwhile.
  await app.register(presencePlugin, { preferences: app.services.notificationPreferences });
  // Routes marked `config.access` check who asks before their body is read or validated.
  await app.register(routeAccessPlugin, { services: app.services });
  await app.register(publicCachePlugin, { cache: app.services.publicCache });
  await app.register(authRoutes);
  // Issue 30: verified email addresses and password reset.
  await app.register(emailLinkRoutes);
  await app.register(mediaRoutes);
  await app.register(citeRoutes);
  await app.register(commentRoutes);
  // Issue 14: editing and deleting posts and comments.
  await app.register(postEditRoutes);
  await app.register(commentEditRoutes);
  // Issue 29: peer reviews and the validation status.
  await app.register(reviewRoutes);
  await app.register(withMultipart(profileRoutes));
  // Reports and moderation.
  await app.register(reportRoutes);
  await app.register(moderationRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationStreamRoutes);
  // Issue 30: one-click unsubscribe from notification emails and the digest.
  await app.register(withMultipart(unsubscribeRoutes));
  await app.register(tokenRoutes, { tokens: app.services.tokens });
  await app.register(rewardRoutes, { rewards: app.services.rewards });
  await app.register(rewardClaimRoutes, { rewardClaims: app.services.rewardClaims });
  // Issue 28: wallets members prove they hold, where reward claims pay.
  await app.register(walletRoutes);
  // Issue 29: receipts of reviews, anchored on the chain.
  await app.register(receiptRoutes);
  // Issue 29: review bounties, through the ledger's balance moves.
  await app.register(bountyRoutes);
  // Issue 30: follows of authors and tags, and the following feed.
  await app.register(followRoutes);
  // Issue 30: sign-in with ORCID (OpenID Connect).
  await app.register(oidcRoutes);
};
