import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE_PATH, MESSAGES } from '@symposia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { varyOnEncoding } from './content-encoding.js';
import { loadPageServer } from './server-render.js';

const INDEX_FILE = 'index.html';
// Vite puts content-hashed files here: a changed file gets a new name, so they never go stale.
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths that belong to the server, never to the web app's router. */
const SERVER_PREFIXES = ['/api', '/ipfs', '/healthz'];

export function webAppBuilt(root: string): boolean {
  return existsSync(join(root, INDEX_FILE));
}

const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

// A missing file such as /assets/app-1234.js must stay a 404: answering it with index.html would
// hand the browser HTML where it expects a script.
const looksLikeFile = (path: string) => /\.[^/]+$/.test(path);

/**
 * Serves the built web app and answers unknown URLs: a 404 JSON body for server paths and
 * files, index.html for anything else so deep links such as /forum/detail/{id} survive a reload.
 */
export const staticSpaPlugin = fp<{ root: string | null }>(
  async (app, { root }) => {
    if (root) {
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // The build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs): the
        // best one the client accepts is sent as is, with its own length, ranges and ETag.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const inAssets = relative(root, filePath).startsWith(`${HASHED_ASSETS_DIR}${sep}`);
          res.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
          res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
        },
      });
    }
    // Home, the forum and a post are sent rendered, with their data (plugins/server-render.ts).
    const servePage = root ? await loadPageServer(app, root, app.log) : null;
    const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
      if (servePage && (await servePage(request, reply))) return reply;
      return reply.sendFile(INDEX_FILE);
    };
    // Ahead of the static files' own answer for / (index.html as built).
    if (servePage) app.get('/', sendApp);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)) {
        return reply.code(404).send({ detail: MESSAGES.routeNotFound(request.method, path) });
      }
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (root && isRead && !isServerPath(path) && !looksLikeFile(path)) {
        return sendApp(request, reply);
      }
      return reply.code(404).send({ detail: MESSAGES.notFound });
    });
  },
  { name: 'static-spa' },
);
