import { headerLength, createWriter } from '@ipld/car/buffer-writer';
import { varint } from 'multiformats';
import type { CID } from 'multiformats/cid';

/**
 * CARv1 framing, written by hand around @ipld/car's header encoder. The library's CarWriter
 * pushes into a channel from a separate producer; a plain generator lets the HTTP response pull
 * block by block instead, and stopping early (a client hanging up) leaves nothing running.
 */

/** The CARv1 header naming `root` as the only root. */
export function carHeader(root: CID): Uint8Array {
  const roots = [root];
  return createWriter(new ArrayBuffer(headerLength({ roots })), { roots }).close({ resize: true });
}

/** What precedes a block's bytes in a CARv1 section: varint(length of CID + block) and the CID. */
export function carSectionPrefix(cid: CID, block: Uint8Array): Uint8Array {
  const cidBytes = cid.bytes;
  const sectionLength = cidBytes.byteLength + block.byteLength;
  const lengthBytes = varint.encodingLength(sectionLength);
  const prefix = new Uint8Array(lengthBytes + cidBytes.byteLength);
  varint.encodeTo(sectionLength, prefix, 0);
  prefix.set(cidBytes, lengthBytes);
  return prefix;
}
