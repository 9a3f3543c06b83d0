import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage, srcSetOf } from './responsive-image';

const RENDITIONS = [
  { url: '/ipfs/detail', width: 1600 },
  { url: '/ipfs/card', width: 640 },
];
const SIZES = '(min-width: 1024px) 342px, calc(100vw - 32px)';

describe('ResponsiveImage', () => {
  it('offers every rendition in srcset, narrowest first, with sizes and the proportions', () => {
    render(
      <ResponsiveImage
        src="/ipfs/card"
        candidates={RENDITIONS}
        sizes={SIZES}
        width={640}
        height={400}
        alt="Chart"
      />,
    );
    const image = screen.getByRole('img', { name: 'Chart' });
    expect(image).toHaveAttribute('src', '/ipfs/card');
    expect(image).toHaveAttribute('srcset', '/ipfs/card 640w, /ipfs/detail 1600w');
    expect(image).toHaveAttribute('sizes', SIZES);
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '400');
  });

  it('is lazy and of no special priority unless it is the first image', () => {
    render(
      <ResponsiveImage
        src="/a"
        candidates={RENDITIONS}
        sizes={SIZES}
        width={16}
        height={10}
        alt="Later"
      />,
    );
    const image = screen.getByRole('img', { name: 'Later' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('fetches the priority image at once, with high priority', () => {
    render(
      <ResponsiveImage
        src="/a"
        candidates={RENDITIONS}
        sizes={SIZES}
        width={16}
        height={10}
        alt="First"
        priority
      />,
    );
    const image = screen.getByRole('img', { name: 'First' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('without renditions is a plain image: no srcset, no sizes', () => {
    render(
      <ResponsiveImage src="/ipfs/original" sizes={SIZES} width={16} height={10} alt="Plain" />,
    );
    const image = screen.getByRole('img', { name: 'Plain' });
    expect(image).toHaveAttribute('src', '/ipfs/original');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('drops the renditions when the picture fails, so the fallback is really shown', () => {
    render(
      <ResponsiveImage
        src="/ipfs/card"
        candidates={RENDITIONS}
        sizes={SIZES}
        width={16}
        height={10}
        alt="Broken"
        fallbacks={['/fallback.svg']}
      />,
    );
    fireEvent.error(screen.getByRole('img'));
    const image = screen.getByRole('img', { name: 'Broken' });
    expect(image).toHaveAttribute('src', '/fallback.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('builds a srcset that names each width once and skips unusable candidates', () => {
    expect(
      srcSetOf([
        { url: '/b', width: 1600 },
        { url: '/a', width: 640 },
        { url: '/dup', width: 640 },
        { url: '', width: 800 },
        { url: '/zero', width: 0 },
      ]),
    ).toBe('/a 640w, /b 1600w');
    expect(srcSetOf([])).toBeUndefined();
  });
});
