import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { POST_MAX_TAGS } from '@symposia/shared';
import type { Post, PostFileView, StoredFile } from '../domain/post.js';
import type { PostRepository } from '../repositories/index.js';
import type { Clock } from '../services/clock.js';
import type { ContentVersion } from '../services/content-version.js';
import type { ContentStore } from '../storage/index.js';
import type { SourcedAnalyzer } from './analyze/fallback.js';
import type { Analysis } from './analyze/types.js';
import { detectKind, extractText } from './extract/index.js';
import { imageThumbnails, posterThumbnail } from './media/thumbnails.js';
import { ffmpegAvailable, videoDuration, videoFrame } from './media/video.js';

/** Extracted text handed to the analyzer at most, over all of a post's files. */
export const MAX_ANALYSIS_CHARS = 200_000;
/** Enough of a file to tell its kind (a PDF header may follow 1 KiB of garbage). */
const KIND_SNIFF_BYTES = 1024 + 8;
/** Where in a video its poster frame is taken. */
const POSTER_AT_SECONDS = 1;

export interface ProcessingLog {
  info: (message: string) => void;
  warn: (message: string, error?: unknown) => void;
}

/**
 * The `ai_analysis` JSON string of spec §3: `summary` (paragraphs separated by blank lines,
 * '- ' bullet lists) and `tags`, plus which provider and model wrote it and when.
 */
export function analysisJson(
  analysis: Analysis,
  source: { provider: string; model: string },
  at: string,
  notes: string[],
): string {
  const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');
  const sections = [analysis.overview.trim()];
  if (analysis.keyPoints.length > 0) sections.push(`Key points\n${bullets(analysis.keyPoints)}`);
  if (analysis.topics.length > 0) sections.push(`Discussion topics\n${bullets(analysis.topics)}`);
  return JSON.stringify({
    summary: sections.filter(Boolean).join('\n\n'),
    tags: analysis.tags,
    key_points: analysis.keyPoints,
    topics: analysis.topics,
    provider: source.provider,
    model: source.model,
    analyzed_at: at,
    ...(notes.length > 0 && { notes }),
  });
}

/** The post's tags followed by the analysis tags it did not have yet (ignoring case). */
export function mergeTags(own: string[], suggested: string[]): string[] {
  const seen = new Set(own.map((tag) => tag.toLowerCase()));
  const merged = [...own];
  for (const tag of suggested) {
    if (merged.length >= POST_MAX_TAGS) break;
    if (!seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      merged.push(tag);
    }
  }
  return merged;
}

export type PostProcessor = ReturnType<typeof createPostProcessor>;

/**
 * Everything done to a post after upload: thumbnails and posters for its media, text from its
 * documents, then the analysis. Every step is idempotent (derivatives are keyed by the source
 * CID, the analysis is overwritten), so a job run twice after a crash leaves one result.
 */
export function createPostProcessor(deps: {
  posts: PostRepository;
  store: ContentStore;
  analyzer: SourcedAnalyzer;
  now: Clock;
  contentVersion: ContentVersion;
  tmpDir: string;
  log: ProcessingLog;
}) {
  const { posts, store, analyzer, now, contentVersion, tmpDir, log } = deps;
  let ffmpegMissingSaid = false;

  async function readFile(cid: string, length?: number): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of store.cat(cid, { length })) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /**
   * What text extraction can use of a document, and no more: nothing of a file of no readable
   * kind (a 50 MB binary is not read to learn that), the character budget of a text file, the
   * whole of a PDF or DOCX (their parsers need it).
   */
  async function readForExtraction(file: PostFileView, maxChars: number): Promise<Buffer | null> {
    const head = await readFile(file.cid, KIND_SNIFF_BYTES);
    const { kind } = detectKind({ bytes: head, contentType: file.contentType, name: file.name });
    if (kind === 'none') return null;
    // A character is at most 4 bytes; a few more let the decoder see that the file goes on.
    if (kind === 'text') return readFile(file.cid, maxChars * 4 + 16);
    return readFile(file.cid);
  }

  async function storeDerivative(
    source: StoredFile,
    variant: 'card' | 'detail' | 'poster',
    bytes: Buffer,
    facts: { width?: number; height?: number; durationSeconds?: number },
  ): Promise<void> {
    const { cid, size } = await store.importFile([bytes]);
    const name = `${source.name.replace(/\.[^.]*$/, '')}-${variant}.webp`;
    await posts.recordDerivative(
      source.cid,
      variant,
      { cid, size, name, contentType: 'image/webp', mediaType: 'image' },
      facts,
      now().toISOString(),
    );
  }

  async function imageDerivatives(file: PostFileView, bytes: Buffer): Promise<void> {
    for (const thumbnail of await imageThumbnails(bytes)) {
      await storeDerivative(file, thumbnail.variant, thumbnail.bytes, thumbnail);
    }
  }

  async function videoDerivatives(file: PostFileView): Promise<void> {
    if (!(await ffmpegAvailable())) {
      if (!ffmpegMissingSaid) {
        log.warn('ffmpeg is not installed: videos keep the placeholder instead of a poster frame');
        ffmpegMissingSaid = true;
      }
      return;
    }
    // ffmpeg needs to seek (an MP4's index may sit at its end), so it reads a file, not a pipe.
    await mkdir(tmpDir, { recursive: true });
    const dir = await mkdtemp(join(tmpDir, 'video-'));
    try {
      const path = join(dir, 'source');
      // Streamed from the content store: a 50 MB video never sits whole in memory.
      await pipeline(Readable.from(store.cat(file.cid)), createWriteStream(path));
      const durationSeconds = await videoDuration(path);
      const at =
        durationSeconds !== undefined && durationSeconds > POSTER_AT_SECONDS
          ? POSTER_AT_SECONDS
          : 0;
      const poster = await posterThumbnail(await videoFrame(path, at));
      await storeDerivative(file, 'poster', poster.bytes, { ...poster, durationSeconds });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Thumbnails and text of each file; a file that fails is noted, never fatal. */
  async function processFiles(post: Post, notes: string[]): Promise<string[]> {
    const texts: string[] = [];
    let remaining = MAX_ANALYSIS_CHARS;
    for (const file of post.files) {
      try {
        const needsWork =
          (file.mediaType === 'image' && !file.derivatives.card) ||
          (file.mediaType === 'video' && !file.derivatives.poster) ||
          (file.mediaType === 'document' && remaining > 0);
        if (!needsWork) continue;
        if (file.mediaType === 'video') {
          await videoDerivatives(file);
          continue;
        }
        if (file.mediaType === 'image') {
          await imageDerivatives(file, await readFile(file.cid));
        } else {
          const bytes = await readForExtraction(file, remaining);
          if (!bytes) continue;
          const extracted = await extractText(
            { bytes, contentType: file.contentType, name: file.name },
            { maxChars: remaining },
          );
          if (extracted.error) notes.push(`${file.name}: ${extracted.error}`);
          if (extracted.text) {
            texts.push(extracted.text);
            remaining -= extracted.text.length;
          }
        }
      } catch (error) {
        notes.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
        log.warn(`processing ${file.name} of post ${post.id} failed`, error);
      }
    }
    return texts;
  }

  return {
    async process(postId: string, signal?: AbortSignal): Promise<void> {
      const post = await posts.findById(postId);
      // A post deleted since its upload leaves nothing to do.
      if (!post) return;
      const notes: string[] = [];
      const texts = await processFiles(post, notes);
      signal?.throwIfAborted();
      const { analysis, provider, model } = await analyzer.analyzeWithSource(
        {
          title: post.title,
          summary: post.summary,
          content: post.content,
          tags: post.tags,
          text: texts.join('\n\n'),
          instruction: post.aiInstruction,
        },
        { signal },
      );
      const at = now().toISOString();
      await posts.saveAnalysis(
        post.id,
        {
          aiAnalysis: analysisJson(analysis, { provider, model }, at, notes),
          tags: mergeTags(post.tags, analysis.tags),
          status: 'published',
        },
        at,
      );
      contentVersion.bump();
      log.info(`post ${post.id} processed (${provider}/${model})`);
    },
  };
}
