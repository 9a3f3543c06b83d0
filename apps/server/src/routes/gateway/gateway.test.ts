import { createCipheriv } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CarReader } from '@ipld/car';
import * as dagPb from '@ipld/dag-pb';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UnixFS } from 'ipfs-unixfs';
import { exporter } from 'ipfs-unixfs-exporter';
import { base16 } from 'multiformats/bases/base16';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STORE_DIR, contentStorePlugin } from '../../plugins/content-store.js';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { securityHeadersPlugin } from '../../plugins/security-headers.js';
import { swaggerPlugin } from '../../plugins/swagger.js';
import { DurableFsBlockstore } from '../../storage/fs-blockstore.js';
import {
  GATEWAY_CSP,
  GATEWAY_DETAILS,
  IMMUTABLE_CACHE,
  contentDisposition,
  gatewayRoutes,
  type FileDescription,
} from './index.js';

const CHUNK_SIZE = 262_144;
const CAR_TYPE = 'application/vnd.ipld.car; version=1; order=dfs; dups=n';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Deterministic pseudo-random bytes (an AES-CTR keystream), the same on every machine. */
function pseudoRandomBytes(size: number, seed: number): Uint8Array {
  const cipher = createCipheriv('aes-256-ctr', Buffer.alloc(32, seed), Buffer.alloc(16));
  return new Uint8Array(cipher.update(Buffer.alloc(size)));
}

function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.byteLength).toBe(expected.byteLength);
  expect(Buffer.compare(actual, expected), 'bytes differ').toBe(0);
}

async function expectBlockMatchesCid(cid: CID, bytes: Uint8Array): Promise<void> {
  expect(cid.multihash.code).toBe(sha256.code);
  const digest = await sha256.digest(bytes);
  expect(Buffer.from(digest.digest).equals(Buffer.from(cid.multihash.digest))).toBe(true);
}

// --- Fixtures ----------------------------------------------------------------------------------

const TEXT = new TextEncoder().encode('Hello, gateway!\n');
// Over 1 MB and not a multiple of the chunk size: five leaves, the last one short.
const BIG = pseudoRandomBytes(1_200_000, 7);
const PNG = new Uint8Array([
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...pseudoRandomBytes(200, 3),
]);
const ODD = new TextEncoder().encode('a file with an awkward name\n');
const ODD_NAME = '..\\secret/Résumé "final"\u0000\r\n(v2)*.pdf';
const EMPTY = new Uint8Array(0);
// A valid CID whose content is nowhere.
const ABSENT = CID.create(1, raw.code, await sha256.digest(new TextEncoder().encode('absent')));

let dataDir: string;
let app: FastifyInstance;
const descriptions = new Map<string, FileDescription>();
const describedCids: string[] = [];
const payloadIsStream: boolean[] = [];
const cids = { text: '', big: '', png: '', odd: '', empty: '', directory: '', foreign: '' };

async function buildGatewayApp(directory: string): Promise<FastifyInstance> {
  const gateway = Fastify({ logger: false });
  gateway.setValidatorCompiler(validatorCompiler);
  gateway.setSerializerCompiler(serializerCompiler);
  await gateway.register(errorHandlerPlugin);
  // The app's global security headers are on, to prove the gateway's CSP is the one that wins.
  await gateway.register(securityHeadersPlugin);
  await gateway.register(contentStorePlugin, { dataDir: directory, durable: false });
  gateway.addHook('onSend', async (_request, _reply, payload) => {
    payloadIsStream.push(payload instanceof Readable);
  });
  await gateway.register(gatewayRoutes, {
    // Every stored CID is served here; who may see what is tested with the app (access.test.ts).
    lookup: async (cid) => {
      describedCids.push(cid);
      return { description: descriptions.get(cid) ?? null };
    },
  });
  return gateway;
}

async function importFile(bytes: Uint8Array, description: FileDescription | null) {
  const { cid } = await app.contentStore.importFile([bytes]);
  if (description) descriptions.set(cid, description);
  return cid;
}

/** A UnixFS directory block, which the importer never makes: put straight into the blockstore. */
async function storeDirectoryBlock(): Promise<string> {
  const bytes = dagPb.encode({
    Data: new UnixFS({ type: 'directory' }).marshal(),
    Links: [],
  });
  const cid = CID.create(1, dagPb.code, await sha256.digest(bytes));
  const blocks = new DurableFsBlockstore(join(dataDir, CONTENT_STORE_DIR), { durable: false });
  await blocks.open();
  await blocks.put(cid, bytes);
  await blocks.close();
  return cid.toString();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  app = await buildGatewayApp(dataDir);
  await app.ready();
  cids.text = await importFile(TEXT, {
    contentType: 'text/plain; charset=utf-8',
    name: 'notes.txt',
  });
  cids.big = await importFile(BIG, { contentType: 'application/pdf', name: 'paper.pdf' });
  cids.png = await importFile(PNG, { contentType: 'image/png', name: 'figure.png' });
  cids.odd = await importFile(ODD, { contentType: 'application/pdf', name: ODD_NAME });
  cids.empty = await importFile(EMPTY, { contentType: 'text/plain', name: 'empty.txt' });
  cids.directory = await storeDirectoryBlock();
  // The text's block under the dag-cbor codec: the bytes exist, but not as UnixFS.
  cids.foreign = CID.create(1, 0x71, CID.parse(cids.text).multihash).toString();
});

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function get(
  cid: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url: `/ipfs/${cid}`, headers });
}

function expectSandboxHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toBe(GATEWAY_CSP);
  expect(response.headers.vary).toBe('Accept');
}

function expectImmutable(response: LightMyRequestResponse): void {
  expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
}

// --- Tests ---------------------------------------------------------------------------------------

describe('content-store plugin', () => {
  it('keeps the blocks under $DATA_DIR/ipfs', async () => {
    expect(app.contentStore.directory).toBe(join(dataDir, 'ipfs'));
    expect((await stat(join(dataDir, 'ipfs'))).isDirectory()).toBe(true);
  });

  it('refuses to mount the gateway without a content store', async () => {
    const bare = Fastify({ logger: false });
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    await expect(
      bare.register(gatewayRoutes, { lookup: async () => null }).ready(),
    ).rejects.toThrow(/content-store plugin/);
    await bare.close();
  });
});

describe('GET /ipfs/:cid', () => {
  it('serves a file with its recorded type, a validator and the immutable, sandboxed headers', async () => {
    const response = await get(cids.text);
    expect(response.statusCode).toBe(200);
    expectSameBytes(response.rawPayload, TEXT);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(TEXT.byteLength));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toBe(`"${cids.text}"`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="notes.txt"');
    expectImmutable(response);
    expectSandboxHeaders(response);
  });

  it('streams a multi-block file rather than buffering it, and returns every byte', async () => {
    payloadIsStream.length = 0;
    const response = await get(cids.big);
    expect(response.statusCode).toBe(200);
    expect(payloadIsStream).toEqual([true]);
    expect(response.headers['content-length']).toBe(String(BIG.byteLength));
    expectSameBytes(response.rawPayload, BIG);
  });

  it('serves an empty file', async () => {
    const response = await get(cids.empty);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('0');
    expect(response.rawPayload.byteLength).toBe(0);
  });

  it('accepts any multibase form of a CID and looks it up in its canonical form', async () => {
    const base16Form = CID.parse(cids.png).toString(base16.encoder);
    describedCids.length = 0;
    const response = await get(base16Form);
    expect(response.statusCode).toBe(200);
    expectSameBytes(response.rawPayload, PNG);
    expect(response.headers.etag).toBe(`"${cids.png}"`);
    expect(describedCids).toEqual([cids.png]);
  });

  it('serves a file the database does not describe as octet-stream named by its CID', async () => {
    const cid = await importFile(new TextEncoder().encode('undescribed'), null);
    const response = await get(cid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${cid}"`);
  });

  it('falls back to octet-stream when the recorded type could not be a header', async () => {
    const cid = await importFile(new TextEncoder().encode('bad type'), {
      contentType: 'text/html\r\nSet-Cookie: x=1',
      name: 'page.html',
    });
    const response = await get(cid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('byte ranges', () => {
  const size = BIG.byteLength;
  const cases: { header: string; start: number; end: number }[] = [
    { header: 'bytes=0-9', start: 0, end: 9 },
    // Across the first leaf boundary.
    {
      header: `bytes=${CHUNK_SIZE - 100}-${CHUNK_SIZE + 99}`,
      start: CHUNK_SIZE - 100,
      end: CHUNK_SIZE + 99,
    },
    { header: 'bytes=1000000-', start: 1_000_000, end: size - 1 },
    { header: 'bytes=-500', start: size - 500, end: size - 1 },
    // An end past the file is cut at its last byte; a suffix longer than the file takes it all.
    { header: 'bytes=5-99999999', start: 5, end: size - 1 },
    { header: 'bytes=-99999999', start: 0, end: size - 1 },
    { header: `bytes=${size - 1}-${size - 1}`, start: size - 1, end: size - 1 },
  ];

  it.each(cases)(
    'answers $header with 206 and exactly those bytes',
    async ({ header, start, end }) => {
      const response = await get(cids.big, { range: header });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers.etag).toBe(`"${cids.big}"`);
      expectSameBytes(response.rawPayload, BIG.subarray(start, end + 1));
    },
  );

  it.each([`bytes=${size}-`, 'bytes=99999999-', 'bytes=-0', `bytes=${size}-${size + 10}`])(
    'answers the unsatisfiable %s with 416 and the size',
    async (header) => {
      const response = await get(cids.big, { range: header });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toEqual({ detail: GATEWAY_DETAILS.rangeNotSatisfiable(size) });
      expectSandboxHeaders(response);
    },
  );

  it('finds no satisfiable range in an empty file', async () => {
    const response = await get(cids.empty, { range: 'bytes=0-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */0');
  });

  it.each(['bytes=0-1,5-9', 'bytes=abc', 'items=0-9', 'bytes=9-5', 'bytes=-'])(
    'answers %s with the whole file',
    async (header) => {
      const response = await get(cids.text, { range: header });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBeUndefined();
      expectSameBytes(response.rawPayload, TEXT);
    },
  );

  it('honours If-Range only when it names the current ETag', async () => {
    const matching = await get(cids.text, { range: 'bytes=0-4', 'if-range': `"${cids.text}"` });
    expect(matching.statusCode).toBe(206);
    expect(matching.body).toBe('Hello');
    const stale = await get(cids.text, { range: 'bytes=0-4', 'if-range': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expectSameBytes(stale.rawPayload, TEXT);
  });
});

describe('HEAD and conditional requests', () => {
  it('answers HEAD with the headers, Content-Length and no body', async () => {
    payloadIsStream.length = 0;
    const response = await get(cids.big, {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(BIG.byteLength));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers.etag).toBe(`"${cids.big}"`);
    expect(response.rawPayload.byteLength).toBe(0);
    // Nothing was read to answer it.
    expect(payloadIsStream).toEqual([false]);
  });

  it('answers a ranged HEAD with the range length', async () => {
    const response = await get(cids.big, { range: 'bytes=10-19' }, 'HEAD');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['content-range']).toBe(`bytes 10-19/${BIG.byteLength}`);
    expect(response.rawPayload.byteLength).toBe(0);
  });

  it.each([
    (cid: string) => `"${cid}"`,
    (cid: string) => `W/"${cid}"`,
    (cid: string) => `"other", "${cid}"`,
    () => '*',
  ])('answers a matching If-None-Match with 304 and no body (%#)', async (tag) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get(cids.text, { 'if-none-match': tag(cids.text) }, method);
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.byteLength).toBe(0);
      expect(response.headers.etag).toBe(`"${cids.text}"`);
      expectImmutable(response);
    }
  });

  it('serves the file when If-None-Match names another version', async () => {
    const response = await get(cids.text, { 'if-none-match': '"bafyother"' });
    expect(response.statusCode).toBe(200);
    expectSameBytes(response.rawPayload, TEXT);
  });

  it('checks If-None-Match before Range', async () => {
    const response = await get(cids.text, {
      'if-none-match': `"${cids.text}"`,
      range: 'bytes=0-1',
    });
    expect(response.statusCode).toBe(304);
  });
});

describe('errors', () => {
  it.each(['not-a-cid', 'bafy!!', 'Qm123', 'zzzz'])(
    'answers the malformed CID %s with 400',
    async (text) => {
      const response = await get(text);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: GATEWAY_DETAILS.invalidCid });
      expectSandboxHeaders(response);
    },
  );

  it.each(['', '?format=raw', '?format=car'])(
    'answers an unknown CID with 404 (%s)',
    async (query) => {
      const response = await app.inject({ method: 'GET', url: `/ipfs/${ABSENT}${query}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: GATEWAY_DETAILS.notFound(ABSENT.toString()) });
      expect(response.headers['cache-control']).toBeUndefined();
    },
  );

  it('answers a HEAD for an unknown CID with 404', async () => {
    expect((await get(ABSENT.toString(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it.each(['directory', 'foreign'] as const)(
    'answers a %s CID with 422 and a way out',
    async (kind) => {
      const response = await get(cids[kind]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail: GATEWAY_DETAILS.notAFile(cids[kind]) });
    },
  );

  it('still serves a directory block through ?format=raw', async () => {
    const response = await app.inject({ method: 'GET', url: `/ipfs/${cids.directory}?format=raw` });
    expect(response.statusCode).toBe(200);
    await expectBlockMatchesCid(CID.parse(cids.directory), response.rawPayload);
  });

  it('names the field of an unknown format', async () => {
    const response = await app.inject({ method: 'GET', url: `/ipfs/${cids.text}?format=tar` });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('format');
  });
});

describe('inline or attachment', () => {
  it.each([
    ['image/png', 'inline'],
    ['image/jpeg', 'inline'],
    ['video/mp4', 'inline'],
    ['audio/mpeg', 'inline'],
    ['IMAGE/WEBP', 'inline'],
    ['image/svg+xml', 'attachment'],
    ['image/svg+xml; charset=utf-8', 'attachment'],
    ['text/html', 'attachment'],
    ['application/pdf', 'attachment'],
    ['application/xhtml+xml', 'attachment'],
    ['text/plain', 'attachment'],
  ])('serves %s %s, sandboxed either way', async (contentType, disposition) => {
    descriptions.set(cids.png, { contentType, name: 'figure.png' });
    try {
      const response = await get(cids.png);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['content-disposition']).toBe(`${disposition}; filename="figure.png"`);
      expectSandboxHeaders(response);
    } finally {
      descriptions.set(cids.png, { contentType: 'image/png', name: 'figure.png' });
    }
  });
});

describe('file names', () => {
  it('sends a sanitised ASCII name plus the exact UTF-8 name', async () => {
    const response = await get(cids.odd);
    const header = response.headers['content-disposition'];
    expect(typeof header).toBe('string');
    const value = String(header);
    expect(value).not.toMatch(/[\p{Cc}/\\]/u);
    const ascii = /; filename="([^"]*)"/.exec(value)?.[1];
    const utf8 = /; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(value)?.[1];
    expect(ascii).toBe('.._secret_R_sum_ final(v2)*.pdf');
    expect(utf8).toBeDefined();
    expect(decodeURIComponent(utf8!)).toBe('.._secret_Résumé final(v2)*.pdf');
    expect(value.startsWith('attachment; ')).toBe(true);
  });

  it('adds no filename* for a plain ASCII name, and one for a name with %', () => {
    expect(contentDisposition('inline', 'photo 1.png', 'cid')).toBe(
      'inline; filename="photo 1.png"',
    );
    expect(contentDisposition('attachment', '100%.txt', 'cid')).toBe(
      `attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`,
    );
  });

  it('falls back to the CID when nothing of the name is left', () => {
    expect(contentDisposition('attachment', '"\r\n"', 'bafyx')).toBe(
      'attachment; filename="bafyx"',
    );
  });

  it('drops characters that disguise an extension, and lone surrogates', () => {
    const header = contentDisposition('attachment', 'invoice\u202Efdp.exe\uD800', 'cid');
    expect(header).toBe(`attachment; filename="invoicefdp.exe"`);
  });
});

describe('trustless formats', () => {
  const rawRequests = [
    { headers: { accept: 'application/vnd.ipld.raw' }, query: '' },
    { headers: {}, query: '?format=raw' },
    { headers: { accept: 'application/vnd.ipld.car;q=0.5, application/vnd.ipld.raw' }, query: '' },
  ];

  it.each(rawRequests)(
    'answers one block, exactly as hashed ($query $headers.accept)',
    async ({ headers, query }) => {
      for (const cid of [cids.text, cids.big]) {
        const response = await app.inject({ method: 'GET', url: `/ipfs/${cid}${query}`, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/vnd.ipld.raw');
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${cid}.bin"`);
        expect(response.headers['content-length']).toBe(String(response.rawPayload.byteLength));
        expectImmutable(response);
        expectSandboxHeaders(response);
        await expectBlockMatchesCid(CID.parse(cid), response.rawPayload);
      }
      const single = await app.inject({
        method: 'GET',
        url: `/ipfs/${cids.text}${query}`,
        headers,
      });
      expectSameBytes(single.rawPayload, TEXT);
      const root = await app.inject({ method: 'GET', url: `/ipfs/${cids.big}${query}`, headers });
      expect(dagPb.decode(root.rawPayload).Links).toHaveLength(
        Math.ceil(BIG.byteLength / CHUNK_SIZE),
      );
    },
  );

  it('answers a HEAD for a block with its length and no body, and 304 when unchanged', async () => {
    const accept = { accept: 'application/vnd.ipld.raw' };
    const head = await get(cids.text, accept, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(TEXT.byteLength));
    expect(head.rawPayload.byteLength).toBe(0);
    const etag = String(head.headers.etag);
    expect(etag).not.toBe(`"${cids.text}"`);
    const again = await get(cids.text, { ...accept, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('serves the file itself to a browser Accept header', async () => {
    const response = await get(cids.text, { accept: BROWSER_ACCEPT });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expectSameBytes(response.rawPayload, TEXT);
  });

  it('lets Accept win over ?format=', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/ipfs/${cids.text}?format=car`,
      headers: { accept: 'application/vnd.ipld.raw' },
    });
    expect(response.headers['content-type']).toBe('application/vnd.ipld.raw');
  });

  it('exports the whole DAG as a CAR whose every block verifies and which rebuilds the file', async () => {
    payloadIsStream.length = 0;
    const response = await get(cids.big, { accept: 'application/vnd.ipld.car' });
    expect(response.statusCode).toBe(200);
    expect(payloadIsStream).toEqual([true]);
    expect(response.headers['content-type']).toBe(CAR_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${cids.big}.car"`);
    expectImmutable(response);
    expectSandboxHeaders(response);

    const reader = await CarReader.fromBytes(response.rawPayload);
    expect((await reader.getRoots()).map(String)).toEqual([cids.big]);
    const byCid = new Map<string, Uint8Array>();
    for await (const block of reader.blocks()) {
      await expectBlockMatchesCid(CID.asCID(block.cid)!, block.bytes);
      byCid.set(block.cid.toString(), block.bytes);
    }
    expect(byCid.size).toBe(Math.ceil(BIG.byteLength / CHUNK_SIZE) + 1);

    const carBlockstore = {
      async *get(wanted: CID) {
        const found = byCid.get(wanted.toString());
        if (found === undefined) throw new Error(`the CAR lacks ${wanted}`);
        yield found;
      },
    };
    const entry = await exporter(cids.big, carBlockstore);
    if (entry.type !== 'file') throw new Error(`expected a file, got ${entry.type}`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of entry.content()) chunks.push(chunk);
    expectSameBytes(Buffer.concat(chunks), BIG);
  });

  it('gives the same CAR for ?format=car', async () => {
    const byAccept = await get(cids.big, { accept: 'application/vnd.ipld.car' });
    const byQuery = await app.inject({ method: 'GET', url: `/ipfs/${cids.big}?format=car` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe(CAR_TYPE);
    expectSameBytes(byQuery.rawPayload, byAccept.rawPayload);
  });

  it('repeats blocks when the client asks for dups=y', async () => {
    const { cid } = await app.contentStore.importFile([new Uint8Array(CHUNK_SIZE * 3)]);
    const response = await get(cid, {
      accept: 'application/vnd.ipld.car; version=1; order=dfs; dups=y',
    });
    expect(response.headers['content-type']).toBe(
      'application/vnd.ipld.car; version=1; order=dfs; dups=y',
    );
    const reader = await CarReader.fromBytes(response.rawPayload);
    let count = 0;
    for await (const _block of reader.blocks()) count += 1;
    expect(count).toBe(4);
  });

  it('answers a HEAD for a CAR with headers only', async () => {
    const response = await get(cids.big, { accept: 'application/vnd.ipld.car' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(CAR_TYPE);
    expect(response.rawPayload.byteLength).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the gateway route without breaking the document', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'gateway-docs-'));
    const documented = Fastify({ logger: false });
    try {
      documented.setValidatorCompiler(validatorCompiler);
      documented.setSerializerCompiler(serializerCompiler);
      await documented.register(swaggerPlugin, { version: '0.0.0' });
      await documented.register(contentStorePlugin, { dataDir: directory, durable: false });
      await documented.register(gatewayRoutes, { lookup: async () => null });
      await documented.ready();
      const document = documented.swagger() as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(document.paths['/ipfs/{cid}'] ?? {})).toEqual(
        expect.arrayContaining(['get', 'head']),
      );
    } finally {
      await documented.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
