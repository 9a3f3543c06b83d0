import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from './markdown-renderer';
import { transformUrl } from './safe-urls';
import { RichText } from './rich-text';

const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('@username in rendered text', () => {
  it('links each mention of a plain comment to the author page, by name', () => {
    inRouter(
      <RichText
        text={'thanks @ada.\nand @Bob_2, not mail@example or @-x'}
        plain="text"
        testId="c"
      />,
    );
    const text = screen.getByTestId('c');
    const links = within(text).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['@ada', '/author/@ada'],
      ['@Bob_2', '/author/@Bob_2'],
    ]);
    expect(text.textContent).toBe('thanks @ada.\nand @Bob_2, not mail@example or @-x');
  });

  it('links mentions in each line of a post', () => {
    inRouter(<RichText text={'Line one\nask @grace'} plain="lines" testId="p" />);
    expect(screen.getByRole('link', { name: '@grace' })).toHaveAttribute('href', '/author/@grace');
  });

  it('links mentions inside Markdown, in the app, but not in code or inside other links', async () => {
    inRouter(
      <MarkdownRenderer
        text={'**Hi** @ada, see `@notme` and [@linked](https://example.org)\n\n```\n@code\n```'}
        testId="md"
      />,
    );
    const root = await screen.findByTestId('md');
    await waitFor(() => expect(within(root).getByRole('link', { name: '@ada' })).toBeVisible());
    const mention = within(root).getByRole('link', { name: '@ada' });
    expect(mention).toHaveAttribute('href', '/author/@ada');
    expect(mention).not.toHaveAttribute('target');
    expect(within(root).getByRole('link', { name: '@linked' })).toHaveAttribute(
      'href',
      'https://example.org',
    );
    expect(within(root).getAllByRole('link')).toHaveLength(2);
  });

  it('keeps profile links as written and still refuses other relative links', () => {
    expect(transformUrl('/author/@ada', 'href')).toBe('/author/@ada');
    expect(transformUrl('/author/@ada/../../api', 'href')).toBeUndefined();
    expect(transformUrl('/api/v1/auth/me', 'href')).toBeUndefined();
  });
});
