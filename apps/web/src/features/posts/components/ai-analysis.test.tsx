import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiAnalysis } from './ai-analysis';

describe('AiAnalysis', () => {
  it('shows key points as paragraphs and a list, and the tags with #', () => {
    const raw = JSON.stringify({
      summary: 'A study of codes.\n\n- Lower error rates\n- Fewer qubits',
      tags: ['quantum', 'codes'],
    });
    render(<AiAnalysis raw={raw} status="published" />);

    const box = screen.getByRole('region', { name: /AI Analysis/ });
    expect(within(box).getByRole('heading', { name: 'Key points' })).toBeInTheDocument();
    expect(within(box).getByText('A study of codes.').tagName).toBe('P');
    const points = within(box).getAllByRole('list')[0]!;
    expect(
      within(points)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lower error rates', 'Fewer qubits']);
    const tags = within(box).getByRole('list', { name: 'Suggested tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#quantum', '#codes']);
  });

  it("says 'No AI analysis yet.' when there is none", () => {
    render(<AiAnalysis raw="" status="published" />);
    expect(screen.getByText('No AI analysis yet.')).toBeInTheDocument();
  });

  it('tells the author why processing gave up', () => {
    render(<AiAnalysis raw="" status="processing" processingError="gave up after 5 attempts" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The analysis could not be completed: gave up after 5 attempts',
    );
    expect(screen.queryByText(/^Analysis in progress/)).not.toBeInTheDocument();
  });

  it("says 'Analysis in progress' while the post is processing", () => {
    render(<AiAnalysis raw="" status="processing" />);
    expect(screen.getByText(/^Analysis in progress/)).toBeInTheDocument();
  });

  it('shows the placeholder instead of crashing on a bad JSON string', () => {
    render(<AiAnalysis raw="{oops" status="published" />);
    expect(screen.getByText('No AI analysis yet.')).toBeInTheDocument();
  });

  it('renders user text as text, never as markup', () => {
    const raw = JSON.stringify({ summary: '<img src=x onerror=alert(1)>', tags: [] });
    render(<AiAnalysis raw={raw} status="published" />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
