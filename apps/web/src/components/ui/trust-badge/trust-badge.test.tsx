import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrustBadge } from './trust-badge';

describe('TrustBadge', () => {
  it('names the level, never a score', () => {
    render(<TrustBadge level={3} />);
    expect(screen.getByTestId('trust-level')).toHaveTextContent('Trust level 3: Trusted');
  });

  it('shows an unknown level as new', () => {
    render(<TrustBadge level={7} />);
    expect(screen.getByTestId('trust-level')).toHaveTextContent('Trust level 0: New');
  });
});
