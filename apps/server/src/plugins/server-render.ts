import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keptEncoding } from './compress-json.js';
import { negotiateEncoding, varyOnEncoding } from './content-encoding.js';
import { INTERNAL_REQUEST_HEADERS } from './internal-request.js';

/**
 * The contract of the web app's server-rendering build (apps/web/src/entry-server.tsx, built to
 * apps/web/dist-ssr/ beside the client build): the server knows the module only through this.
 */
type ApiAnswer = { status: number; contentType: string; body: string };
/** 404 when what the address names does not exist for anyone. */
type RenderedPage = { html: string; status: number };
/** A rendered page as kept and sent: its HTML as bytes, encoded once. */
type KeptPage = { body: Buffer; status: number };
interface PageRenderer {
  languageFor(acceptLanguage: string | undefined): string;
  /**
   * What the page depends on, as an address (its path written one way and only the query
   * parameters its screen reads), or null when the address is left to the browser. A renderer
   * without it (a build made before it) has its pages rendered for each request, never kept:
   * what they depend on is unknown.
   */
  pageAddress?(url: string): string | null;
  render(
    url: string,
    fetchApi: (path: string) => Promise<ApiAnswer>,
    language: string,
  ): Promise<RenderedPage | null>;
}
type RendererModule = {
  createPageRenderer(options: {
    clientDir: string;
    onError?: (error: unknown) => void;
  }): PageRenderer;
};

const SSR_ENTRY = join('..', 'dist-ssr', 'entry-server.js');

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
// Until its kept copy is ready (compress-json.ts, keptEncoding), a page is compressed per request:
// a middle quality costs about a millisecond for its ~50 KiB.
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };

export type PageServer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

function isRendererModule(value: unknown): value is RendererModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RendererModule).createPageRenderer === 'function'
  );
}

/**
 * Loads the web app's server renderer that sits beside the client build in `clientDir`, or null
 * when it was not built (then every page is index.html, rendered in the browser).
 */
export async function loadPageServer(
  app: FastifyInstance,
  clientDir: string,
  log: FastifyBaseLogger,
): Promise<PageServer | null> {
  const entry = join(clientDir, SSR_ENTRY);
  if (!existsSync(entry)) {
    log.warn(`no server-rendering build at ${entry}: pages are rendered in the browser only`);
    return null;
  }
  const loaded: unknown = await import(pathToFileURL(entry).href);
  if (!isRendererModule(loaded)) {
    log.warn(`${entry} has no createPageRenderer: pages are rendered in the browser only`);
    return null;
  }
  const renderer = loaded.createPageRenderer({
    clientDir,
    onError: (error) =>
      log.warn({ err: error }, 'a page could not be rendered on the server; sent for the browser'),
  });

  // The page's data comes from the API in this process, as an anonymous visitor reads it (and
  // from the public caches that serve those answers).
  const fetchApi = async (path: string): Promise<ApiAnswer> => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json', ...INTERNAL_REQUEST_HEADERS },
    });
    return {
      status: answer.statusCode,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: answer.body,
    };
  };

  // A page is what anyone sees, like the answers it is made of: kept in the same public cache
  // (PUBLIC_CACHE_TTL_MS, dropped when the content version moves), so a burst of visitors costs
  // one render per page and language. Kept under what the page depends on (its page address and
  // the language), never the raw address: `?x=<nonce>`, `/Forum/` or an id written with
  // percent-escapes is the page already kept, so such a loop neither renders afresh nor pushes
  // kept pages out of the cache.
  const cache = app.services.publicCache;
  const render = async (
    url: string,
    language: string,
  ): Promise<{ page: KeptPage; hit: boolean } | null> => {
    const address = renderer.pageAddress ? renderer.pageAddress(url) : undefined;
    if (address === null) return null;
    const key = address === undefined ? null : `page ${language} ${address}`;
    const hit = key === null ? undefined : cache.get(key);
    if (hit) return { page: hit.value as KeptPage, hit: true };
    const version = cache.version();
    const rendered = await renderer.render(address ?? url, fetchApi, language);
    if (!rendered) return null;
    const page: KeptPage = { body: Buffer.from(rendered.html), status: rendered.status };
    // Only a page that exists is kept: a loop over invented post ids renders each one (as its API
    // read is made each time) but never pushes a kept page out.
    if (key !== null && page.status === 200) cache.set(key, page, version, page.body.length);
    return { page, hit: false };
  };

  return async (request, reply) => {
    let rendered: { page: KeptPage; hit: boolean } | null;
    try {
      rendered = await render(
        request.url,
        renderer.languageFor(request.headers['accept-language']),
      );
    } catch (error) {
      // The renderer reports its own failures; this is one it let through. The page still works.
      log.warn({ err: error }, 'the server renderer failed; the page is sent for the browser');
      return false;
    }
    if (!rendered) return false;
    const { page } = rendered;
    // A page read again is sent as the copy compressed once for every reader; until that copy is
    // ready, compressed for this request.
    const kept = keptEncoding(request, page, page.body);
    const encoding = kept?.encoding ?? negotiateEncoding(request.headers['accept-encoding']);
    const body =
      kept?.bytes ??
      (encoding === 'br'
        ? await compressBrotli(page.body, BROTLI_OPTIONS)
        : encoding === 'gzip'
          ? await compressGzip(page.body, GZIP_OPTIONS)
          : page.body);
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      // The page shows the data of this moment: always asked again, like index.html.
      .header('cache-control', 'no-cache')
      // ...in the reader's language (the web app's lib/i18n.ts picks it from Accept-Language).
      .header('vary', `${varyOnEncoding(reply.getHeader('vary'))}, Accept-Language`)
      // As the public cache of API answers says it (plugins/public-cache.ts): kept or made now.
      .header('x-cache', rendered.hit ? 'hit' : 'miss');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(body);
    return true;
  };
}
