import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrcidBadge } from './orcid-badge';

describe('OrcidBadge', () => {
  it('links the iD to its public record, named for what it opens', () => {
    render(<OrcidBadge orcid="0000-0002-1825-0097" url="https://orcid.org/0000-0002-1825-0097" />);
    const link = screen.getByRole('link', {
      name: 'ORCID iD 0000-0002-1825-0097, verified: open the public ORCID record',
    });
    expect(link).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('0000-0002-1825-0097');
  });
});
