import { IMAGE_RENDITION_WIDTHS } from '@symposia/shared';

/**
 * The renditions an image gets, apart from what makes them (thumbnails.ts, which loads sharp): the
 * server and the worker name them without loading an image library.
 */

/** Card (forum grid) and detail (carousel) widths: about 2× what each shows on a phone/desktop. */
export const THUMBNAIL_WIDTHS = IMAGE_RENDITION_WIDTHS;
export type ThumbnailVariant = keyof typeof THUMBNAIL_WIDTHS;

export const THUMBNAIL_VARIANTS = Object.keys(THUMBNAIL_WIDTHS) as ThumbnailVariant[];
