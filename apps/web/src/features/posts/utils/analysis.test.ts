import { describe, expect, it } from 'vitest';
import { parseAnalysis, summaryBlocks } from './analysis';

describe('parseAnalysis', () => {
  it("reads the summary's paragraphs and '- ' lists, and the tags", () => {
    const raw = JSON.stringify({
      summary:
        'The paper studies surface codes.\nIt scales them.\n\nKey findings:\n- Lower error rates\n- Fewer qubits\n\nA closing remark.',
      tags: ['quantum', '#physics', 42, ''],
    });

    expect(parseAnalysis(raw)).toEqual({
      kind: 'ready',
      blocks: [
        { type: 'paragraph', text: 'The paper studies surface codes. It scales them.' },
        { type: 'paragraph', text: 'Key findings:' },
        { type: 'list', items: ['Lower error rates', 'Fewer qubits'] },
        { type: 'paragraph', text: 'A closing remark.' },
      ],
      tags: ['quantum', 'physics'],
    });
  });

  it("is 'empty' for '' and for an analysis without summary or tags", () => {
    expect(parseAnalysis('')).toEqual({ kind: 'none', reason: 'empty' });
    expect(parseAnalysis('   ')).toEqual({ kind: 'none', reason: 'empty' });
    expect(parseAnalysis(JSON.stringify({ summary: '', tags: [] }))).toEqual({
      kind: 'none',
      reason: 'empty',
    });
  });

  it.each(['{not json', '"just a string"', '[1,2]', 'null', '42'])(
    "does not crash on %j: it is 'invalid'",
    (raw) => {
      expect(parseAnalysis(raw)).toEqual({ kind: 'none', reason: 'invalid' });
    },
  );

  it('skips fields of the wrong type instead of failing', () => {
    expect(parseAnalysis(JSON.stringify({ summary: 7, tags: ['ml'] }))).toEqual({
      kind: 'ready',
      blocks: [],
      tags: ['ml'],
    });
    expect(parseAnalysis(JSON.stringify({ summary: 'Only text', tags: 'ml' }))).toEqual({
      kind: 'ready',
      blocks: [{ type: 'paragraph', text: 'Only text' }],
      tags: [],
    });
  });
});

describe('summaryBlocks', () => {
  it('handles Windows line ends and a list right after a paragraph line', () => {
    expect(summaryBlocks('Intro\r\n- one\r\n- two\r\n\r\nEnd')).toEqual([
      { type: 'paragraph', text: 'Intro' },
      { type: 'list', items: ['one', 'two'] },
      { type: 'paragraph', text: 'End' },
    ]);
  });
});
