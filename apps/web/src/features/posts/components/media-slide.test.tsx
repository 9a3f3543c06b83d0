import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGES } from '../utils/placeholders';
import { MediaSlide } from './media-slide';

const item = (type: 'document' | 'audio') => ({ url: `/ipfs/cid-${type}`, type, name: type });

describe('MediaSlide', () => {
  it.each(['document', 'audio'] as const)(
    "the first slide's %s placeholder is asked for first: it may be the page's largest picture",
    (type) => {
      const { container, rerender } = render(<MediaSlide item={item(type)} label={type} eager />);
      const picture = () => container.querySelector(`img[src="${PLACEHOLDER_IMAGES[type]}"]`);
      expect(picture()).toHaveAttribute('fetchpriority', 'high');

      rerender(<MediaSlide item={item(type)} label={type} eager={false} />);
      expect(picture()).not.toBeNull();
      expect(picture()).not.toHaveAttribute('fetchpriority');
    },
  );
});
