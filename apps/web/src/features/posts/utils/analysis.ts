/** One piece of the analysis summary: a paragraph, or a '- ' bullet list. */
export type AnalysisBlock = { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

export type Analysis =
  /** Nothing to show: no analysis yet, or one that could not be read. */
  | { kind: 'none'; reason: 'empty' | 'invalid' }
  | { kind: 'ready'; blocks: AnalysisBlock[]; tags: string[] };

/**
 * Lenient on purpose: a missing or odd field is skipped, never a crash. Read by hand rather than
 * with zod, so the post page does not load the schema library before it has painted.
 */
function readAnalysis(data: unknown): { summary: string; tags: string[] } | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { summary, tags } = data as Record<string, unknown>;
  return {
    summary: typeof summary === 'string' ? summary : '',
    tags: Array.isArray(tags)
      ? tags
          .filter((tag): tag is string => typeof tag === 'string')
          .map((tag) => tag.trim().replace(/^#+/, '').trim())
          .filter(Boolean)
      : [],
  };
}

const BULLET = /^\s*[-*•]\s+/;

/** Splits one blank-line-separated chunk into paragraphs and bullet lists, in order. */
function blocksOfChunk(chunk: string): AnalysisBlock[] {
  const blocks: AnalysisBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length) blocks.push({ type: 'list', items: list });
    list = [];
  };
  for (const rawLine of chunk.split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    if (BULLET.test(line)) {
      flushParagraph();
      const item = line.replace(BULLET, '').trim();
      if (item) list.push(item);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** Paragraphs are separated by blank lines; lines starting with '- ' form bullet lists (spec §3). */
export function summaryBlocks(summary: string): AnalysisBlock[] {
  return summary
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .flatMap(blocksOfChunk);
}

/**
 * Reads a post's `ai_analysis` (spec §3): a JSON string `{"summary": "...", "tags": [...]}`, or ''
 * before the analysis exists. Anything unreadable is reported as such instead of thrown.
 */
export function parseAnalysis(raw: string | null | undefined): Analysis {
  if (!raw || !raw.trim()) return { kind: 'none', reason: 'empty' };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { kind: 'none', reason: 'invalid' };
  }
  const analysis = readAnalysis(data);
  if (!analysis) return { kind: 'none', reason: 'invalid' };
  const blocks = summaryBlocks(analysis.summary);
  if (!blocks.length && !analysis.tags.length) return { kind: 'none', reason: 'empty' };
  return { kind: 'ready', blocks, tags: analysis.tags };
}
