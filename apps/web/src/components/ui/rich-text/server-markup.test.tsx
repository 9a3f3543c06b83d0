import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LazyRenderer from './lazy-renderer';
import { MarkdownRenderer } from './lazy-renderer';
import type { MarkdownRendererProps } from './markdown-renderer';
import { RichText } from './rich-text';
import { keepServerMarkup, serverMarkupOf, textDigest } from './server-markup';

/*
 * A server-rendered page's Markdown is hydrated as the server wrote it, without the renderer
 * (server-markup.ts): the renderer runs again only for a text that changed.
 */

const rendererRendered = vi.hoisted(() => vi.fn());

vi.mock('./lazy-renderer', async (importOriginal) => {
  const actual = await importOriginal<typeof LazyRenderer>();
  const Real = actual.MarkdownRenderer;
  function CountedRenderer(props: MarkdownRendererProps) {
    rendererRendered();
    return <Real {...props} />;
  }
  return { ...actual, MarkdownRenderer: Object.assign(CountedRenderer, { preload: Real.preload }) };
});

const TEXT = 'Inline $a^2$ and **bold**, thanks to @ada_l.\n\n$$\\int_0^1 x\\,dx$$';

function Page({ text }: { text: string }) {
  return (
    <MemoryRouter initialEntries={['/post']}>
      <Routes>
        <Route path="/post" element={<RichText text={text} plain="lines" testId="content" />} />
        <Route path="/author/:name" element={<h1>Profile page</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

// Loaded before the server's render (renderToString renders at once, without waiting for it).
beforeAll(() => MarkdownRenderer.preload());

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** `ui` rendered as the server does, placed in the document, then hydrated as main.tsx does. */
async function serverRenderedThenHydrated(ui: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const serverHtml = container.innerHTML;
  rendererRendered.mockClear();
  keepServerMarkup(container);
  const errors: unknown[] = [];
  root = await act(async () =>
    hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) }),
  );
  return { container, serverHtml, errors };
}

describe('server markup', () => {
  it('digests texts apart', () => {
    expect(textDigest(TEXT)).toBe(textDigest(`${TEXT}`));
    expect(textDigest(TEXT)).not.toBe(textDigest(`${TEXT} `));
    expect(textDigest('ab')).not.toBe(textDigest('ba'));
  });

  it('hydrates rendered Markdown as the server wrote it, without running the renderer', async () => {
    const { container, serverHtml, errors } = await serverRenderedThenHydrated(
      <Page text={TEXT} />,
    );
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(rendererRendered).not.toHaveBeenCalled();
  });

  it('follows a mention in the kept markup inside the app', async () => {
    await serverRenderedThenHydrated(<Page text={TEXT} />);
    const mention = screen.getByRole('link', { name: '@ada_l' });
    expect(mention.getAttribute('href')).toBe('/author/@ada_l');
    // A new document would leave the memory router's routes behind; the app shows the profile.
    const notFollowedByBrowser = fireEvent.click(mention);
    expect(notFollowedByBrowser).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });

  it('renders a text that changed after hydration with the renderer', async () => {
    const { container } = await serverRenderedThenHydrated(<Page text={TEXT} />);
    act(() => root?.render(<Page text={'Now **edited**: $b_2$'} />));
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('edited'));
    expect(container.querySelector('annotation')?.textContent).toBe('b_2');
    expect(rendererRendered).toHaveBeenCalled();
  });

  it('keeps nothing for a text whose digest differs from the markup at its place', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div data-rich-text="markdown" data-rich-text-id="«R1»" ' +
      `data-rich-text-digest="${textDigest('old')}" class="a"><p>old</p></div>`;
    keepServerMarkup(container);
    expect(serverMarkupOf('«R1»', 'old')).toEqual({
      digest: textDigest('old'),
      className: 'a',
      html: '<p>old</p>',
    });
    expect(serverMarkupOf('«R1»', 'new')).toBeUndefined();
    expect(serverMarkupOf('«R2»', 'old')).toBeUndefined();
  });
});
