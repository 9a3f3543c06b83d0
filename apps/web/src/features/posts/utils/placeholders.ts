import type { MediaType } from '@symposia/shared';

const base = `${import.meta.env.BASE_URL}placeholders/`;

/**
 * Bundled pictures (apps/web/public/placeholders) shown instead of media that is missing, broken or
 * cannot be shown inline. They are served by the app itself, so they never depend on another site.
 */
export const PLACEHOLDER_IMAGES = {
  /** Tried in order when a post's image fails (spec §4 Media), before a text placeholder. */
  image: [`${base}image.svg`, `${base}image.png`],
  video: `${base}video.svg`,
  audio: `${base}audio.svg`,
  document: `${base}document.svg`,
} as const;

export function placeholderFor(type: Exclude<MediaType, 'image'>): string {
  return PLACEHOLDER_IMAGES[type];
}
