import type { FastifyPluginAsync } from 'fastify';
import { authPlugin } from '../plugins/auth.js';
import { authRoutes } from './auth/index.js';

/** Everything under /api/v1, with optional authentication on every route. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authPlugin, { sessions: app.services.sessions });
  await app.register(authRoutes);
};
