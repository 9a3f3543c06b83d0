import type { Extraction, ExtractionOptions } from '../extract/index.js';
import type { Thumbnail, ThumbnailVariant } from '../media/thumbnails.js';

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
}

/** The child's one answer; `message` is the error's, never its stack. */
export type SandboxReply = { ok: true; value: unknown } | { ok: false; message: string };
