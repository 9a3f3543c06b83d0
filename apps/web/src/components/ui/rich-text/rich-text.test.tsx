import { render, screen, waitFor } from '@testing-library/react';
import katex from 'katex';
import { describe, expect, it, vi } from 'vitest';
import { KATEX_OPTIONS } from './markdown-pipeline';
import MarkdownRenderer from './markdown-renderer';
import { hasMarkdownSyntax } from './markdown-syntax';
import { RichText, type PlainLayout } from './rich-text';

/** Renders through RichText and waits for the Markdown renderer when the text needs it. */
async function renderRich(text: string, plain: PlainLayout = 'lines') {
  const view = render(<RichText text={text} plain={plain} className="host" testId="rich" />);
  if (hasMarkdownSyntax(text)) {
    await waitFor(() =>
      expect(view.container.querySelector('[data-rich-text="markdown"]')).not.toBeNull(),
    );
  }
  return view;
}

/** The Markdown renderer itself, whatever the quick syntax test would say. */
const renderMarkdown = (text: string) => render(<MarkdownRenderer text={text} />);

/** Everything that could run script: the assertions every XSS case must pass. */
function expectInert(root: HTMLElement) {
  expect(root.querySelector('script')).toBeNull();
  expect(root.querySelector('iframe, object, embed, style')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.toLowerCase().startsWith('on'), `${attribute.name} attribute`).toBe(
        false,
      );
      expect(
        /^\s*(javascript|data|vbscript):/i.test(attribute.value.replace(/[\s\0]/g, '')),
        `${element.tagName} ${attribute.name}="${attribute.value}"`,
      ).toBe(false);
    }
  }
}

describe('RichText: plain text', () => {
  it('renders text without Markdown at once, each line its own paragraph, as before Markdown', () => {
    const { container } = render(
      <RichText
        text={'First line\n  second line  \r\n\n\nthird'}
        plain="lines"
        className="content"
        testId="post-content"
      />,
    );
    // Synchronously, with exactly the elements the post page rendered before (spec §2), marked as
    // the member's own text that no translator rewrites.
    expect(container.innerHTML).toBe(
      '<div class="content" data-testid="post-content" translate="no"><p>First line</p><p>second line</p><p>third</p></div>',
    );
  });

  it('renders a plain comment as one paragraph with its line breaks as typed', () => {
    const { container } = render(
      <RichText text={'A clear write-up.\nWhat about noise?'} plain="text" className="content" />,
    );
    expect(container.innerHTML).toBe(
      '<p class="content" translate="no">A clear write-up.\nWhat about noise?</p>',
    );
  });

  it('keeps a single newline a line break when the text has Markdown', async () => {
    const { container } = await renderRich('**Result**\nnext line');
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelector('strong')).toHaveTextContent('Result');
    expect(paragraph?.querySelector('br')).not.toBeNull();
    expect(paragraph).toHaveTextContent('Result next line');
  });

  it('shows plain text while the renderer loads, then the rendered Markdown', async () => {
    vi.resetModules();
    // A fresh module graph: the renderer has not been loaded yet.
    const { RichText: FreshRichText } = await import('./rich-text');
    const { container } = render(
      <FreshRichText text={'**bold**\nline two'} plain="lines" testId="rich" />,
    );
    expect(screen.getByTestId('rich').innerHTML).toBe('<p>**bold**</p><p>line two</p>');
    await waitFor(() => expect(container.querySelector('strong')).toHaveTextContent('bold'));
  });

  it('stays readable as plain text when the renderer cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('./markdown-renderer', () => {
      throw new Error('chunk failed to load');
    });
    // React reports the caught error; the text is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { RichText: FreshRichText } = await import('./rich-text');
      render(<FreshRichText text={'**bold**\nline two'} plain="lines" testId="rich" />);
      await waitFor(() => expect(console.error).toHaveBeenCalled());
      expect(screen.getByTestId('rich').innerHTML).toBe('<p>**bold**</p><p>line two</p>');
    } finally {
      vi.doUnmock('./markdown-renderer');
    }
  });
});

describe('RichText: Markdown', () => {
  it('renders a GitHub-flavoured table inside a horizontally scrolling wrapper', async () => {
    const { container } = await renderRich(
      '| Sample | Mass (g) |\n| --- | ---: |\n| A | 1.25 |\n| B | 2.50 |',
    );
    const table = container.querySelector('table');
    expect(table?.parentElement?.className).toContain('tableScroll');
    expect([...container.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'Sample',
      'Mass (g)',
    ]);
    expect([...container.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'A',
      '1.25',
      'B',
      '2.50',
    ]);
    expect(container.querySelectorAll('td')[1]).toHaveStyle({ textAlign: 'right' });
  });

  it('renders inline code and fenced code blocks with their language', async () => {
    const { container } = await renderRich(
      'Call `fit(x<y)` first.\n\n```python\nfor i in range(3):\n    print(i)\n```',
    );
    expect(container.querySelector('p code')).toHaveTextContent('fit(x<y)');
    const block = container.querySelector('pre > code');
    expect(block).toHaveClass('language-python');
    expect(block?.textContent).toBe('for i in range(3):\n    print(i)\n');
  });

  it('renders inline math with KaTeX', async () => {
    const { container } = await renderRich('Energy: $E=mc^2$ holds.');
    const math = container.querySelector('p .katex');
    expect(math).not.toBeNull();
    expect(math?.closest('.katex-display')).toBeNull();
    expect(math?.querySelector('math annotation')).toHaveTextContent('E=mc^2');
    expect(math?.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true');
  });

  it('renders display math with KaTeX, on its own lines or inline between $$', async () => {
    for (const text of ['$$\n\\int_0^1 x\\,dx\n$$', 'The area is $$\\int_0^1 x\\,dx$$ exactly.']) {
      const { container, unmount } = await renderRich(text);
      const display = container.querySelector('.katex-display');
      expect(display, text).not.toBeNull();
      // MathML elements are no HTMLElements in jsdom, which jest-dom's toHaveAttribute requires.
      expect(display?.querySelector('math')?.getAttribute('display')).toBe('block');
      expect(display?.querySelector('annotation')).toHaveTextContent('\\int_0^1 x\\,dx');
      unmount();
    }
  });

  it('leaves prices alone: "$5 and $10" is not math', async () => {
    const { container } = await renderRich('It costs $5 and $10 with *tax*.');
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('It costs $5 and $10 with tax.');
  });

  it('keeps every part of KaTeX output through the sanitizer', async () => {
    const formulas = [
      'E=mc^2',
      '\\sqrt[3]{\\frac{a}{b}}',
      '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}',
      '\\overrightarrow{AB}+\\widehat{xyz}',
      '\\color{red}{x}+\\colorbox{yellow}{y}',
      '\\cancel{x}\\boxed{y}',
      '\\left(\\sum_{i=1}^n i\\right)',
      '\\mathbb{R}\\mathcal{A}\\text{ text}',
    ];
    for (const formula of formulas) {
      const { container, unmount } = renderMarkdown(`$${formula}$`);
      const rendered = container.querySelector('.katex');
      const expected = document.createElement('div');
      expected.innerHTML = katex.renderToString(formula, KATEX_OPTIONS);
      expect(rendered, formula).not.toBeNull();
      expect(describeTree(rendered!), formula).toEqual(describeTree(expected.firstElementChild!));
      unmount();
    }
  });

  it('renders headings below the page title and the comments heading', async () => {
    const { container } = await renderRich('# Method\n\n## Data');
    expect(container.querySelector('h3')).toHaveTextContent('Method');
    expect(container.querySelector('h4')).toHaveTextContent('Data');
    expect(container.querySelector('h1, h2')).toBeNull();
  });

  it('opens http(s) links in a new tab without referrer or opener, mailto links too', async () => {
    const { container } = await renderRich(
      '[paper](https://example.org/p?q=1), www.example.com and [mail](mailto:a@example.org)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.org/p?q=1',
      'http://www.example.com',
      'mailto:a@example.org',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('shows links to anything but http(s) and mailto as text', async () => {
    const { container } = await renderRich(
      '[a](/forum) [b](ftp://x.org/f) [c](data:text/html,hi) [d](vbscript:x)',
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('a b c d');
  });

  it('loads images from the site gateway only', async () => {
    const { container } = await renderRich(
      '![figure](/ipfs/bafybeigdyrzt5/figure.png) ![escape](/ipfs/../api/v1/auth/me)',
    );
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', '/ipfs/bafybeigdyrzt5/figure.png');
    expect(images[0]).toHaveAttribute('alt', 'figure');
    expect(container).toHaveTextContent('escape');
  });

  it('keeps footnote links pointing at their (prefixed) targets', async () => {
    const { container } = await renderRich('Claim.[^1]\n\n[^1]: Source.');
    const reference = container.querySelector('a[data-footnote-ref]');
    const target = reference?.getAttribute('href')?.slice(1) ?? '';
    expect(target).toMatch(/^user-content-.+-fn-1$/);
    expect(container.querySelector(`[id="${target}"]`)).toHaveTextContent('Source.');
  });
});

describe('RichText: XSS', () => {
  const attacks = [
    { text: '<script>alert(1)</script>', shown: '<script>alert(1)</script>' },
    { text: '[x](javascript:alert(1))', shown: 'x' },
    { text: '<img src=x onerror=alert(1)>', shown: '<img src=x onerror=alert(1)>' },
    { text: '$\\href{javascript:alert(1)}{x}$', shown: '\\href' },
    { text: '![pixel](https://tracker.example/p.png)', shown: 'pixel' },
    { text: '[x](JaVaScRiPt:alert(1)) [y](java\tscript:alert(1)) [z](&#106;avascript:alert(1))' },
    { text: '<a href="javascript:alert(1)">x</a> <svg onload=alert(1)>' },
    { text: '$\\url{javascript:alert(1)}$ $\\htmlClass{x}{y}$ $\\htmlData{onclick=alert(1)}{x}$' },
    { text: '```html\n<script>alert(1)</script>\n```' },
    { text: '| <img src=x onerror=alert(1)> |\n| --- |\n| [x](javascript:alert(1)) |' },
  ];

  it.each(attacks)('renders $text inert, through RichText', async ({ text, shown }) => {
    const { container } = await renderRich(text, 'text');
    expectInert(container);
    if (shown) expect(container).toHaveTextContent(shown);
  });

  it.each(attacks)('renders $text inert, through the Markdown renderer', ({ text, shown }) => {
    const { container } = renderMarkdown(text);
    expectInert(container);
    if (shown) expect(container).toHaveTextContent(shown);
  });

  it('shows raw HTML as the text that was typed, never as elements', () => {
    const { container } = renderMarkdown('<b>bold</b> and\n\n<div onclick="x()">block</div>');
    expect(container.querySelector('.markdown b, .markdown div')).toBeNull();
    expect(container).toHaveTextContent('<b>bold</b> and');
    expect(container).toHaveTextContent('<div onclick="x()">block</div>');
  });

  it('refuses KaTeX links: \\href renders as red source text, not as a link', () => {
    const { container } = renderMarkdown('$\\href{javascript:alert(1)}{x}$');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });

  it('offers an image from elsewhere as a link instead of loading it', () => {
    const { container } = renderMarkdown('![pixel](https://tracker.example/p.png)');
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://tracker.example/p.png');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveTextContent('pixel');
  });
});

type TreeShape = {
  tag: string;
  attributes: Record<string, string>;
  children: (TreeShape | string)[];
};

/** An element as tag, attributes (styles compared as the browser reads them) and children. */
function describeTree(element: Element): TreeShape {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    attributes[attribute.name] =
      attribute.name === 'style'
        ? (element as HTMLElement).style.cssText
        : attribute.value.replace(/\s+/g, ' ').trim();
  }
  return {
    tag: element.tagName.toLowerCase(),
    attributes,
    children: [...element.childNodes]
      .filter((node) => node.nodeType === 1 || (node.textContent ?? '') !== '')
      .map((node) =>
        node.nodeType === 1 ? describeTree(node as Element) : (node.textContent ?? ''),
      ),
  };
}
