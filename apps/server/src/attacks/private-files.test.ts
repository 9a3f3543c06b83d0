import { randomBytes } from 'node:crypto';
import type { PostDetail, PostListItem } from '@symposia/shared';
import { importFile, type WritableStorage } from 'ipfs-unixfs-importer';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  describeEachServerDatabase,
  publish,
  registerMember,
  ServerProcess,
  until,
  type Member,
} from '../../test/server-process.js';
import { kuboImporterOptions } from '../storage/content-store.js';

/**
 * Fetching a private post's files by CID: every
 * way the gateway can hand out bytes — the file, HEAD, a range, the root block, a CAR, and the
 * DAG's inner blocks one by one — answers 404 to anyone but the owner, who gets short-lived URLs
 * signed for one CID.
 */

const SIGNED_URL_TTL_SECONDS = 2;

/** The CIDs of a file's DAG as `ipfs add --cid-version=1` makes it: root first, then the rest. */
async function dagOf(bytes: Uint8Array): Promise<{ root: string; blocks: string[] }> {
  const blocks: string[] = [];
  const collector: WritableStorage = {
    put: async (cid) => {
      blocks.push(cid.toString());
      return cid;
    },
  };
  const { cid } = await importFile({ content: bytes }, collector, kuboImporterOptions(1));
  const root = cid.toString();
  return { root, blocks: [root, ...blocks.filter((block) => block !== root)] };
}

/** Every request form of the gateway that could return some of a CID's bytes. */
function gatewayProbes(cid: string): { label: string; path: string; init: RequestInit }[] {
  const path = `/ipfs/${cid}`;
  return [
    { label: 'GET', path, init: {} },
    { label: 'HEAD', path, init: { method: 'HEAD' } },
    { label: 'Range', path, init: { headers: { range: 'bytes=0-99' } } },
    { label: '?format=raw', path: `${path}?format=raw`, init: {} },
    { label: '?format=car', path: `${path}?format=car`, init: {} },
    { label: 'HEAD ?format=car', path: `${path}?format=car`, init: { method: 'HEAD' } },
    {
      label: 'Accept: car',
      path,
      init: { headers: { accept: 'application/vnd.ipld.car' } },
    },
    {
      label: 'Accept: raw',
      path,
      init: { headers: { accept: 'application/vnd.ipld.raw' } },
    },
  ];
}

async function photo(): Promise<Buffer> {
  // Noise does not compress: well over one 256 KiB chunk, so the DAG has inner blocks.
  const width = 1000;
  const height = 750;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function cidOf(url: string): string {
  return /^\/ipfs\/([^/?#]+)/.exec(url)?.[1] ?? '';
}

async function ownerDetail(server: ServerProcess, owner: Member, postId: string) {
  const response = await fetch(server.url(`/api/v1/media/${postId}`), { headers: owner.headers });
  expect(response.status).toBe(200);
  return (await response.json()) as PostDetail;
}

describeEachServerDatabase('private files over HTTP', (open, dialect) => {
  it('private CIDs and thumbnails: 404 to others, signed URLs for the owner', async () => {
    const database = await open();
    const server = await ServerProcess.start(database, {
      SIGNED_URL_TTL_SECONDS: String(SIGNED_URL_TTL_SECONDS),
      UPLOAD_RATE_LIMIT_MAX: '1000',
      WORKER_CONCURRENCY: '1',
      WORKER_POLL_MS: '50',
    });
    const owner = await registerMember(server, 'owner');
    const other = await registerMember(server, 'other');
    const image = await photo();
    const text = Buffer.from(`Unpublished results ${randomBytes(16).toString('hex')}\n`);
    const postId = await publish(server, owner, { title: 'Not yet', visibility: 'private' }, [
      { name: 'figure.jpg', content: image, type: 'image/jpeg' },
      { name: 'notes.txt', content: text, type: 'text/plain' },
    ]);
    await until(
      async () => {
        const detail = await ownerDetail(server, owner, postId);
        return detail.status === 'published' ? detail : undefined;
      },
      90_000,
      'the private post to be processed',
    );

    // Every CID the post owns: its files, their thumbnails, and the image's inner blocks.
    const fileCids = (
      await database.query<{ cid: string }>(
        'select cid from post_files where post_id = ? order by position',
        [postId],
      )
    ).map((row) => row.cid);
    const derivativeCids = (
      await database.query<{ cid: string }>(
        `select d.cid from file_derivatives d join post_files f on f.cid = d.source_cid
          where f.post_id = ?`,
        [postId],
      )
    ).map((row) => row.cid);
    const imageDag = await dagOf(image);
    const textDag = await dagOf(text);
    expect(fileCids).toEqual([imageDag.root, textDag.root]);
    // A card and a detail thumbnail at least.
    expect(derivativeCids.length).toBeGreaterThanOrEqual(2);
    expect(imageDag.blocks.length).toBeGreaterThan(2);
    const privateCids = [...fileCids, ...derivativeCids, ...imageDag.blocks.slice(1)];

    const leaks: string[] = [];
    for (const cid of privateCids) {
      for (const probe of gatewayProbes(cid)) {
        for (const [who, headers] of [
          ['anonymous', {}],
          ['another member', other.headers],
        ] as const) {
          const response = await fetch(server.url(probe.path), {
            ...probe.init,
            headers: { ...(probe.init.headers as Record<string, string>), ...headers },
          });
          await response.arrayBuffer();
          if (response.status !== 404)
            leaks.push(`${who} ${probe.label} ${cid}: ${response.status}`);
        }
      }
    }
    console.log(
      `[attack ${dialect}] private post: ${privateCids.length} CIDs × ` +
        `${gatewayProbes('x').length} request forms × 2 callers, ${leaks.length} not 404`,
    );
    expect(leaks).toEqual([]);

    // The owner's own views carry signed URLs for every file and thumbnail.
    const detail = await ownerDetail(server, owner, postId);
    const list = (await (
      await fetch(server.url('/api/v1/media/list?include_hidden=true'), { headers: owner.headers })
    ).json()) as PostListItem[];
    const card = list.find((item) => item.id === postId);
    const signedUrls = [
      ...detail.files.map((file) => file.url),
      ...detail.files.flatMap((file) => (file.thumbnail ? [file.thumbnail] : [])),
      card?.media ?? '',
    ];
    expect(signedUrls.every((url) => /^\/ipfs\/[^/?#]+\?token=[^&]+/.test(url))).toBe(true);
    expect(signedUrls.some((url) => url.includes(owner.token))).toBe(false);
    // Signed for the post's own CIDs only: both files, and the thumbnails the views show.
    const signedCids = new Set(signedUrls.map(cidOf));
    expect(fileCids.every((cid) => signedCids.has(cid))).toBe(true);
    expect([...signedCids].every((cid) => privateCids.includes(cid))).toBe(true);
    expect(signedCids.size).toBeGreaterThan(fileCids.length);

    for (const [index, file] of detail.files.entries()) {
      for (const field of ['url', 'thumbnail'] as const) {
        if (!file[field]) continue;
        // Asked for just before use: the URL lives for SIGNED_URL_TTL_SECONDS only.
        const url = (await ownerDetail(server, owner, postId)).files[index]?.[field] ?? '';
        const response = await fetch(server.url(url));
        expect(response.status, url).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        // The bytes are the ones the CID names: a thumbnail is checked against its own CID.
        expect((await dagOf(bytes)).root).toBe(cidOf(url));
        if (field === 'url') expect(bytes.equals(index === 0 ? image : text)).toBe(true);
      }
    }

    // A signature is for one CID: moved onto another of the owner's CIDs it opens nothing.
    const [first, second] = (await ownerDetail(server, owner, postId)).files;
    const token = new URL(server.url(first?.url ?? '')).searchParams.get('token') ?? '';
    const moved = await fetch(
      server.url(`/ipfs/${second?.cid}?token=${encodeURIComponent(token)}`),
    );
    expect(moved.status).toBe(404);

    // And it expires.
    const issued = await ownerDetail(server, owner, postId);
    const answeredAt = Date.now();
    const expiring = issued.files[0]?.url ?? '';
    expect((await fetch(server.url(expiring))).status).toBe(200);
    const expiredAt = answeredAt + (SIGNED_URL_TTL_SECONDS + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt - Date.now())));
    const late = await fetch(server.url(expiring));
    await late.arrayBuffer();
    console.log(
      `[attack ${dialect}] signed URL after ${SIGNED_URL_TTL_SECONDS + 1} s: ${late.status}`,
    );
    expect(late.status).toBe(404);
  }, 180_000);
});
