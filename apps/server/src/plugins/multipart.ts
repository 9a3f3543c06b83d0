import multipart from '@fastify/multipart';
import { POST_FIELD_MAX_LENGTH, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@symposia/shared';
import fp from 'fastify-plugin';

/**
 * Multipart bodies for uploads, always streamed (never attached to the body or buffered). The
 * limits here are a backstop a notch above the spec's: the upload service counts files and meters
 * bytes itself, so a person gets the spec's messages rather than the parser's.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      // A file is read in 1 MiB steps rather than busboy's 16 KiB default: fewer, larger chunks
      // for the content store's 256 KiB blocks.
      highWaterMark: 1024 * 1024,
      fileHwm: 1024 * 1024,
      limits: {
        files: UPLOAD_MAX_FILES + 1,
        fileSize: UPLOAD_MAX_FILE_BYTES + 1,
        fields: 50,
        // Four bytes a character at most in UTF-8.
        fieldSize: POST_FIELD_MAX_LENGTH.content * 4,
        parts: 100,
        // A part needs two headers (Content-Disposition, Content-Type); busboy would accept 2,000.
        headerPairs: 20,
      },
    });
  },
  { name: 'multipart' },
);
