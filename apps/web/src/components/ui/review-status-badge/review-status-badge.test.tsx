import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { ReviewStatusBadge } from './review-status-badge';

describe('ReviewStatusBadge', () => {
  it('names each status a reader is shown', () => {
    const { rerender } = render(<ReviewStatusBadge status="validated" />);
    expect(screen.getByTestId('review-status')).toHaveTextContent('Validated');
    rerender(<ReviewStatusBadge status="disputed" />);
    expect(screen.getByTestId('review-status')).toHaveTextContent('Disputed');
    rerender(<ReviewStatusBadge status="in_review" />);
    expect(screen.getByTestId('review-status')).toHaveTextContent('In review');
  });

  it('shows nothing for a post nobody reviewed', () => {
    const { container } = render(<ReviewStatusBadge status="unreviewed" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    render(<ReviewStatusBadge status="validated" />);
    expect(screen.getByTestId('review-status')).toHaveTextContent('已验证');
  });
});
