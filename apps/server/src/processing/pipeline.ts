import { POST_MAX_TAGS } from '@symposia/shared';
import type { DerivativeVariant, Post, PostFileView, StoredFile } from '../domain/post.js';
import type { PostRepository } from '../repositories/index.js';
import type { Clock } from '../services/clock.js';
import type { AfterWrite } from '../services/after-write.js';
import type { ContentStore } from '../storage/index.js';
import type { SourcedAnalyzer } from './analyze/fallback.js';
import type { Analysis } from './analyze/types.js';
import {
  PermanentJobError,
  publicErrorMessage,
  ReaderUnavailableError,
  ResourceLimitError,
  sanitizeErrorText,
} from './errors.js';
import { detectKind } from './extract/detect-kind.js';
import { THUMBNAIL_VARIANTS } from './media/thumbnail-variants.js';
import { ffmpegAvailable, ffmpegInputFormat, videoDuration, videoFrame } from './media/video.js';
import { withScratchFile, type Sandbox } from './sandbox/sandbox.js';

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

/** A limit reached while reading one file, told with the file's name. */
function limitReached(file: StoredFile, error: PermanentJobError): PermanentJobError {
  const message = `${file.name}: ${publicErrorMessage(error)}`;
  return error instanceof ResourceLimitError
    ? new ResourceLimitError(error.limit, message)
    : new PermanentJobError(message);
}

/**
 * Everything done to a post after upload: thumbnails and posters for its media, text from its
 * documents, then the analysis. Each of these is written on its own as soon as it is made, and a
 * run makes only those still missing — a card without its detail thumbnail gets the detail, a
 * document whose text is stored is not parsed again, a post already analysed is not analysed
 * again — so a job killed at any step and run again finishes exactly what is left.
 *
 * Untrusted bytes are parsed in the sandbox (sandbox/sandbox.ts) and by ffmpeg under the same
 * limits. A file that breaks a limit (a decompression bomb, too slow, too big) fails the job for
 * good; any other problem with one file is noted in the analysis and the rest carries on.
 */
export function createPostProcessor(deps: {
  posts: PostRepository;
  store: ContentStore;
  analyzer: SourcedAnalyzer;
  now: Clock;
  /** Told of each post written, after the write (services/after-write.ts). */
  afterWrite: AfterWrite;
  sandbox: Sandbox;
  tmpDir: string;
  log: ProcessingLog;
}) {
  const { posts, store, analyzer, now, afterWrite, sandbox, tmpDir, log } = deps;
  let ffmpegMissingSaid = false;

  async function readFile(cid: string, length?: number): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of store.cat(cid, { length })) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async function storeDerivative(
    source: StoredFile,
    variant: DerivativeVariant,
    bytes: Buffer,
    facts: { width?: number; height?: number; durationSeconds?: number },
  ): Promise<void> {
    const { cid, size } = await store.importFile([bytes]);
    const stem = source.name.replace(/\.[^.]*$/, '');
    const text = variant === 'text';
    await posts.recordDerivative(
      source.cid,
      variant,
      {
        cid,
        size,
        name: text ? `${stem}-text.txt` : `${stem}-${variant}.webp`,
        contentType: text ? 'text/plain; charset=utf-8' : 'image/webp',
        mediaType: text ? 'document' : 'image',
      },
      facts,
      now().toISOString(),
    );
  }

  /** The card and detail thumbnails this image still lacks, each recorded as soon as made. */
  async function imageDerivatives(file: PostFileView, signal?: AbortSignal): Promise<void> {
    const missing = THUMBNAIL_VARIANTS.filter((variant) => !file.derivatives[variant]);
    if (missing.length === 0) return;
    const thumbnails = await sandbox.run(
      'thumbnails',
      store.cat(file.cid),
      { variants: missing },
      signal,
    );
    for (const thumbnail of thumbnails) {
      await storeDerivative(file, thumbnail.variant, Buffer.from(thumbnail.bytes), thumbnail);
    }
  }

  async function videoDerivatives(file: PostFileView, signal?: AbortSignal): Promise<void> {
    if (file.derivatives.poster) return;
    if (!(await ffmpegAvailable())) {
      if (!ffmpegMissingSaid) {
        log.warn('ffmpeg is not installed: videos keep the placeholder instead of a poster frame');
        ffmpegMissingSaid = true;
      }
      return;
    }
    const format = ffmpegInputFormat(file.contentType);
    if (!format) throw new Error(`no poster frame for a video of type ${file.contentType}`);
    // ffmpeg needs to seek (an MP4's index may sit at its end), so it reads a file, not a pipe,
    // streamed there from the content store: a 50 MB video never sits whole in memory.
    await withScratchFile(tmpDir, 'video-', store.cat(file.cid), async (path) => {
      const limits = sandbox.limits;
      const durationSeconds = await videoDuration(path, format, limits, signal);
      const at =
        durationSeconds !== undefined && durationSeconds > POSTER_AT_SECONDS
          ? POSTER_AT_SECONDS
          : 0;
      const frame = await videoFrame(path, format, at, limits, signal);
      const poster = await sandbox.run('poster', frame, {}, signal);
      await storeDerivative(file, 'poster', Buffer.from(poster.bytes), {
        ...poster,
        durationSeconds,
      });
    });
  }

  /** Text stored by an earlier run, as much of it as the analysis can use. */
  async function storedText(cid: string): Promise<string> {
    const bytes = await readFile(cid, MAX_ANALYSIS_CHARS * 4 + 4);
    return new TextDecoder().decode(bytes, { stream: true });
  }

  /**
   * The text of a document: the one stored by an earlier run, or extracted in the sandbox and
   * stored. Nothing is read of a file of no readable kind (a 50 MB binary is not read to learn
   * that), only the character budget of a text file, the whole of a PDF or DOCX (their parsers
   * need it). A file that cannot be read is noted; one that breaks a limit fails the job.
   */
  async function documentText(
    file: PostFileView,
    notes: string[],
    signal?: AbortSignal,
  ): Promise<string> {
    if (file.derivatives.text) return storedText(file.derivatives.text);
    const head = await readFile(file.cid, KIND_SNIFF_BYTES);
    const { kind } = detectKind({ bytes: head, contentType: file.contentType, name: file.name });
    if (kind === 'none') return '';
    // A character is at most 4 bytes; a few more let the decoder see that the file goes on.
    const length = kind === 'text' ? MAX_ANALYSIS_CHARS * 4 + 16 : undefined;
    const extracted = await sandbox.run(
      'extract',
      store.cat(file.cid, { length }),
      {
        contentType: file.contentType,
        name: file.name,
        options: { maxChars: MAX_ANALYSIS_CHARS },
      },
      signal,
    );
    if (extracted.limitExceeded) {
      throw new ResourceLimitError('inflate', extracted.error ?? 'the file unpacks too far');
    }
    if (extracted.error) {
      notes.push(`${file.name}: ${sanitizeErrorText(extracted.error)}`);
      return extracted.text;
    }
    await storeDerivative(file, 'text', Buffer.from(extracted.text, 'utf8'), {});
    return extracted.text;
  }

  /**
   * Derivatives of each file that are still missing, and the text of its documents when the
   * analysis still needs it. A file that fails is noted, never fatal — unless it broke a limit.
   */
  async function processFiles(
    post: Post,
    notes: string[],
    wantText: boolean,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const texts: string[] = [];
    let remaining = MAX_ANALYSIS_CHARS;
    for (const file of post.files) {
      signal?.throwIfAborted();
      try {
        if (file.mediaType === 'image') {
          await imageDerivatives(file, signal);
        } else if (file.mediaType === 'video') {
          await videoDerivatives(file, signal);
        } else if (file.mediaType === 'document' && wantText && remaining > 0) {
          const text = (await documentText(file, notes, signal)).slice(0, remaining);
          if (text) {
            texts.push(text);
            remaining -= text.length;
          }
        }
      } catch (error) {
        if (signal?.aborted || error instanceof ReaderUnavailableError) throw error;
        if (error instanceof PermanentJobError) throw limitReached(file, error);
        notes.push(`${file.name}: ${publicErrorMessage(error)}`);
        log.warn(`processing ${file.name} of post ${post.id} failed`, error);
      }
    }
    return texts;
  }

  /** The text stored so far from the post's documents. */
  async function storedTexts(post: Post, signal?: AbortSignal): Promise<string[]> {
    const texts: string[] = [];
    for (const file of post.files) {
      signal?.throwIfAborted();
      if (file.mediaType === 'document' && file.derivatives.text) {
        texts.push(await storedText(file.derivatives.text));
      }
    }
    return texts;
  }

  return {
    /**
     * Indexes the text stored from the post's documents (a post processed before search covered
     * documents: migration 0014 queues this); documents never read are left to process-post.
     */
    async indexDocuments(postId: string, signal?: AbortSignal): Promise<void> {
      const post = await posts.findById(postId);
      if (!post) return;
      const texts = await storedTexts(post, signal);
      await posts.saveDocumentText(post.id, texts.join('\n\n'), now().toISOString());
      await afterWrite({ posts: [post.id] });
    },

    /**
     * Processing gave up for good (the worker's give-up handler): the post is published with what
     * was made — the thumbnails and text already stored, searchable, and no analysis — never left
     * in `processing`. Its author reads why (the job's error, post-service `withProcessingError`).
     * Idempotent: a post published already, or edited since (its job queued again), is left alone.
     */
    async publishWithoutAnalysis(postId: string, reason: string): Promise<void> {
      const post = await posts.findById(postId);
      if (!post || post.status === 'published') return;
      let texts: string[] = [];
      try {
        texts = await storedTexts(post);
      } catch (error) {
        // Published unsearched by its documents rather than not at all.
        log.warn(`reading the stored text of post ${post.id} failed`, error);
      }
      const at = now().toISOString();
      // Published, a public post tells its author's followers (`told`, issue 30), and the live
      // streams of whoever may see it (`published`, issue 31).
      const { told, published } = await posts.saveAnalysis(
        post.id,
        { aiAnalysis: post.aiAnalysis, tags: post.tags, status: 'published' },
        at,
        { editedAt: post.editedAt },
        texts.join('\n\n'),
      );
      await afterWrite({ posts: [post.id], notify: told, published });
      log.warn(`post ${post.id} published without its analysis: ${reason}`);
    },

    async process(postId: string, signal?: AbortSignal): Promise<void> {
      const post = await posts.findById(postId);
      // A post deleted since its upload leaves nothing to do.
      if (!post) return;
      // Written last: present only when an earlier run got that far (and was stopped before
      // the job was marked done).
      const analysed = post.status === 'published' && post.aiAnalysis !== '';
      const notes: string[] = [];
      const texts = await processFiles(post, notes, !analysed, signal);
      signal?.throwIfAborted();
      if (analysed) {
        await afterWrite({ posts: [post.id] });
        return;
      }
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
      const { told, published } = await posts.saveAnalysis(
        post.id,
        {
          aiAnalysis: analysisJson(analysis, { provider, model }, at, notes),
          tags: mergeTags(post.tags, analysis.tags),
          status: 'published',
        },
        at,
        // An edit meanwhile queued the job again; the analysis of the old text is dropped.
        { editedAt: post.editedAt },
        // Search covers the documents too (repositories/post-repository.ts).
        texts.join('\n\n'),
      );
      await afterWrite({ posts: [post.id], notify: told, published });
      log.info(`post ${post.id} processed (${provider}/${model})`);
    },
  };
}
