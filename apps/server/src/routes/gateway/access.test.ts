import * as dagPb from '@ipld/dag-pb';
import type { PostDetail, PostListItem } from '@symposia/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CID } from 'multiformats/cid';
import { expect, it } from 'vitest';
import { pseudoRandomBytes } from '../../../test/block-files.js';
import {
  describeEachDatabase,
  multipart,
  PNG_1X1,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
} from '../../../test/helpers.js';
import { CAR_CONTENT_TYPE, GATEWAY_DETAILS, IMMUTABLE_CACHE, RAW_CONTENT_TYPE } from './index.js';

const TTL = 600;
const MiB = 1024 * 1024;
const SIGNED = /^\/ipfs\/([a-z0-9]+)\?token=(\d+)\.([A-Za-z0-9_-]{43})$/;

/** Every way to ask the gateway for a CID: the file, a range, HEAD, the raw block, the CAR. */
const FORMATS: { name: string; method: 'GET' | 'HEAD'; query: string; headers: object }[] = [
  { name: 'file', method: 'GET', query: '', headers: {} },
  { name: 'HEAD', method: 'HEAD', query: '', headers: {} },
  { name: 'range', method: 'GET', query: '', headers: { range: 'bytes=0-9' } },
  { name: '?format=raw', method: 'GET', query: 'format=raw', headers: {} },
  { name: '?format=car', method: 'GET', query: 'format=car', headers: {} },
  { name: 'Accept raw', method: 'GET', query: '', headers: { accept: RAW_CONTENT_TYPE } },
  { name: 'Accept car', method: 'GET', query: '', headers: { accept: CAR_CONTENT_TYPE } },
];

function fetchUrl(
  app: FastifyInstance,
  url: string,
  format: (typeof FORMATS)[number],
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const joined = format.query ? `${url}${url.includes('?') ? '&' : '?'}${format.query}` : url;
  return app.inject({
    method: format.method,
    url: joined,
    headers: { ...(format.headers as Record<string, string>), ...headers },
  });
}

function expectHidden(response: LightMyRequestResponse, cid: string, what: string): void {
  expect(response.statusCode, what).toBe(404);
  if (response.body) {
    expect(response.json(), what).toEqual(errorBody(GATEWAY_DETAILS.notFound(cid)));
  }
  expect(response.headers['cache-control'], what).toBeUndefined();
}

function expectServed(response: LightMyRequestResponse, what: string): void {
  expect([200, 206], what).toContain(response.statusCode);
}

async function detail(app: FastifyInstance, id: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostDetail>();
}

/**
 * What processing records for an image: a detail thumbnail, stored and described (the rows the
 * worker writes, written here so the test needs no worker).
 */
async function addThumbnail(testApp: TestApp, sourceCid: string, seed: number): Promise<string> {
  const { app } = testApp;
  const bytes = pseudoRandomBytes(2000, seed);
  const { cid, size } = await app.contentStore.importFile([bytes]);
  await app.db
    .insertInto('files')
    .values({
      cid,
      size,
      content_type: 'image/webp',
      media_type: 'image',
      name: 'figure-detail.webp',
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  await app.db
    .insertInto('file_derivatives')
    .values({
      source_cid: sourceCid,
      variant: 'detail',
      cid,
      width: 1,
      height: 1,
      duration_seconds: null,
    })
    .execute();
  // As the worker does: cached reads of the post show the new thumbnail.
  testApp.app.services.contentVersion.bump();
  return cid;
}

/** A member with a private post (an image with a thumbnail, and a 1 MiB document). */
async function privatePostSetup(db: { buildApp: (o?: object) => Promise<TestApp> }) {
  const testApp = await db.buildApp({ env: { SIGNED_URL_TTL_SECONDS: String(TTL) } });
  const { app } = testApp;
  const ada = await signedInUser(app);
  const bob = await signedInUser(app);
  const document = pseudoRandomBytes(MiB, 1);
  const postId = await uploadPost(app, ada.headers, { visibility: 'private', title: 'Secret' }, [
    { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
    { name: 'data.bin', content: document },
  ]);
  const plain = await detail(app, postId, ada.headers);
  const [image, doc] = plain.files as [PostDetail['files'][0], PostDetail['files'][0]];
  const thumbnail = await addThumbnail(testApp, image.cid, 2);
  return { testApp, app, ada, bob, postId, image, doc, document, thumbnail };
}

describeEachDatabase('the gateway serves private files to no one but their owner', (db) => {
  it("answers 404 for a private post's files and thumbnails, in every format, to anyone without a signed URL", async () => {
    const { app, ada, bob, image, doc, thumbnail } = await privatePostSetup(db);
    for (const cid of [image.cid, doc.cid, thumbnail]) {
      for (const format of FORMATS) {
        for (const [who, headers] of [
          ['anonymous', {}],
          ['another member', bob.headers],
          // The owner too: a bearer token is no key to the gateway, only a signed URL is.
          ['the owner without a signed URL', ada.headers],
        ] as const) {
          const response = await fetchUrl(app, `/ipfs/${cid}`, format, headers);
          expectHidden(response, cid, `${cid} ${format.name} ${who}`);
        }
      }
    }
  });

  it('gives the author signed URLs that open exactly those files, in every format, until they expire', async () => {
    const { testApp, app, ada, postId, image, doc, document, thumbnail } =
      await privatePostSetup(db);
    const signed = await detail(app, postId, ada.headers);
    const [signedImage, signedDoc] = signed.files as [
      PostDetail['files'][0],
      PostDetail['files'][0],
    ];
    for (const url of [
      signedImage.url,
      signedDoc.url,
      signedImage.thumbnail ?? '',
      ...signed['media list'],
    ]) {
      expect(url).toMatch(SIGNED);
      expect(url).not.toContain(ada.headers.authorization.slice('Bearer '.length));
    }
    expect(SIGNED.exec(signedImage.thumbnail ?? '')?.[1]).toBe(thumbnail);
    expect(SIGNED.exec(signedDoc.url)?.[1]).toBe(doc.cid);

    for (const url of [signedImage.url, signedDoc.url, signedImage.thumbnail ?? '']) {
      for (const format of FORMATS) {
        const response = await fetchUrl(app, url, format);
        expectServed(response, `${url} ${format.name}`);
        expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
        const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))![1]);
        expect(maxAge).toBeGreaterThan(0);
        expect(maxAge).toBeLessThanOrEqual(TTL);
      }
    }
    const whole = await app.inject({ method: 'GET', url: signedDoc.url });
    expect(whole.rawPayload.equals(document)).toBe(true);
    const range = await app.inject({
      method: 'GET',
      url: signedDoc.url,
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(document.subarray(100, 200))).toBe(true);

    // The member's own list carries signed URLs for the private post (files, card, poster).
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/media/list?include_hidden=true',
      headers: ada.headers,
    });
    const item = own.json<PostListItem[]>().find((entry) => entry.id === postId);
    expect(item?.file_paths).toHaveLength(2);
    for (const url of [...(item?.file_paths ?? []), item?.media ?? '']) expect(url).toMatch(SIGNED);
    expect((await fetchUrl(app, item!.file_paths[1]!, FORMATS[0]!)).statusCode).toBe(200);

    testApp.clock.advance(TTL + 1);
    for (const url of [signedImage.url, signedDoc.url, signedImage.thumbnail ?? '']) {
      const cid = SIGNED.exec(url)![1]!;
      for (const format of FORMATS) expectHidden(await fetchUrl(app, url, format), cid, url);
    }
    void image;
  });

  it('opens with a token nothing but the CID it was made for', async () => {
    const { app, ada, postId, doc, thumbnail } = await privatePostSetup(db);
    const signed = await detail(app, postId, ada.headers);
    const [, token] = (signed.files[0]?.url ?? '').split('?token=') as [string, string];
    for (const cid of [doc.cid, thumbnail]) {
      expectHidden(
        await app.inject({ method: 'GET', url: `/ipfs/${cid}?token=${token}` }),
        cid,
        'token of another CID',
      );
    }
    const [expiry, mac] = token.split('.') as [string, string];
    const image = signed.files[0]!.cid;
    for (const forged of [
      `${Number(expiry) + 3600}.${mac}`,
      `${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${expiry}.${mac.slice(0, 20)}`,
      // The same MAC bytes spelled differently: the last character's two spare bits changed.
      `${expiry}.${mac.slice(0, -1)}${spareBitsFlipped(mac.at(-1) ?? 'A')}`,
      'not-a-token',
    ]) {
      expectHidden(
        await app.inject({ method: 'GET', url: `/ipfs/${image}?token=${forged}` }),
        image,
        forged,
      );
    }
    // Another member never gets the post, so never its URLs.
    const bob = await signedInUser(app);
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/v1/media/${postId}`,
      headers: bob.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it("serves to anyone a public post's files and thumbnails, avatars and /media/upload/ipfs files", async () => {
    const testApp = await db.buildApp();
    const { app } = testApp;
    const ada = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { title: 'Open' });
    const file = (await detail(app, postId)).files[0]!;
    const thumbnail = await addThumbnail(testApp, file.cid, 3);
    expect((await detail(app, postId)).files[0]?.thumbnail).toBe(`/ipfs/${thumbnail}`);

    const avatarBody = multipart({ user_id: ada.user.id }, [
      { field: 'new_avatar', name: 'me.png', content: PNG_1X1, type: 'image/png' },
    ]);
    const avatar = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_avatar',
      headers: { ...ada.headers, ...avatarBody.headers },
      payload: avatarBody.payload,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const singleBody = multipart({}, [
      { field: 'file', name: 'notes.bin', content: pseudoRandomBytes(3000, 4) },
    ]);
    const single = await app.inject({
      method: 'POST',
      url: '/api/v1/media/upload/ipfs',
      headers: { ...ada.headers, ...singleBody.headers },
      payload: singleBody.payload,
    });
    expect(single.statusCode).toBe(201);

    for (const url of [
      file.url,
      `/ipfs/${thumbnail}`,
      avatar.json<{ avatar: string }>().avatar,
      single.json<{ url: string }>().url,
    ]) {
      expect(url).toMatch(/^\/ipfs\/[a-z0-9]+$/);
      for (const format of FORMATS) {
        const response = await fetchUrl(app, url, format);
        expectServed(response, `${url} ${format.name}`);
        expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      }
    }
  });

  it('serves a CID that a public post shares with a private one', async () => {
    const { app, bob, doc, document } = await privatePostSetup(db);
    expect((await app.inject({ method: 'GET', url: `/ipfs/${doc.cid}` })).statusCode).toBe(404);
    await uploadPost(app, bob.headers, { title: 'Same bytes, in the open' }, [
      { name: 'copy.bin', content: document },
    ]);
    const response = await app.inject({ method: 'GET', url: `/ipfs/${doc.cid}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(document)).toBe(true);
  });

  it('serves only recorded roots: no inner block of a DAG, nothing stored without a row', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, {}, [
      { name: 'big.bin', content: pseudoRandomBytes(MiB, 5) },
    ]);
    const root = (await detail(app, postId)).files[0]!.cid;
    const block = await app.inject({ method: 'GET', url: `/ipfs/${root}?format=raw` });
    expect(block.statusCode).toBe(200);
    const leaf = dagPb.decode(block.rawPayload).Links[0]!.Hash.toString();
    const unrecorded = (await app.contentStore.importFile([pseudoRandomBytes(500, 6)])).cid;
    for (const cid of [leaf, unrecorded]) {
      for (const format of FORMATS) {
        expectHidden(await fetchUrl(app, `/ipfs/${cid}`, format), cid, `${cid} ${format.name}`);
      }
    }
    // The CAR of the root still carries every block, the leaf included.
    const car = await app.inject({ method: 'GET', url: `/ipfs/${root}?format=car` });
    expect(car.statusCode).toBe(200);
    expect(car.rawPayload.includes(Buffer.from(CID.parse(leaf).bytes))).toBe(true);
  });
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A 32-byte value's last base64url character holds 4 bits of data and 2 spare ones. */
function spareBitsFlipped(last: string): string {
  return BASE64URL[BASE64URL.indexOf(last) ^ 1] ?? 'A';
}
