/**
 * The IPFS gateway: `GET|HEAD /ipfs/{cid}` serves a stored file, a byte range of it, its root
 * block (`application/vnd.ipld.raw`) or its whole DAG as a CAR (`application/vnd.ipld.car`), in
 * the manner of the IPFS path and trustless gateway specs (specs.ipfs.tech/http-gateways).
 *
 * Uploaded files are other people's bytes served from our origin, so every answer carries
 * nosniff and a sandboxing CSP, and only media a browser cannot execute is shown inline.
 *
 * Not every stored CID is served: `lookup` decides, before anything else is read, whether this
 * request may have it (a public file, or a signed URL's `token`), so in every format a private
 * file answers exactly like content that is not here. Only root CIDs the database records are
 * served; an inner block of a DAG comes only inside its root's CAR.
 */
import { Readable } from 'node:stream';
import { errorBodySchema, validationErrorBodySchema, type ErrorBody } from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CID } from 'multiformats/cid';
import { z } from 'zod';
import { identity } from 'multiformats/hashes/identity';
import {
  ContentNotFoundError,
  InvalidCidError,
  UnsupportedContentError,
  parseCid,
  type ContentStore,
} from '../../storage/index.js';

/** What the database knows about a stored file. */
export interface FileDescription {
  contentType: string;
  /** The name it was uploaded with; sanitised here before it reaches a header. */
  name: string;
}

/** Whether and how a CID is served to one request. */
export interface ServedContent {
  /** Null: served, but nothing is recorded about it (octet-stream, named by its CID). */
  description: FileDescription | null;
  /**
   * Set when the request may have it but the public may not (a signed URL): the answer is
   * private to the requester's browser, for at most this many seconds.
   */
  privateMaxAgeSeconds?: number;
}

export interface GatewayOptions {
  /**
   * Decides whether the CID (in its canonical text form) is served to a request carrying
   * `token` (the `?token=` of a signed URL), and describes it; null answers 404.
   */
  lookup: (cid: string, token: string | undefined) => Promise<ServedContent | null>;
}

/** Content behind a CID never changes: caches may keep it as long as they like (48 weeks). */
export const IMMUTABLE_CACHE = 'public, max-age=29030400, immutable';

/** The longest `?token=` looked at: a signed URL's token is 56 characters. */
const MAX_TOKEN_LENGTH = 256;

/**
 * No scripts, plugins, forms or frames, and a unique origin: an HTML or SVG upload opened
 * directly still cannot act on the site. Images and media may load so they render inline.
 */
export const GATEWAY_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export const RAW_CONTENT_TYPE = 'application/vnd.ipld.raw';
export const CAR_CONTENT_TYPE = 'application/vnd.ipld.car';
const OCTET_STREAM = 'application/octet-stream';

// Operator-facing wording, not spec messages: they stay here rather than in @symposia/shared.
export const GATEWAY_DETAILS = {
  invalidCid: 'The path does not hold a valid CID (CIDv0 "Qm…", or CIDv1 in any multibase)',
  notFound: (cid: string) => `No content with CID ${cid} is stored on this server`,
  notAFile: (cid: string) =>
    `${cid} is not a UnixFS file (a directory or another codec): ` +
    'fetch it with ?format=raw (one block) or ?format=car (the whole DAG)',
  rangeNotSatisfiable: (size: number) =>
    `The requested range lies outside the content, which is ${size} bytes long`,
} as const;

// Longest file name offered to the browser, in characters; file systems stop at about 255 bytes.
const MAX_FILE_NAME_LENGTH = 200;

const paramsSchema = z.object({
  cid: z.string().describe('The content identifier: CIDv0 (Qm…) or CIDv1 in any multibase'),
});

const querySchema = z.object({
  format: z
    .enum(['raw', 'car'])
    .optional()
    .describe('URL form of Accept: application/vnd.ipld.raw or application/vnd.ipld.car'),
  token: z
    .string()
    .max(MAX_TOKEN_LENGTH)
    .optional()
    .describe('The token of a signed URL: opens a private file to its owner until it expires'),
});

// Streams and blocks bypass the serializer; these schemas only document and type the replies.
const bytesSchema = z.unknown().describe('The file, a byte range of it, a block or a CAR');
const notModifiedSchema = z.unknown().describe('Not modified: no body');

type Format = { kind: 'file' } | { kind: 'raw' } | { kind: 'car'; dups: boolean };

interface Content {
  headers: HeaderMap;
  /** Undefined for HEAD. */
  body: Readable | Uint8Array | undefined;
}

// One variant per success status: TypeScript narrows `status === 200` only on single literals.
type Answer =
  | ({ status: 200 } & Content)
  | ({ status: 206 } & Content)
  | { status: 304; headers: HeaderMap }
  | { status: 400 | 404 | 416 | 422; headers: HeaderMap; body: ErrorBody };

type HeaderMap = Record<string, string | number>;

export const gatewayRoutes: FastifyPluginAsyncZod<GatewayOptions> = async (app, options) => {
  if (!app.hasDecorator('contentStore')) {
    throw new Error('gatewayRoutes needs the content-store plugin registered before it');
  }
  const store = app.contentStore;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/ipfs/:cid',
    schema: {
      summary: 'IPFS gateway: a stored file, a byte range, a raw block or a CAR',
      description:
        'Serves the file with the Content-Type it was uploaded with (Range supported). ' +
        `Accept: ${RAW_CONTENT_TYPE} (or ?format=raw) answers the root block as hashed; ` +
        `Accept: ${CAR_CONTENT_TYPE} (or ?format=car) the whole DAG as a CARv1 ` +
        '(order=dfs, dups=n unless dups=y is asked for).',
      tags: ['ipfs'],
      params: paramsSchema,
      querystring: querySchema,
      response: {
        200: bytesSchema,
        206: bytesSchema,
        304: notModifiedSchema,
        400: errorBodySchema,
        404: errorBodySchema,
        416: errorBodySchema,
        // Also the app's validation errors (an unknown ?format=), which name the field.
        422: z.union([validationErrorBodySchema, errorBodySchema]),
      },
    },
    handler: async (request, reply) => {
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', GATEWAY_CSP)
        .header('vary', 'Accept');
      const answer = await answerRequest(store, options, {
        cidText: request.params.cid,
        format: chooseFormat(request.headers.accept, request.query.format),
        token: request.query.token,
        head: request.method === 'HEAD',
        ifNoneMatch: request.headers['if-none-match'],
        ifRange: singleValue(request.headers['if-range']),
        range: request.headers.range,
      });
      reply.headers(answer.headers);
      if (answer.status === 304) return reply.code(304).send();
      if (answer.status === 200 || answer.status === 206) {
        return reply.code(answer.status).send(answer.body);
      }
      return reply.code(answer.status).send(answer.body);
    },
  });
};

interface GatewayRequest {
  cidText: string;
  format: Format;
  token: string | undefined;
  head: boolean;
  ifNoneMatch: string | undefined;
  ifRange: string | undefined;
  range: string | undefined;
}

/** The whole exchange, apart from HTTP plumbing: store failures become 4xx answers here. */
async function answerRequest(
  store: ContentStore,
  options: GatewayOptions,
  request: GatewayRequest,
): Promise<Answer> {
  let cid: CID;
  try {
    cid = parseCid(request.cidText);
  } catch (error) {
    if (error instanceof InvalidCidError) return failure(400, GATEWAY_DETAILS.invalidCid);
    throw error;
  }
  // Identity CIDs carry their bytes in the CID itself (the probe `bafkqaaa`): nothing to hide.
  const served = isIdentity(cid)
    ? { description: null }
    : await options.lookup(cid.toString(), request.token);
  if (served === null) return failure(404, GATEWAY_DETAILS.notFound(cid.toString()));
  const cacheControl =
    served.privateMaxAgeSeconds === undefined
      ? IMMUTABLE_CACHE
      : `private, max-age=${served.privateMaxAgeSeconds}`;
  try {
    switch (request.format.kind) {
      case 'raw':
        return await answerBlock(store, cid, cacheControl, request);
      case 'car':
        return await answerCar(store, cid, request.format.dups, cacheControl, request);
      case 'file':
        return await answerFile(store, served, cid, cacheControl, request);
    }
  } catch (error) {
    if (error instanceof ContentNotFoundError) {
      return failure(404, GATEWAY_DETAILS.notFound(cid.toString()));
    }
    if (error instanceof UnsupportedContentError) {
      return failure(422, GATEWAY_DETAILS.notAFile(cid.toString()));
    }
    throw error;
  }
}

function isIdentity(cid: CID): boolean {
  return cid.multihash.code === identity.code;
}

// Node joins repeated headers it knows; a list here means a client sent something odd.
function singleValue(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

function failure(status: 400 | 404 | 416 | 422, detail: string, headers: HeaderMap = {}): Answer {
  return { status, headers, body: { detail } };
}

// --- The three representations --------------------------------------------------------------

async function answerFile(
  store: ContentStore,
  served: ServedContent,
  cid: CID,
  cacheControl: string,
  request: GatewayRequest,
): Promise<Answer> {
  const stat = await store.stat(cid);
  if (stat === null) return failure(404, GATEWAY_DETAILS.notFound(cid.toString()));
  const etag = `"${stat.cid}"`;
  const cached = { etag, 'cache-control': cacheControl };
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return { status: 304, headers: cached };

  // If-Range: a client resuming a different version must get the whole file, not a splice.
  const range =
    request.ifRange === undefined || request.ifRange.trim() === etag
      ? parseRange(request.range, stat.size)
      : WHOLE;
  if (range.kind === 'unsatisfiable') {
    return failure(416, GATEWAY_DETAILS.rangeNotSatisfiable(stat.size), {
      'content-range': `bytes */${stat.size}`,
    });
  }

  const description = served.description ?? { contentType: OCTET_STREAM, name: stat.cid };
  const contentType = safeContentType(description.contentType);
  const headers: HeaderMap = {
    ...cached,
    'content-type': contentType,
    'content-disposition': contentDisposition(
      showsInline(contentType) ? 'inline' : 'attachment',
      description.name,
      stat.cid,
    ),
    'accept-ranges': 'bytes',
  };
  const { start, end } = range.kind === 'partial' ? range : { start: 0, end: stat.size - 1 };
  const length = end - start + 1;
  headers['content-length'] = length;
  if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
  const status = range.kind === 'partial' ? 206 : 200;
  if (request.head) return { status, headers, body: undefined };
  const body = await startStream(store.cat(cid, { offset: start, length }));
  return { status, headers, body };
}

/** The root block exactly as hashed, so the client can verify it against the CID itself. */
async function answerBlock(
  store: ContentStore,
  cid: CID,
  cacheControl: string,
  request: GatewayRequest,
): Promise<Answer> {
  const block = await store.getBlock(cid);
  if (block === null) return failure(404, GATEWAY_DETAILS.notFound(cid.toString()));
  const etag = `"${cid.toString()}.raw"`;
  const cached = { etag, 'cache-control': cacheControl };
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return { status: 304, headers: cached };
  const headers: HeaderMap = {
    ...cached,
    'content-type': RAW_CONTENT_TYPE,
    'content-disposition': `attachment; filename="${cid.toString()}.bin"`,
    'content-length': block.byteLength,
  };
  return { status: 200, headers, body: request.head ? undefined : block };
}

/** The whole DAG as a CARv1, streamed block by block: its length is not known up front. */
async function answerCar(
  store: ContentStore,
  cid: CID,
  dups: boolean,
  cacheControl: string,
  request: GatewayRequest,
): Promise<Answer> {
  const etag = `"${cid.toString()}.car${dups ? '.dups' : ''}"`;
  const cached = { etag, 'cache-control': cacheControl };
  // The root must exist before a 304 may claim the client's copy is current.
  if (!(await store.has(cid))) return failure(404, GATEWAY_DETAILS.notFound(cid.toString()));
  if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return { status: 304, headers: cached };
  const headers: HeaderMap = {
    ...cached,
    'content-type': `${CAR_CONTENT_TYPE}; version=1; order=dfs; dups=${dups ? 'y' : 'n'}`,
    'content-disposition': `attachment; filename="${cid.toString()}.car"`,
  };
  const car = store.exportCar(cid, { dups });
  if (request.head) {
    // Walking to the first block still proves the root can be exported, as a GET would.
    await car.next();
    await car.return(undefined);
    return { status: 200, headers, body: undefined };
  }
  return { status: 200, headers, body: await startStream(car) };
}

/**
 * Pulls the first chunk before anything is sent, so a missing root or a refused codec becomes
 * an ordinary error answer instead of a 200 cut off after its headers. The rest is pulled as
 * the client reads: a slow download holds a few blocks in memory, never the file.
 */
async function startStream(source: AsyncGenerator<Uint8Array>): Promise<Readable> {
  const first = await source.next();
  async function* resumed(): AsyncGenerator<Uint8Array> {
    try {
      if (first.done !== true) yield first.value;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  }
  return Readable.from(resumed(), { objectMode: false });
}

// --- Content negotiation -----------------------------------------------------------------------

/**
 * Accept wins over ?format= (as in the path gateway spec), but only a media type we serve
 * counts: a browser's `text/html,…,*∕*` must fall through to the file itself.
 */
export function chooseFormat(
  accept: string | undefined,
  format: 'raw' | 'car' | undefined,
): Format {
  const fromAccept = formatFromAccept(accept);
  if (fromAccept !== null) return fromAccept;
  if (format === 'raw') return { kind: 'raw' };
  if (format === 'car') return { kind: 'car', dups: false };
  return { kind: 'file' };
}

function formatFromAccept(accept: string | undefined): Format | null {
  if (accept === undefined) return null;
  const ranges = accept
    .split(',')
    .map(parseMediaRange)
    .filter((range) => range.q > 0)
    // Array.prototype.sort is stable: equal weights keep the client's order.
    .sort((a, b) => b.q - a.q);
  for (const { type, params } of ranges) {
    if (type === RAW_CONTENT_TYPE) return { kind: 'raw' };
    if (type === CAR_CONTENT_TYPE && (params.get('version') ?? '1') === '1') {
      return { kind: 'car', dups: params.get('dups') === 'y' };
    }
  }
  return null;
}

function parseMediaRange(text: string): { type: string; q: number; params: Map<string, string> } {
  const [type = '', ...rawParams] = text.split(';').map((part) => part.trim());
  const params = new Map<string, string>();
  for (const param of rawParams) {
    const [key = '', value = ''] = param.split('=', 2).map((part) => part.trim());
    params.set(key.toLowerCase(), value.replace(/^"(.*)"$/, '$1').toLowerCase());
  }
  const q = params.has('q') ? Number(params.get('q')) : 1;
  return { type: type.toLowerCase(), q: Number.isFinite(q) ? q : 0, params };
}

// --- Conditional and range requests -------------------------------------------------------------

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'unsatisfiable' }
  /** `start` and `end` are inclusive, as in Content-Range. */
  | { kind: 'partial'; start: number; end: number };

const WHOLE: ByteRange = { kind: 'whole' };
const UNSATISFIABLE: ByteRange = { kind: 'unsatisfiable' };

/**
 * Reads a Range header against a file of `size` bytes (RFC 9110 §14). A header we do not
 * understand, an invalid one and a multi-range request are all answered with the whole file,
 * which the RFC allows; only a valid single range that misses the file is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return WHOLE;
  const unit = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!unit) return WHOLE;
  const specs = (unit[1] ?? '')
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return WHOLE;
  const match = /^(\d*)-(\d*)$/.exec(specs[0] ?? '');
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '') return suffixRange(last, size);
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** `bytes=-n`: the last n bytes, or the whole file when it is shorter. */
function suffixRange(last: string, size: number): ByteRange {
  if (last === '') return WHOLE;
  const suffix = Number(last);
  if (suffix === 0 || size === 0) return UNSATISFIABLE;
  return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
}

// --- Content-Type and Content-Disposition -------------------------------------------------------

const MEDIA_TYPE_ESSENCE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The recorded type, or octet-stream when it could not be a valid header value. */
export function safeContentType(value: string): string {
  const trimmed = value.trim();
  const essence = mediaTypeEssence(trimmed);
  return MEDIA_TYPE_ESSENCE.test(essence) && PRINTABLE_ASCII.test(trimmed) ? trimmed : OCTET_STREAM;
}

function mediaTypeEssence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Images, video and audio render without running anything; SVG is an image that can script. */
export function showsInline(contentType: string): boolean {
  const essence = mediaTypeEssence(contentType);
  return /^(image|video|audio)\//.test(essence) && essence !== 'image/svg+xml';
}

/**
 * A Content-Disposition naming the file: an ASCII `filename` every browser reads, plus an
 * RFC 5987 `filename*` carrying the exact UTF-8 name when the two differ (RFC 6266 §4.3).
 */
export function contentDisposition(
  type: 'inline' | 'attachment',
  name: string,
  fallback: string,
): string {
  const clean = sanitizeFileName(name) || fallback;
  // `%` too: some browsers percent-decode the plain filename parameter.
  const ascii = clean.replace(/[^\x20-\x7e]/gu, '_').replace(/%/g, '_');
  const header = `${type}; filename="${ascii}"`;
  return ascii === clean ? header : `${header}; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

/**
 * A name that cannot smuggle anything into the header or out of the download folder: no
 * control or invisible formatting characters (CR/LF, NUL, bidi overrides that disguise an
 * extension, lone surrogates), no path separators, no double quotes.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/\p{C}/gu, '')
    .replace(/[/\\]/g, '_')
    .replace(/"/g, '')
    .trim();
  return Array.from(cleaned).slice(0, MAX_FILE_NAME_LENGTH).join('');
}

/** RFC 5987 value-chars: encodeURIComponent leaves `'()*` bare, which attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
