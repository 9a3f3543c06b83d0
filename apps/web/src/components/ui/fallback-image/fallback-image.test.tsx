import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FallbackImage } from './fallback-image';

describe('FallbackImage', () => {
  it('shows the picture while it loads fine', () => {
    render(<FallbackImage src="/ipfs/a.png" alt="Chart" fallbacks={['/f1.svg']} />);
    expect(screen.getByRole('img', { name: 'Chart' })).toHaveAttribute('src', '/ipfs/a.png');
  });

  it('cycles through the fallback images, then shows a text placeholder', () => {
    render(
      <FallbackImage
        src="/ipfs/broken.png"
        alt="Chart"
        fallbacks={['/f1.svg', '/f2.png']}
        fallbackText="Image unavailable"
      />,
    );

    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Chart' })).toHaveAttribute('src', '/f1.svg');
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Chart' })).toHaveAttribute('src', '/f2.png');
    fireEvent.error(screen.getByRole('img'));

    const placeholder = screen.getByRole('img', { name: 'Chart (image unavailable)' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveTextContent('Image unavailable');
  });

  it('moves on once from a source however often its failure is heard', () => {
    render(<FallbackImage src="/ipfs/broken.png" alt="Chart" fallbacks={['/f1.svg']} />);
    const image = screen.getByRole('img');
    // Heard twice before React renders again (a failure fired again after hydration).
    act(() => {
      fireEvent.error(image);
      fireEvent.error(image);
    });
    expect(screen.getByRole('img', { name: 'Chart' })).toHaveAttribute('src', '/f1.svg');
  });

  it('starts again from a new source', () => {
    const { rerender } = render(<FallbackImage src="/a.png" alt="A" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'A (image unavailable)' }).tagName).toBe('SPAN');

    rerender(<FallbackImage src="/b.png" alt="A" />);
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', '/b.png');
  });
});
