import type { MediaType } from '@symposia/shared';
import { placeholderFor } from '../utils/placeholders';

/**
 * The decorative picture standing in for a file that is not shown inline (a card's badge or a
 * slide's link says what it is). On the first card or slide it may be the largest thing painted,
 * so it is asked for at once, first (an inline picture is a request too, queued behind the page's
 * scripts otherwise); elsewhere when it comes into view.
 */
export function PlaceholderImage({
  type,
  className,
  priority = false,
}: {
  type: Exclude<MediaType, 'image'>;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      className={className}
      src={placeholderFor(type)}
      alt=""
      width={640}
      height={400}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
