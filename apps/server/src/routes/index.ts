import type { FastifyPluginAsync } from 'fastify';
import { authPlugin } from '../plugins/auth.js';
import { multipartPlugin } from '../plugins/multipart.js';
import { publicCachePlugin } from '../plugins/public-cache.js';
import { authRoutes } from './auth/index.js';
import { commentRoutes } from './comments/index.js';
import { mediaRoutes } from './media/index.js';
import { profileRoutes } from './profiles/index.js';
import { tokenRoutes } from './token/index.js';

/** Everything under /api/v1, with optional authentication on every route. */
export const apiRoutes: FastifyPluginAsync<{ publicCacheTtlMs: number }> = async (
  app,
  { publicCacheTtlMs },
) => {
  await app.register(authPlugin, { sessions: app.services.sessions });
  await app.register(publicCachePlugin, {
    version: app.services.contentVersion.current,
    ttlMs: publicCacheTtlMs,
  });
  await app.register(multipartPlugin);
  await app.register(authRoutes);
  await app.register(mediaRoutes);
  await app.register(commentRoutes);
  await app.register(profileRoutes);
  await app.register(tokenRoutes, { tokens: app.services.tokens });
};
