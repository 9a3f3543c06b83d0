import type { Multipart } from '@fastify/multipart';
import { MESSAGES } from '@symposia/shared';
import type { FastifyRequest } from 'fastify';
import { UploadInterruptedError, type UploadPart } from '../../services/index.js';

/**
 * The request's multipart parts in the service's terms. The parser's failures mid-body (a cut
 * connection, a form without its closing boundary) become UploadInterruptedError, so a person
 * hears the upload broke off rather than a parser's words or a 500.
 */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  const parts = request.parts() as AsyncIterable<Multipart>;
  const iterator = parts[Symbol.asyncIterator]();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw interrupted(error);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'field') {
      yield { type: 'field', name: part.fieldname, value: String(part.value ?? '') };
    } else {
      yield {
        type: 'file',
        field: part.fieldname,
        fileName: part.filename,
        content: guarded(part.file),
      };
    }
  }
}

async function* guarded(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch (error) {
    throw interrupted(error);
  }
}

function interrupted(error: unknown): unknown {
  // Errors the parser raises with a client status (not multipart, too many parts…) say what to fix.
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return new UploadInterruptedError(MESSAGES.uploadInterrupted, { cause: error });
}
