import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CITATION_CONTENT_TYPES, MESSAGES, type CitationFormat } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { CiteButton } from './cite-dialog';
import { DoiLink, doiUrl } from './doi-link';

const BIBTEX = '@misc{symposia_1,\n\ttitle = {Quantum dots},\n}\n';
const RIS = 'TY  - ICOMM\nTI  - Quantum dots\nER  - \n';
const CSL = [{ id: 'post-1', type: 'post', title: 'Quantum dots' }];

function citationAnswer(request: RecordedRequest): Response {
  const format = new URL(request.url, 'http://localhost').searchParams.get('format');
  const headers = { 'Content-Type': CITATION_CONTENT_TYPES[format as CitationFormat] };
  if (format === 'bibtex') return new Response(BIBTEX, { headers });
  if (format === 'ris') return new Response(RIS, { headers });
  if (format === 'csl') return new Response(JSON.stringify(CSL), { headers });
  return jsonResponse({ detail: 'format: must be one of bibtex, ris, csl' }, 422);
}

function renderCite(answer: (request: RecordedRequest) => Response = citationAnswer) {
  const fetches = routeFetch({ 'GET /media/post-1/cite': answer });
  renderWithProviders(
    <>
      <CiteButton postId="post-1" version={null} />
      <ToastHost />
    </>,
  );
  return fetches;
}

const formatsAsked = (requests: RecordedRequest[]) =>
  requests.map((request) => new URL(request.url, 'http://localhost').searchParams.get('format'));

describe('Cite dialog', () => {
  it("shows the author's ORCID iD as its badge when the citation names one", async () => {
    const user = userEvent.setup();
    const record = 'https://orcid.org/0000-0002-1825-0097';
    const withOrcid = [{ ...CSL[0], author: [{ literal: 'Josiah', _orcid: record }] }];
    renderCite((request) =>
      formatsAsked([request])[0] === 'csl'
        ? new Response(JSON.stringify(withOrcid), {
            headers: { 'Content-Type': CITATION_CONTENT_TYPES.csl },
          })
        : citationAnswer(request),
    );
    await user.click(screen.getByRole('button', { name: 'Cite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cite this post' });
    const badge = await within(dialog).findByRole('link', {
      name: 'ORCID iD 0000-0002-1825-0097, verified: open the public ORCID record',
    });
    expect(badge).toHaveAttribute('href', record);
  });

  it('shows no badge when the author has no ORCID iD', async () => {
    const user = userEvent.setup();
    const { requests } = renderCite();
    await user.click(screen.getByRole('button', { name: 'Cite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cite this post' });
    await within(dialog).findByTestId('citation-text');
    await waitFor(() => expect(formatsAsked(requests)).toContain('csl'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByTestId('orcid-badge')).toBeNull();
  });

  it('opens on BibTeX and copies it to the clipboard with a "Copied" toast', async () => {
    const user = userEvent.setup();
    const { requests } = renderCite();
    await user.click(screen.getByRole('button', { name: 'Cite' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cite this post' });
    const bibtexTab = within(dialog).getByRole('tab', { name: 'BibTeX' });
    expect(bibtexTab).toHaveAttribute('aria-selected', 'true');
    // The dialog takes the focus in an effect after it shows.
    await waitFor(() => expect(bibtexTab).toHaveFocus());
    expect(await within(dialog).findByTestId('citation-text')).toHaveTextContent(
      'title = {Quantum dots}',
    );
    // CSL-JSON comes with it: it names the author's ORCID iD, if any (issue 30).
    expect(formatsAsked(requests)).toEqual(['bibtex', 'csl']);

    await user.click(within(dialog).getByRole('button', { name: 'Copy BibTeX' }));
    expect(await navigator.clipboard.readText()).toBe(BIBTEX);
    expect(await screen.findByText(MESSAGES.citationCopied)).toBeVisible();
  });

  it('moves between the three formats with the arrow keys, Home and End, fetching each once', async () => {
    const user = userEvent.setup();
    const { requests } = renderCite();
    await user.click(screen.getByRole('button', { name: 'Cite' }));
    const dialog = await screen.findByRole('dialog');
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['BibTeX', 'RIS', 'CSL-JSON']);
    await within(dialog).findByText(/Quantum dots/);

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'RIS' })).toHaveFocus();
    expect(within(dialog).getByRole('tab', { name: 'RIS' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(dialog).findByTestId('citation-text')).toHaveTextContent('TY - ICOMM');
    expect(within(dialog).getByRole('tabpanel')).toHaveAccessibleName('RIS');

    await user.keyboard('{End}');
    expect(within(dialog).getByRole('tab', { name: 'CSL-JSON' })).toHaveFocus();
    await waitFor(() =>
      expect(within(dialog).getByTestId('citation-text').textContent).toBe(
        `${JSON.stringify(CSL, null, 2)}\n`,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy CSL-JSON' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(CSL);

    // Right from the last wraps to the first; the BibTeX answer is not fetched again.
    await user.click(within(dialog).getByRole('tab', { name: 'CSL-JSON' }));
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'BibTeX' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(within(dialog).getByRole('tab', { name: 'BibTeX' })).toHaveFocus();
    expect(formatsAsked(requests)).toEqual(['bibtex', 'csl', 'ris']);
  });

  it('keeps focus inside, closes on Escape and gives focus back to Cite', async () => {
    const user = userEvent.setup();
    renderCite();
    const cite = screen.getByRole('button', { name: 'Cite' });
    await user.click(cite);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('citation-text');
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cite).toHaveFocus();
  });

  it('says when the citation cannot be loaded, and tries again on Retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderCite((request) => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ detail: MESSAGES.postNotFoundTitle }, 404)
        : citationAnswer(request);
    });
    await user.click(screen.getByRole('button', { name: 'Cite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.citationLoadFailed);
    expect(alert).toHaveTextContent(MESSAGES.postNotFoundTitle);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('citation-text')).toHaveTextContent('Quantum dots');
  });

  it('tells the reader to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    renderCite();
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Cite' }));
    await user.click(await screen.findByRole('button', { name: 'Copy BibTeX' }));
    expect(writeText).toHaveBeenCalledWith(BIBTEX);
    expect(await screen.findByText(MESSAGES.citationCopyFailed)).toBeVisible();
    expect(screen.queryByText(MESSAGES.citationCopied)).not.toBeInTheDocument();
  });
});

describe('DOI link', () => {
  it('links the DOI to its resolver in a new tab without opener or referrer', () => {
    renderWithProviders(<DoiLink doi="10.1000/a#b?c" />);
    const link = screen.getByRole('link', { name: '10.1000/a#b?c' });
    expect(link).toHaveAttribute('href', 'https://doi.org/10.1000/a%23b%3Fc');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(doiUrl('10.1038/nphys1170')).toBe('https://doi.org/10.1038/nphys1170');
  });

  it('shows nothing for a post without a DOI', () => {
    const { container } = renderWithProviders(<DoiLink doi={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
