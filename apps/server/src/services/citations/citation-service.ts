import { postWebPath, type CitationFormat } from '@symposia/shared';
import { orcidRecordUrl } from '../../domain/orcid.js';
import type { Viewer } from '../../domain/post.js';
import type { UserRepository } from '../../repositories/index.js';
import type { PostService } from '../posts/post-service.js';
import type * as CitationFormats from './citation-formats.js';

export type CitationService = ReturnType<typeof createCitationService>;

// citation-js takes about 0.1 s to load: paid by the first citation, not by every start-up of a
// server or worker process.
let formats: Promise<typeof CitationFormats> | undefined;
const loadFormats = () => (formats ??= import('./citation-formats.js'));

/**
 * Citations of posts (GET /media/{id}/cite). Whoever may read a post may cite it: the post is read
 * through the post service, so a post the viewer may not see is a NotFoundError here exactly as
 * on its detail, and the citation never says more than the detail does.
 */
export function createCitationService(deps: {
  posts: Pick<PostService, 'get'>;
  users: Pick<UserRepository, 'findById'>;
  /** Where ORCID iDs' public records are (OIDC_ISSUER). */
  orcidRecordBase: string;
}) {
  return {
    /**
     * The post's citation in `format`. `siteOrigin` is the web app's origin as the caller reached
     * it (`https://example.org`); the citation's URL is the post's page there.
     */
    async cite(
      id: string,
      viewer: Viewer,
      format: CitationFormat,
      siteOrigin: string,
    ): Promise<string> {
      const post = await deps.posts.get(id, viewer);
      // The nickname is public wherever the author shows (the author info answer carries it).
      const author = await deps.users.findById(post.author.id);
      const { formatCitation } = await loadFormats();
      return formatCitation(
        {
          id: post.id,
          title: post.title,
          author: author?.nickname.trim() || post.author.name,
          // Issue 30: the author's linked iD, as public as their name.
          authorOrcid: author?.orcid ? orcidRecordUrl(author.orcid, deps.orcidRecordBase) : null,
          publishedAt: post.createdAt,
          url: new URL(postWebPath(post.id), siteOrigin).href,
          doi: post.doi,
          files: post.files.map((file) => ({ cid: file.cid, name: file.name })),
        },
        format,
      );
    },
  };
}
