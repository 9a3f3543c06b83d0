import multipart from '@fastify/multipart';
import { POST_FIELD_MAX_LENGTH, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@symposia/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Multipart bodies for uploads, always streamed (never attached to the body or buffered). The
 * limits here are a backstop a notch above the spec's: the upload service counts files and meters
 * bytes itself, so a person gets the spec's messages rather than the parser's.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      // A file is read in 1 MiB steps rather than busboy's 16 KiB default: fewer, larger chunks
      // for the content store's 256 KiB blocks.
      highWaterMark: 1024 * 1024,
      fileHwm: 1024 * 1024,
      limits: {
        files: UPLOAD_MAX_FILES + 1,
        fileSize: UPLOAD_MAX_FILE_BYTES + 1,
        fields: 50,
        // Four bytes a character at most in UTF-8.
        fieldSize: POST_FIELD_MAX_LENGTH.content * 4,
        parts: 100,
        // A part needs two headers (Content-Disposition, Content-Type); busboy would accept 2,000.
        headerPairs: 20,
      },
    });
  },
  { name: 'multipart' },
);

/**
 * `routes` in a scope of their own with the multipart parser. @fastify/multipart decorates every
 * request and adds an async onResponse hook to every route of the scope it is registered in, so
 * only the routes that take multipart bodies get it (uploads, the avatar, the one-click
 * unsubscribe); elsewhere a multipart body is 415, like any other type a route does not take.
 */
export function withMultipart<Options extends Record<string, unknown>>(
  routes: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    await scope.register(multipartPlugin);
    await scope.register(routes, options);
  };
}
