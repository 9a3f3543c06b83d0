import { render, waitFor } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { RichTextPreview } from './preview';
import { RichText } from './rich-text';

/*
 * Math as researchers write it, through the one renderer (markdown-renderer.tsx) of the one
 * configuration (markdown-pipeline.ts): the same formulas, set the same way, on every surface, and
 * the server's markup is the markup the browser hydrates.
 */

type Formula = ['display' | 'inline', string];

const INTEGRAL = '\\int_0^1 x\\,dx';

/** Texts with math and the formulas a reader sees in them, in order (markdown-pipeline.ts's rule). */
const CASES: { text: string; formulas: Formula[] }[] = [
  { text: `$$${INTEGRAL}$$`, formulas: [['display', INTEGRAL]] },
  {
    text: `Inline $a^2$ first,\n$$${INTEGRAL}$$\nthen $b_1$.`,
    formulas: [
      ['inline', 'a^2'],
      ['display', INTEGRAL],
      ['inline', 'b_1'],
    ],
  },
  {
    text: `Inline $a^2$ first,\n\n$$${INTEGRAL}$$\n\nthen $b_1$.`,
    formulas: [
      ['inline', 'a^2'],
      ['display', INTEGRAL],
      ['inline', 'b_1'],
    ],
  },
  { text: `$$\n${INTEGRAL}\n$$`, formulas: [['display', INTEGRAL]] },
  // In the middle of a sentence too, as GitHub sets it.
  { text: `The area is $$${INTEGRAL}$$ exactly.`, formulas: [['display', INTEGRAL]] },
  { text: 'Energy: $E=mc^2$ holds.', formulas: [['inline', 'E=mc^2']] },
  { text: `\`\`\`math\n${INTEGRAL}\n\`\`\``, formulas: [['display', INTEGRAL]] },
  // A math block inside a quote: once left as code, when a quick check chose a renderer without KaTeX.
  { text: '> Quoted:\n>\n> ```math\n> x^2\n> ```', formulas: [['display', 'x^2']] },
  {
    text: '- $x$ and\n\n  $$y$$',
    formulas: [
      ['inline', 'x'],
      ['display', 'y'],
    ],
  },
  { text: 'It costs $5 and $10.', formulas: [] },
];

/** Each surface that shows a member's text: a post, a comment, and the previews of both. */
const SURFACES: Record<string, (text: string) => ReactElement> = {
  post: (text) => <RichText text={text} plain="lines" className="post" testId="post-content" />,
  comment: (text) => <RichText text={text} plain="text" className="comment" />,
  'post preview': (text) => <RichTextPreview label="Content" text={text} plain="lines" />,
  'comment preview': (text) => <RichTextPreview label="Your comment" text={text} plain="text" />,
};

/** The rendered Markdown of `ui`, once its renderer has loaded. */
async function renderedMarkdown(ui: ReactElement): Promise<Element> {
  const { container } = render(ui);
  return waitFor(() => {
    const markdown = container.querySelector('[data-rich-text="markdown"]');
    if (!markdown) throw new Error('the Markdown renderer has not rendered yet');
    return markdown;
  });
}

/** The formulas in `root`, each as display or inline math with its TeX. */
const formulasIn = (root: Element): Formula[] =>
  [...root.querySelectorAll('.katex')].map((formula) => [
    formula.closest('.katex-display') ? 'display' : 'inline',
    formula.querySelector('annotation')?.textContent?.trim() ?? '',
  ]);

describe('math: one renderer for every surface', () => {
  it.each(CASES)('sets the math of $text alike on every surface', async ({ text, formulas }) => {
    const markup: Record<string, string> = {};
    for (const [surface, ui] of Object.entries(SURFACES)) {
      const markdown = await renderedMarkdown(ui(text));
      expect(formulasIn(markdown), surface).toEqual(formulas);
      // Display math is KaTeX's display mode: a block of its own, for MathML readers too.
      for (const display of markdown.querySelectorAll('.katex-display')) {
        expect(display.querySelector('math')?.getAttribute('display')).toBe('block');
      }
      markup[surface] = markdown.innerHTML;
    }
    for (const [surface, html] of Object.entries(markup)) {
      expect(html, `${surface} against post`).toBe(markup.post);
    }
  });

  it('hydrates the markup the server rendered as it is, display math still display math', async () => {
    const ui = SURFACES.post!(CASES[1]!.text);
    const { prelude } = await prerender(ui);
    const container = document.createElement('div');
    container.innerHTML = await new Response(prelude).text();
    document.body.append(container);
    const serverHtml = container.innerHTML;
    const serverFormulas = formulasIn(container);
    expect(serverFormulas).toEqual(CASES[1]!.formulas);

    // A markup the browser rendered differently would be thrown away and rendered again, and
    // React would report it as a recoverable error.
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) }),
    );
    try {
      expect(errors).toEqual([]);
      expect(container.innerHTML).toBe(serverHtml);
      expect(formulasIn(container)).toEqual(serverFormulas);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
