/**
 * Typed failures of the content store. Callers (the gateway route, the upload service) map them
 * to their own answers, so each one stands for exactly one situation a caller handles
 * differently: a malformed CID is the client's mistake (400), absent content is a 404, an
 * oversized upload is the uploader's to fix, and corrupt or foreign data is the server's problem.
 */

export class InvalidCidError extends Error {
  override readonly name = 'InvalidCidError';

  constructor(
    readonly input: string,
    options?: { cause?: unknown },
  ) {
    super(
      `Not a valid CID: ${JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)}`,
      options,
    );
  }
}

/**
 * The import was stopped as soon as the stream passed `maxBytes`. The blocks it wrote before
 * that point are removed with its upload session (see content-store.ts).
 */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';

  constructor(readonly maxBytes: number) {
    super(`The content exceeds the limit of ${maxBytes} bytes`);
  }
}

/** A block the request needs is not in the store (the root, or a child met while streaming). */
export class ContentNotFoundError extends Error {
  override readonly name = 'ContentNotFoundError';

  constructor(readonly cid: string) {
    super(`Block not found: ${cid}`);
  }
}

/** The content exists but is not something this store serves as a file (a directory, another codec). */
export class UnsupportedContentError extends Error {
  override readonly name = 'UnsupportedContentError';

  constructor(
    readonly cid: string,
    reason: string,
  ) {
    super(`Unsupported content ${cid}: ${reason}`);
  }
}

/** The DAG contradicts itself (sizes that do not add up, undecodable nodes): a storage fault. */
export class CorruptContentError extends Error {
  override readonly name = 'CorruptContentError';

  constructor(
    readonly cid: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Corrupt content ${cid}: ${reason}`, options);
  }
}

/** A byte range that does not fit the content (the gateway answers 416). */
export class InvalidRangeError extends Error {
  override readonly name = 'InvalidRangeError';

  constructor(
    readonly offset: number,
    readonly length: number | undefined,
    readonly size: number,
  ) {
    super(
      `Range offset=${offset}${length === undefined ? '' : ` length=${length}`} does not fit content of ${size} bytes`,
    );
  }
}
