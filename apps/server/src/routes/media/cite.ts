import {
  CITATION_CONTENT_TYPES,
  CITATION_FORMATS,
  citationQuerySchema,
  citationTextSchema,
  MESSAGES,
  postIdParamsSchema,
} from '@symposia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/auth.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

/**
 * The origin the caller reached the site at (behind a proxy, as TRUST_PROXY lets it say), which
 * is where the web app serves the post's page; null when the Host header is no host at all.
 */
function siteOrigin(request: FastifyRequest): string | null {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

// The 200 answer is text in the asked format; documented per content type.
const citationAnswerSchema = citationTextSchema.meta({
  description: 'The citation, UTF-8 text in the asked format',
  content: Object.fromEntries(
    CITATION_FORMATS.map((format) => [
      CITATION_CONTENT_TYPES[format].split(';')[0],
      { schema: { type: 'string' } },
    ]),
  ),
});

/** GET /media/{id}/cite: a post's citation as BibTeX, RIS or CSL-JSON. */
export const citeRoutes: FastifyPluginAsyncZod = async (app) => {
  const citations = app.services.citations;
  const route = routeOptions(app, 'media');

  app.get(
    '/media/:id/cite',
    route.anyone({
      summary: 'Cite a post: BibTeX, RIS or CSL-JSON, made with citation-js',
      description:
        'Answers the citation of a post the caller may see (a private post only to its ' +
        'author; anyone else gets 404, as for its detail). It names the title, the author ' +
        '(nickname, or username when none), the date (UTC), the post page on this site ' +
        '(`/forum/detail/{id}` at the origin the request reached) and, when the post has one, ' +
        'its DOI; each file is a note with its IPFS CID (`note` in BibTeX and CSL-JSON, one ' +
        '`N1` line per file in RIS). Content types: `bibtex` application/x-bibtex, `ris` ' +
        'application/x-research-info-systems, `csl` application/vnd.citationstyles.csl+json ' +
        '(a JSON array of one item), each with charset=utf-8. `format` defaults to bibtex; ' +
        'any other value is 422.',
      params: postIdParamsSchema,
      querystring: citationQuerySchema,
      response: answers({ 200: citationAnswerSchema }, 400, 404, 422),
    }),
    async (request, reply) => {
      const origin = siteOrigin(request);
      if (origin === null) return reply.code(400).send({ detail: MESSAGES.citationBadHost });
      const { format } = request.query;
      const text = await citations.cite(request.params.id, viewerOf(request), format, origin);
      return reply.type(CITATION_CONTENT_TYPES[format]).send(text);
    },
  );
};
