import type { Extraction, ExtractionOptions } from '../extract/index.js';
import type { ThumbnailVariant } from '../media/thumbnail-variants.js';
import type { Thumbnail } from '../media/thumbnails.js';

/**
 * What the sandbox child does with an untrusted file, each read from a scratch file the parent
 * wrote (so nothing big travels over the IPC channel in that direction).
 */
export interface SandboxTasks {
  /** Text of a PDF, DOCX or text file. */
  extract: {
    input: { path: string; contentType: string; name: string; options: ExtractionOptions };
    output: Extraction;
  };
  /** The WebP renditions of an image that are still missing. */
  thumbnails: {
    input: { path: string; variants: ThumbnailVariant[] };
    output: Thumbnail[];
  };
  /** A video's poster frame (any image format ffmpeg wrote) as a card-sized WebP. */
  poster: {
    input: { path: string };
    output: Thumbnail;
  };
}

export type SandboxTaskKind = keyof SandboxTasks;

export interface SandboxRequest {
  kind: string;
  input: unknown;
  /** The pool's number for this request (pool.ts): the child answers with it and stays. */
  id?: number;
  /** The request's own scratch directory, which the child works in while it runs. */
  cwd?: string;
}

/** The child's answer to a request; `message` is the error's, never its stack. */
export type SandboxReply = { ok: true; value: unknown } | { ok: false; message: string };

/** An answer of a pool child (pool.ts): the reply and the request it answers. */
export type PooledReply = SandboxReply & { id: number };

/**
 * What a child says once, when it has loaded and listens (protocol.ts): a file's time limit counts
 * from here, so a child slow to start on a busy machine costs the file nothing.
 */
export interface ChildReady {
  ready: true;
}

export function isChildReady(message: unknown): message is ChildReady {
  return typeof message === 'object' && message !== null && 'ready' in message;
}
