import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_SIZE_PX, MESSAGES } from '@symposia/shared';
import { fileTypeFromBuffer } from 'file-type';
import { UnsupportedFileError, UploadLimitError } from '../errors.js';

// Raster formats sharp decodes; SVG is left out on purpose (it is a document that can script).
const AVATAR_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/tiff',
]);

/** Reads at most AVATAR_MAX_BYTES; one byte more and the upload is refused. */
export async function readAvatarBytes(content: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.byteLength;
    if (size > AVATAR_MAX_BYTES) {
      throw new UploadLimitError('file-too-large', MESSAGES.avatarTooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Turns an uploaded image into the avatar we serve: the type is checked by its bytes, the
 * dimensions from the header before anything is decoded (a 20000×20000 image is refused without
 * allocating it), then it is turned upright, cropped to a square and re-encoded as WebP, which
 * leaves every piece of metadata (EXIF, GPS, ICC comments) behind.
 */
export async function normaliseAvatar(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !AVATAR_TYPES.has(type.mime)) {
    throw new UnsupportedFileError(MESSAGES.avatarInvalidType);
  }
  // Loaded with the first avatar, not with the server: libvips costs a quarter of a second to load.
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here, so no pixel limit is needed to read the dimensions.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new UnsupportedFileError(MESSAGES.avatarInvalidType);
  }
  if (!width || !height) throw new UnsupportedFileError(MESSAGES.avatarInvalidType);
  if (width * height > AVATAR_MAX_PIXELS) {
    throw new UploadLimitError('file-too-large', MESSAGES.avatarTooManyPixels);
  }
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that promised an image over bytes that are not one.
    throw new UnsupportedFileError(MESSAGES.avatarInvalidType);
  }
}
