import type { MediaType } from '@symposia/shared';
import audioSvg from '../assets/audio.svg?raw';
import documentSvg from '../assets/document.svg?raw';
import videoSvg from '../assets/video.svg?raw';

const base = `${import.meta.env.BASE_URL}placeholders/`;

/**
 * A picture written into the page itself: a card's or a post's first picture is often its
 * largest element, and one that had to wait for its own request behind the page's scripts
 * painted last (largest contentful paint). Each is under 1 KB.
 */
const inline = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;

/**
 * Pictures shown instead of media that is missing, broken or cannot be shown inline. They come
 * with the app itself, so they never depend on another site: the image fallbacks from
 * apps/web/public/placeholders (fetched only once an image failed), the others inline.
 */
export const PLACEHOLDER_IMAGES = {
  /** Tried in order when a post's image fails (spec §4 Media), before a text placeholder. */
  image: [`${base}image.svg`, `${base}image.png`],
  video: inline(videoSvg),
  audio: inline(audioSvg),
  document: inline(documentSvg),
} as const;

export function placeholderFor(type: Exclude<MediaType, 'image'>): string {
  return PLACEHOLDER_IMAGES[type];
}
