import { createHmac, timingSafeEqual } from 'node:crypto';
import { ipfsPath } from '@symposia/shared';
import type { Post, Viewer } from '../../domain/post.js';
import { needsSignedFileUrls, postFacts } from '../../policies/index.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { PostRepository, StorageRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { sharedKey } from '../shared-key.js';

/** How the gateway may serve a CID to one request. */
export interface ServedFile {
  /** What the database knows of the file; null for content served but never described. */
  description: { contentType: string; name: string } | null;
  /**
   * Set when only a signed URL opened it: the answer is the owner's alone and may be kept by
   * their browser for this many seconds (until the URL expires), by no shared cache.
   */
  privateMaxAgeSeconds?: number;
}

export type FileAccess = ReturnType<typeof createFileAccess>;

/** Where the HMAC key of signed URLs is kept (server_secrets): one key for every process. */
const SIGNING_KEY_NAME = 'signed-file-urls';
/**
 * CIDs known to be public, remembered per process. A CID stops being public when its post is
 * deleted or made private: this process forgets it at once (`forget`), others within
 * `rememberMs` (PUBLIC_CACHE_TTL_MS, as every other public cache; docs/ARCHITECTURE.md §5).
 */
const PUBLIC_CIDS_REMEMBERED = 10_000;
/** `<expiry in seconds since the epoch>.<HMAC-SHA256, base64url>`. */
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Who may fetch which file through the gateway (`/ipfs/{cid}`).
 *
 * A CID is served to anyone when something public carries it: a public post's file, a thumbnail or
 * poster made from one, an avatar, or a file uploaded with POST /media/upload/ipfs. Only root CIDs
 * recorded in the database count: an inner block of a DAG is not served on its own (its whole DAG
 * comes as a CAR of the root), so no block of a private file can be fetched piecemeal.
 *
 * Anything else (the files of private posts and what is made from them) is served only through a
 * signed URL, `/ipfs/{cid}?token=<expiry>.<mac>`: an HMAC-SHA256 over the CID and the expiry, with a
 * key the server processes share through the database. Such URLs are handed to the author of a
 * private post, in the answers only they get, and open exactly that CID until they expire. The
 * expiry is rounded to a quarter of SIGNED_URL_TTL_SECONDS so the URLs of a file stay the same for a
 * while and the browser's cache works: a URL lives between three quarters of the TTL and the TTL.
 */
export function createFileAccess(deps: {
  posts: PostRepository;
  storage: StorageRepository;
  now: Clock;
  /** SIGNED_URL_TTL_SECONDS. */
  ttlSeconds: number;
  /** How long a CID found public is taken as public without asking again (PUBLIC_CACHE_TTL_MS). */
  rememberMs: number;
}) {
  const { posts, storage, now, ttlSeconds, rememberMs } = deps;
  /** CID → when it was found public (ms since the epoch). */
  const publicCids = new BoundedMap<string, number>(PUBLIC_CIDS_REMEMBERED);
  const signingKey = sharedKey(storage, SIGNING_KEY_NAME, now);

  function mac(secret: Buffer, cid: string, expiry: number): Buffer {
    return createHmac('sha256', secret).update(`ipfs:${cid}:${expiry}`).digest();
  }

  async function isPublic(cid: string): Promise<boolean> {
    const foundAt = publicCids.get(cid);
    const at = now().getTime();
    if (foundAt !== undefined && at - foundAt < rememberMs) return true;
    publicCids.delete(cid);
    if (!(await posts.isPublicFile(cid))) return false;
    if (rememberMs <= 0) return true;
    publicCids.set(cid, at);
    return true;
  }

  /** Seconds the token has left when it is valid for `cid`, else null. */
  async function verify(cid: string, token: string): Promise<number | null> {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const expiry = Number(match[1]);
    const left = expiry - Math.floor(now().getTime() / 1000);
    if (left <= 0) return null;
    // Compared as text: base64url's last character carries spare bits, so decoding first would
    // accept several spellings of one MAC, and a URL must have exactly one.
    const expected = Buffer.from(mac(await signingKey(), cid, expiry).toString('base64url'));
    const given = Buffer.from(match[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
  }

  /** A signer of gateway URLs: `/ipfs/{cid}?token=…`, valid at least 3/4 of the TTL. */
  async function signer(): Promise<(cid: string) => string> {
    const secret = await signingKey();
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const step = Math.max(1, Math.floor(ttlSeconds / 4));
    const expiry = nowSeconds - (nowSeconds % step) + ttlSeconds;
    return (cid) =>
      `${ipfsPath(cid)}?token=${expiry}.${mac(secret, cid, expiry).toString('base64url')}`;
  }

  /**
   * How `viewer` is to fetch the files of posts: plain gateway paths for public posts, signed
   * URLs for the files, thumbnails and posters of their own private ones.
   */
  async function urlsFor(viewer: Viewer): Promise<(post: Post) => (cid: string) => string> {
    const sign = viewer ? await signer() : undefined;
    return (post) => (sign && needsSignedFileUrls(viewer, postFacts(post)) ? sign : ipfsPath);
  }

  return {
    urlsFor,

    /** As urlsFor, or undefined when none of these posts needs a signed URL (the common case). */
    async urlsForPosts(
      viewer: Viewer,
      shown: Post[],
    ): Promise<((post: Post) => (cid: string) => string) | undefined> {
      return shown.some((post) => needsSignedFileUrls(viewer, postFacts(post)))
        ? urlsFor(viewer)
        : undefined;
    },

    /** These CIDs may have stopped being public (a post deleted or made private): ask again. */
    forget(cids: Iterable<string>): void {
      for (const cid of cids) publicCids.delete(cid);
    },

    /** Whether and how the gateway serves `cid` (canonical text) to a request with `token`. */
    async lookup(cid: string, token: string | undefined): Promise<ServedFile | null> {
      const signedFor = token === undefined ? null : await verify(cid, token);
      if (signedFor === null) {
        if (!(await isPublic(cid))) return null;
      } else if (!(await posts.isLiveFile(cid))) {
        // A signed URL outlives nothing: the file's post was deleted since it was handed out.
        return null;
      }
      const file = await posts.findFile(cid);
      return {
        description: file ? { contentType: file.contentType, name: file.name } : null,
        ...(signedFor !== null && { privateMaxAgeSeconds: signedFor }),
      };
    },
  };
}
