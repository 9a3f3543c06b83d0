import sharp from 'sharp';
import {
  THUMBNAIL_VARIANTS,
  THUMBNAIL_WIDTHS,
  type ThumbnailVariant,
} from './thumbnail-variants.js';

/**
 * Images larger than this are not decoded: a small file can claim a gigantic canvas (a
 * decompression bomb), and sharp refuses it before allocating anything.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

export interface Thumbnail {
  variant: ThumbnailVariant;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * WebP renditions of an image, upright, never enlarged, without metadata: every variant, or only
 * those asked for (a job resumed after a crash makes only the ones still missing).
 */
export async function imageThumbnails(
  source: Buffer,
  variants: readonly ThumbnailVariant[] = THUMBNAIL_VARIANTS,
): Promise<Thumbnail[]> {
  const thumbnails: Thumbnail[] = [];
  for (const variant of variants) {
    const width = THUMBNAIL_WIDTHS[variant];
    const { data, info } = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumbnails.push({ variant, bytes: data, width: info.width, height: info.height });
  }
  return thumbnails;
}

/** A poster frame (any image format) as a card-sized WebP. */
export async function posterThumbnail(frame: Buffer): Promise<Thumbnail> {
  const { data, info } = await sharp(frame, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: THUMBNAIL_WIDTHS.card, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { variant: 'card', bytes: data, width: info.width, height: info.height };
}
