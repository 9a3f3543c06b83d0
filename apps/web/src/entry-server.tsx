/**
 * Server rendering of the pages people arrive on (app/ssr/pages.ts): the API server imports the
 * build of this module (`vite build --config vite.ssr.config.ts`, into dist-ssr/) and answers
 * those addresses with HTML that already shows the page, its data embedded for the browser to
 * hydrate from (main.tsx). It runs in Node only and never reaches the browser.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { APP_LOADER_SCRIPT, APP_MODULES_ELEMENT_ID, EARLY_INPUT_SCRIPT } from '@symposia/shared';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadScreen } from './app/router';
import { lazyPartsIn } from './app/ssr/lazy-parts';
import { findServerPage } from './app/ssr/pages';
import { serializeForScript, SSR_STATE_ELEMENT_ID } from './app/ssr/state';
import { documentTitle } from './lib/document-title';
import { acceptedLanguages, createI18n, loadLanguage, pickLanguage } from './lib/i18n';
import { createQueryClient } from './lib/react-query';

/** An API answer as the server produced it for a GET of `path` (e.g. `/api/v1/media/list?…`). */
export type ApiAnswer = { status: number; contentType: string; body: string };
export type ApiFetch = (path: string) => Promise<ApiAnswer>;

/**
 * A page's HTML and its HTTP status: 404 when what the address names does not exist for anyone
 * (the browser still takes the page over, and a member may yet see their own private post).
 */
export type RenderedPage = { html: string; status: number };

export interface PageRenderer {
  /** The interface language a reader with this Accept-Language header is sent. */
  languageFor(acceptLanguage: string | undefined): string;
  /**
   * What the page at `url` depends on, as an address: its path written one way and only the
   * query parameters its screen reads (app/ssr/pages.ts); null when the address is left to the
   * browser. Addresses with the same page address render the same HTML (render() renders the page
   * address), so the server keeps one copy under it.
   */
  pageAddress(url: string): string | null;
  /**
   * The HTML of the page at `url`'s page address in `language` (from languageFor), or null when
   * this address is left to the browser (or could not render).
   */
  render(url: string, fetchApi: ApiFetch, language?: string): Promise<RenderedPage | null>;
}

type RendererOptions = {
  /** The client build (dist/): index.html, the manifest and the CSS to inline. */
  clientDir: string;
  /** A page not rendered by then is left to the browser. */
  timeoutMs?: number;
  /** Told why a page was left to the browser after all. */
  onError?: (error: unknown) => void;
};

const DEFAULT_TIMEOUT_MS = 5000;

// The api client calls the global fetch with paths such as /api/v1/media/list. While a page
// renders, those go to the render's own ApiFetch (the server answering in-process, as anyone
// signed out); any other call, and any call outside a render, is the platform's fetch unchanged.
const apiFetchOfRender = new AsyncLocalStorage<ApiFetch>();
let fetchRouted = false;

/**
 * Reads a page's data with the global fetch routed to `fetchApi`. An enabled AsyncLocalStorage
 * has Node track the context of every promise in the process, not just this render's: after one
 * page was rendered, every later API answer of the server cost more (the anonymous post detail
 * 28 → 39 µs of CPU a request, its scavenges copying survivors instead of freeing them). So it is
 * enabled only while some page's data is read.
 */
let readsInFlight = 0;
async function readingThrough<T>(fetchApi: ApiFetch, read: () => Promise<T>): Promise<T> {
  readsInFlight += 1;
  try {
    return await apiFetchOfRender.run(fetchApi, read);
  } finally {
    readsInFlight -= 1;
    if (readsInFlight === 0) apiFetchOfRender.disable();
  }
}

function routeRelativeFetchesDuringRenders(): void {
  if (fetchRouted) return;
  fetchRouted = true;
  const platformFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const apiFetch = apiFetchOfRender.getStore();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!apiFetch || !url.startsWith('/')) return platformFetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method.toUpperCase() !== 'GET') {
      throw new Error(`A server render may only read: ${method} ${url}`);
    }
    const answer = await apiFetch(url);
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

function readManifest(clientDir: string): Manifest | null {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** A chunk and the chunks it imports statically, each once, the imported ones first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((next) => staticClosure(manifest, next, seen));
  return [...imported, chunk];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * `html` with its first match of `target` replaced by `insert` exactly as it is. Never a string
 * as replace()'s second argument: `$\``, `$'` and `$&` in it (a search, a post's text) would
 * each be expanded into a copy of the page (issue 26: a 15 KB address made a 58.6 MB page).
 */
const insertAt = (html: string, target: string | RegExp, insert: string) =>
  html.replace(target, () => insert);

/**
 * What the page needs besides its markup, worked out once per screen and set of lazily loaded parts
 * it shows (app/ssr/lazy-parts.ts) from the build manifest: its CSS inlined (the entry's, the
 * screen's and those parts': the page paints styled from the HTML alone, with no stylesheet request
 * in the way) and the screen's chunks preloaded beside the entry.
 */
function createHeadBuilder(clientDir: string, template: string) {
  const manifest = readManifest(clientDir);
  const entryKey = manifest
    ? Object.keys(manifest).find((key) => manifest[key]?.isEntry)
    : undefined;
  const cache = new Map<string, string>();
  const cssText = (file: string) =>
    readFileSync(join(clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');

  return (screen: string, lazyParts: string[]): string => {
    const key = [screen, ...lazyParts].join('\n');
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    let head = template;
    if (manifest && entryKey) {
      const entryChunks = staticClosure(manifest, entryKey);
      const seen = new Set([entryKey]);
      const screenChunks = staticClosure(manifest, screen, seen);
      // Lazily loaded parts bring their styles only (app/ssr/lazy-parts.ts).
      const partChunks = lazyParts.flatMap((part) => staticClosure(manifest, part, seen));
      const cssFiles = [
        ...new Set([...entryChunks, ...screenChunks, ...partChunks].flatMap((c) => c.css ?? [])),
      ];
      const entryJs = new Set(entryChunks.map((chunk) => chunk.file));
      const css = cssFiles.map(cssText).join('\n');
      const stylesheetLinks = new RegExp(
        `<link rel="stylesheet"[^>]*href="/(?:${cssFiles.map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})"[^>]*>\\s*`,
        'g',
      );
      const preloads = screenChunks
        .filter((chunk) => !entryJs.has(chunk.file))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)
        .join('');
      // The page paints from the HTML alone: its scripts (which hydrate it) wait in a template
      // until it has (packages/shared/src/app-loader-script.ts), then give way to the images it
      // shows.
      const entryModules: string[] = [];
      head = head
        .replace(stylesheetLinks, '')
        .replace(
          /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g,
          (tag) => {
            entryModules.push(tag.trim());
            return '';
          },
        );
      const modules = [...entryModules, preloads]
        .join('')
        .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
      // Each inlined file also named by a disabled link, which the browser neither fetches nor
      // applies: Vite's preload helper, as the app loads the screen's chunk, adds a stylesheet for
      // each CSS file of it that no such link names, and would load and apply all these rules a
      // second time (a restyle and relayout of the whole page while it hydrates).
      const inlined = cssFiles
        .map((file) => `<link rel="stylesheet" href="/${file}" disabled>`)
        .join('');
      head = insertAt(
        head,
        '</head>',
        `<style>${css}</style>${inlined}<template id="${APP_MODULES_ELEMENT_ID}">${modules}</template></head>`,
      );
    }
    // Clicks before hydration are kept for the app (packages/shared/src/early-input.ts), and the
    // app loads once the page has painted: the two inline scripts, which the
    // Content-Security-Policy allows by their hashes.
    head = insertAt(
      head,
      '</head>',
      `<script>${EARLY_INPUT_SCRIPT}</script><script>${APP_LOADER_SCRIPT}</script></head>`,
    );
    cache.set(key, head);
    return head;
  };
}

/**
 * The whole HTML of an element, once everything in it (lazy parts included) has rendered.
 *
 * React's edge build, not its Node one: the Node build runs each render inside an
 * AsyncLocalStorage of its own, which once enabled stays enabled and has Node track the context
 * of every promise in the process — after one page was rendered, every later API answer of the
 * server cost more (see readingThrough above). The edge build uses one only where the platform
 * offers a global AsyncLocalStorage, which Node does not.
 */
async function renderToHtml(element: ReactNode, timeoutMs: number): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Error(`server render took over ${timeoutMs} ms`)),
    timeoutMs,
  );
  let failure: unknown = null;
  try {
    const stream = await renderToReadableStream(element, {
      // Every boundary in place, in order: no boundary sent later and moved into place by an
      // inline script, which the Content-Security-Policy (script-src 'self') would refuse.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: abort.signal,
      onError(error) {
        failure ??= error;
      },
    });
    await stream.allReady;
    // A part that failed (or was cut off by the time limit) would be left for the browser to
    // render: leave the whole page.
    if (failure) {
      await stream.cancel();
      throw failure;
    }
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
}

function serverQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  // One try: a failed read leaves the screen to fetch in the browser, as without a server render.
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

export function createPageRenderer({
  clientDir,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  onError,
}: RendererOptions): PageRenderer {
  routeRelativeFetchesDuringRenders();
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const headFor = createHeadBuilder(clientDir, template);

  const languageFor = (acceptLanguage: string | undefined) =>
    pickLanguage(acceptedLanguages(acceptLanguage));

  const pageAddress = (url: string) => {
    const location = new URL(url, 'http://localhost');
    return findServerPage(location.pathname)?.address(location) ?? null;
  };

  return {
    languageFor,
    pageAddress,
    async render(url, fetchApi, requested) {
      // The page address, not `url`: the HTML depends on nothing else, as the server's kept copy
      // assumes.
      const address = pageAddress(url);
      if (address === null) return null;
      const location = new URL(address, 'http://localhost');
      const page = findServerPage(location.pathname);
      if (!page) return null;
      // The browser hydrates in the language of <html lang> and only then turns to its own choice.
      const language = pickLanguage(requested ? [requested] : []);
      try {
        const i18n = createI18n(language);
        await loadLanguage(i18n, language);
        const queryClient = serverQueryClient();
        await readingThrough(fetchApi, () =>
          Promise.all([preloadScreen(location.pathname), page.prefetch?.(queryClient, location)]),
        );
        const status = page.missing?.(queryClient) ? 404 : 200;
        // What failed is not embedded, so the browser starts from the same screen as here
        // (loading) and asks again itself.
        for (const query of queryClient.getQueryCache().findAll()) {
          if (query.state.status !== 'success') queryClient.getQueryCache().remove(query);
        }
        const markup = await renderToHtml(
          <AppProvider queryClient={queryClient} i18n={i18n}>
            <StaticRouter location={`${location.pathname}${location.search}`}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>,
          timeoutMs,
        );
        if (/<script\b/i.test(markup)) {
          throw new Error('the render holds an inline script, which the page may not run');
        }
        const state = serializeForScript(dehydrate(queryClient));
        const title = page.title?.(queryClient, i18n.getFixedT(language, 'routes'));
        let html = insertAt(
          headFor(
            page.screen,
            lazyPartsIn(markup).map((part) => part.module),
          ),
          /<html lang="[^"]*">/,
          `<html lang="${language}">`,
        );
        html = insertAt(
          html,
          '<div id="root"></div>',
          `<div id="root">${markup}</div><script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${state}</script>`,
        );
        if (title) {
          html = insertAt(
            html,
            /<title>[^<]*<\/title>/,
            `<title>${escapeHtml(documentTitle(title))}</title>`,
          );
        }
        return { html, status };
      } catch (error) {
        onError?.(error);
        return null;
      }
    },
  };
}
