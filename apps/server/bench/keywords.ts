/**
 * Keyword quality of the embedded analyzer: precision and recall at 5 of its tags against the
 * authors' keywords of the abstracts in src/processing/analyze/embedded/testing/abstracts.json,
 * for the previous RAKE/TextRank tags (legacy-tags.ts) and the noun-phrase tags.
 *   npm run bench -- keywords
 */
import { analyzeEmbedded } from '../src/processing/analyze/embedded/embedded-analyzer.js';
import { legacyTags } from '../src/processing/analyze/embedded/legacy-tags.js';
import {
  evaluate,
  loadAbstracts,
  MATCHING_RULE,
} from '../src/processing/analyze/embedded/testing/keyword-set.js';

const abstracts = loadAbstracts();
const input = (item: (typeof abstracts)[number]) => ({
  title: item.title,
  text: item.abstract,
  tags: [],
  summary: '',
  content: '',
  instruction: '',
});
const rssBefore = process.memoryUsage().rss;
const before = evaluate(abstracts, (item) => legacyTags(input(item)));
const started = performance.now();
const after = evaluate(abstracts, (item) => analyzeEmbedded(input(item)).tags);
const elapsed = performance.now() - started;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
console.log(`keywords: ${abstracts.length} abstracts with their authors' keywords, at 5`);
console.log(`matching: ${MATCHING_RULE}`);
console.log(
  `before (textrank-1, RAKE/TextRank windows): precision ${percent(before.precision)}, recall ${percent(before.recall)}`,
);
console.log(
  `after  (textrank-2, tagger noun phrases):  precision ${percent(after.precision)}, recall ${percent(after.recall)}`,
);
console.log(
  `analysis time ${(elapsed / abstracts.length).toFixed(1)} ms per abstract (first one loads the tagger); RSS +${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`,
);
