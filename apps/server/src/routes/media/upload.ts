import { ipfsUploadResultSchema, uploadResultSchema } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { presentStoredFile } from '../../presenters/post.js';
import { uploadParts } from './upload-parts.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

const MULTIPART = ['multipart/form-data'];

/**
 * Uploads: files into IPFS, then the post. Registered inside the multipart scope of
 * routes/index.ts, apart from the post reads of ./index.ts.
 */
export const mediaUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = app.services.posts;
  const route = routeOptions(app, 'media');

  app.post(
    '/media/upload',
    route.member({
      summary: 'Publish a post: up to 5 files (each ≤ 50 MB) stored on IPFS, plus metadata',
      description:
        'multipart/form-data: one `file` or repeated `files`, and the text fields title, ' +
        'description, summary, content, tags (comma-separated), media_type, ai_instruction, ' +
        'visibility (public|private), doi (optional: `10.NNNN/suffix`, a pasted ' +
        'https://doi.org/ link is stored without its prefix; 422 when malformed); send the ' +
        'text fields first, they are checked as they ' +
        'arrive. The type of each file is read from its bytes. Counts against the per-member ' +
        'upload rate limit (429) and storage quota (413). Files of a private post are served ' +
        'only through the signed URLs its author gets.',
      consumes: MULTIPART,
      response: answers({ 201: uploadResultSchema }, 400, 401, 413, 422, 429),
    }),
    async (request, reply) => {
      const result = await posts.upload(signedIn(request).user, uploadParts(request));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/media/upload/ipfs',
    route.member({
      summary: 'Store one file on IPFS without a post; answers its CID and gateway URL',
      consumes: MULTIPART,
      response: answers({ 201: ipfsUploadResultSchema }, 400, 401, 413, 429),
    }),
    async (request, reply) => {
      const file = await posts.storeSingleFile(signedIn(request).user, uploadParts(request));
      return reply.code(201).send(presentStoredFile(file));
    },
  );
};
