import { POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { z } from 'zod';
import type { Analysis } from '../types.js';

/**
 * Turns a model's answer into an Analysis: parse the JSON (tolerating code fences and chatter around
 * the object), validate its shape with zod, then normalise it to the Analysis ranges. Anything that
 * cannot be used throws MalformedAnswerError, which the analyzer retries.
 */

export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
}

/** The Analysis ranges (types.ts) and the bounds on each item. */
export const ANALYSIS_LIMITS = {
  overviewChars: 2_000,
  keyPoints: { min: 1, max: 6, chars: 400 },
  tags: { min: 1, max: 8, chars: POST_FIELD_MAX_LENGTH.tag },
  topics: { min: 1, max: 5, chars: 300 },
} as const;

/** Names models commonly use instead of ours. */
const ALIASES: Record<string, keyof Analysis> = {
  summary: 'overview',
  key_points: 'keyPoints',
  keypoints: 'keyPoints',
  discussion_topics: 'topics',
  discussionTopics: 'topics',
};

/** A list of strings; a comma-separated string is accepted too (models do that with tags). */
const listSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,\n]/) : value),
  z.array(z.string()).max(100),
);

const answerSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const renamed: Record<string, unknown> = { ...value };
    for (const [alias, name] of Object.entries(ALIASES)) {
      if (renamed[name] === undefined && renamed[alias] !== undefined)
        renamed[name] = renamed[alias];
    }
    return renamed;
  },
  z.object({
    overview: z.string().max(20_000),
    keyPoints: listSchema,
    tags: listSchema,
    topics: listSchema,
  }),
);

/** The JSON text inside an answer: the whole answer, a ```json fence, or the outermost {...}. */
export function extractJson(answer: string): string {
  const text = answer.trim();
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1]) return fence[1].trim();
  if (text.startsWith('{')) return text;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 120)}…` : oneLine;
}

/** Cuts at a word boundary and marks the cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function cleanItem(item: string): string {
  return item
    .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cleanList(items: string[], max: number, chars: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = clip(cleanItem(raw), chars);
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length === max) break;
  }
  return out;
}

function cleanTags(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const tag = cleanItem(raw)
      .toLowerCase()
      .replace(/^#+/, '')
      .replace(/^["'“”‘’]+|["'“”‘’.;:!?]+$/g, '')
      .trim();
    // A "tag" longer than a tag may be is a sentence, not a key phrase: leave it out.
    if (!tag || tag.length > ANALYSIS_LIMITS.tags.chars || seen.has(tag)) continue;
    seen.add(tag);
    out.push(tag);
    if (out.length === ANALYSIS_LIMITS.tags.max) break;
  }
  return out;
}

/** Parses, validates and normalises a model's answer. */
export function parseAnswer(answer: string | null | undefined): Analysis {
  if (!answer?.trim()) throw new MalformedAnswerError('The model gave an empty answer');
  let json: unknown;
  try {
    json = JSON.parse(extractJson(answer));
  } catch {
    throw new MalformedAnswerError(`The model's answer is not JSON: "${excerpt(answer)}"`);
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
      .join('; ');
    throw new MalformedAnswerError(`The model's answer has the wrong shape (${problems})`);
  }
  const { keyPoints, topics } = ANALYSIS_LIMITS;
  const analysis: Analysis = {
    overview: clip(
      parsed.data.overview.replace(/[ \t]+/g, ' ').trim(),
      ANALYSIS_LIMITS.overviewChars,
    ),
    keyPoints: cleanList(parsed.data.keyPoints, keyPoints.max, keyPoints.chars),
    tags: cleanTags(parsed.data.tags),
    topics: cleanList(parsed.data.topics, topics.max, topics.chars),
  };
  if (!analysis.overview) throw new MalformedAnswerError("The model's answer has no overview");
  for (const field of ['keyPoints', 'tags', 'topics'] as const) {
    if (analysis[field].length < ANALYSIS_LIMITS[field].min) {
      throw new MalformedAnswerError(`The model's answer has no usable ${field}`);
    }
  }
  return analysis;
}
