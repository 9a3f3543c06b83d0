import { z } from 'zod';

/**
 * Receipts anyone can verify (issue 29): every review, response and award is stored as a canonical
 * JSON document in the IPFS block store, and when its epoch ends a Merkle root over the epoch's
 * receipt CIDs is written to the chain in one memo transaction. docs/RECEIPTS.md says how each
 * value below is computed and how to check it with any IPFS tool and any Solana client.
 */

/** Lowercase hex of a SHA-256. */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** One step of a Merkle path: the sibling's hash and on which side of the running hash it sits. */
export const merkleStepSchema = z.object({
  hash: sha256Hex,
  side: z.enum(['left', 'right']),
});
export type MerkleStep = z.infer<typeof merkleStepSchema>;

/** GET /reviews/{id}/proof: the review's latest anchored receipt and how it reaches the chain. */
export const receiptProofSchema = z.object({
  /** The receipt document's CID (CIDv0, as `ipfs add` makes it by default); /ipfs/{cid}. */
  cid: z.string().max(128),
  /** SHA-256(0x00 ‖ UTF-8 of the CID), hex: the tree's leaf. */
  leaf: sha256Hex,
  /** From the leaf up to the root; empty when the epoch had one receipt. */
  path: z.array(merkleStepSchema).max(64),
  /** The epoch's Merkle root, hex: exactly the memo of the transaction. */
  root: sha256Hex,
  epoch_id: z.number().int(),
  /** The memo transaction's signature (base58). */
  signature: z.string().max(128),
  /** Where the transaction is: 'embedded' (this server's own chain) or a Solana cluster. */
  cluster: z.enum(['embedded', 'mainnet-beta', 'devnet', 'testnet', 'custom']),
});
export type ReceiptProof = z.infer<typeof receiptProofSchema>;
