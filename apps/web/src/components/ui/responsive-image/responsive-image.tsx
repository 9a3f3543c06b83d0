import type { ImgHTMLAttributes } from 'react';
import { FallbackImage } from '../fallback-image/fallback-image';

/** One rendition of a picture: a `srcset` candidate, at most `width` pixels wide. */
export type ImageCandidate = { url: string; width: number };

type ResponsiveImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'onError' | 'loading' | 'fetchPriority' | 'width' | 'height'
> & {
  /** What is shown where no candidate applies (and the first source of the fallbacks). */
  src: string;
  alt: string;
  /** The picture's renditions (e.g. the API's 640 px and 1600 px thumbnails), any order. */
  candidates?: readonly ImageCandidate[];
  /** How wide the image is laid out, as the `sizes` attribute says it. */
  sizes: string;
  /**
   * The box's proportions (any unit): the browser reserves the space before a byte arrives, so
   * nothing below it moves. The element's CSS still decides the size it is drawn at.
   */
  width: number;
  height: number;
  /**
   * The first image a reader sees (the page's largest paint): fetched at once with high priority.
   * Every other image waits until it nears the viewport.
   */
  priority?: boolean;
  /** Tried in order when the picture fails to load (see FallbackImage). */
  fallbacks?: readonly string[];
  fallbackText?: string;
};

/** The `srcset` of the candidates, narrowest first, each width given once. */
export function srcSetOf(candidates: readonly ImageCandidate[]): string | undefined {
  const byWidth = new Map<number, string>();
  for (const { url, width } of candidates) {
    if (url && Number.isInteger(width) && width > 0 && !byWidth.has(width)) {
      byWidth.set(width, url);
    }
  }
  if (byWidth.size === 0) return undefined;
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

/**
 * An image in several renditions (spec §2 forum cards and detail carousel): `srcset` and `sizes`
 * let the browser fetch the smallest one that is sharp on the screen, the given proportions keep
 * the layout still, and only the `priority` image is fetched eagerly. A broken source falls back
 * like FallbackImage.
 */
export function ResponsiveImage({
  candidates = [],
  sizes,
  priority = false,
  ...props
}: ResponsiveImageProps) {
  const srcSet = srcSetOf(candidates);
  return (
    <FallbackImage
      {...props}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
    />
  );
}
