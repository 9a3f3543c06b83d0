#!/usr/bin/env node
/**
 * Checks a review's receipt on its own, with no code of the server (docs/RECEIPTS.md):
 *
 *   node scripts/verify-receipt.mjs --base https://symposia.example --review <id> [--rpc <url>]
 *   node scripts/verify-receipt.mjs --proof proof.json --gateway https://symposia.example [--rpc <url>]
 *
 * 1. fetches the document from the gateway (/ipfs/{cid}) and recomputes its CID from the bytes
 *    (UnixFS, as `ipfs add` makes it: CIDv0, one 256 KiB chunk; also with `ipfs_cid` if on PATH);
 * 2. checks the Merkle path from the CID's leaf to the root;
 * 3. with --rpc, fetches the transaction by its signature (getTransaction) and checks that its
 *    memo is the root. Without --rpc the chain is not checked, and the script says so.
 *
 * Exit code 0 when every check made passed, 1 otherwise.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);
const CHUNK = 262_144;
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function base58(bytes) {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function fromBase58(text) {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`not base58: ${text}`);
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.match(/^1*/)[0].length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

function varint(n) {
  const out = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

/** CIDv0 of a file of one chunk: a dag-pb node whose Data is UnixFS {Type: File, Data, filesize}. */
function cidV0(bytes) {
  if (bytes.length > CHUNK) return null;
  const unixfs = Buffer.concat([
    Buffer.from([0x08, 0x02]),
    Buffer.from([0x12]),
    varint(bytes.length),
    bytes,
    Buffer.from([0x18]),
    varint(bytes.length),
  ]);
  const node = Buffer.concat([Buffer.from([0x0a]), varint(unixfs.length), unixfs]);
  return base58(Buffer.concat([Buffer.from([0x12, 0x20]), sha256(node)]));
}

function ipfsCidTool(bytes) {
  const directory = mkdtempSync(join(tmpdir(), 'verify-receipt-'));
  try {
    const file = join(directory, 'receipt.json');
    writeFileSync(file, bytes);
    const out = execFileSync('ipfs_cid', [file], { stdio: ['ignore', 'pipe', 'ignore'] });
    return JSON.parse(out.toString()).CIDv0;
  } catch {
    return null;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function merkleRoot(proof) {
  let hash = sha256(Buffer.of(0), Buffer.from(proof.cid, 'utf8'));
  const leafOk = hash.toString('hex') === proof.leaf;
  for (const step of proof.path) {
    const sibling = Buffer.from(step.hash, 'hex');
    hash =
      step.side === 'left'
        ? sha256(Buffer.of(1), sibling, hash)
        : sha256(Buffer.of(1), hash, sibling);
  }
  return { leafOk, root: hash.toString('hex') };
}

/** The memos of the transaction: its memo instructions' data, and what the program logged. */
async function memosOnChain(rpc, signature) {
  const response = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTransaction',
      params: [
        signature,
        { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ],
    }),
  });
  const { result, error } = await response.json();
  if (error) throw new Error(`getTransaction: ${error.message}`);
  if (!result) throw new Error(`no transaction ${signature} on ${rpc}`);
  if (result.meta?.err)
    throw new Error(`the transaction failed: ${JSON.stringify(result.meta.err)}`);
  const memos = { instructions: [], logs: [] };
  const message = result.transaction?.message;
  for (const instruction of message?.instructions ?? []) {
    if (MEMO_PROGRAMS.has(message.accountKeys[instruction.programIdIndex])) {
      memos.instructions.push(fromBase58(instruction.data).toString('utf8'));
    }
  }
  const logs = result.meta?.logMessages ?? [];
  logs.forEach((line, at) => {
    if (/^Program log: Memo \(len \d+\)/.test(line)) {
      const inline = /: "(.*)"$/.exec(line);
      memos.logs.push(inline ? inline[1] : (logs[at + 1] ?? '').replace(/^Program log: /, ''));
    }
  });
  return memos;
}

function options(argv) {
  const out = {};
  for (let at = 0; at < argv.length; at += 2) {
    const name = argv[at]?.replace(/^--/, '');
    if (!name || argv[at + 1] === undefined) throw new Error(`missing value of ${argv[at]}`);
    out[name] = argv[at + 1];
  }
  return out;
}

async function main() {
  const args = options(process.argv.slice(2));
  const base = args.base?.replace(/\/$/, '');
  let proof;
  if (args.proof) proof = JSON.parse(readFileSync(args.proof, 'utf8'));
  else if (base && args.review) {
    const response = await fetch(`${base}/api/v1/reviews/${encodeURIComponent(args.review)}/proof`);
    if (!response.ok) throw new Error(`proof: ${response.status} ${await response.text()}`);
    proof = await response.json();
  } else {
    throw new Error('give --proof FILE, or --base URL and --review ID');
  }
  const gateway = (args.gateway ?? base)?.replace(/\/$/, '');
  const results = [];
  const check = (name, ok, detail) => {
    results.push(ok);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  };

  if (gateway) {
    const response = await fetch(`${gateway}/ipfs/${proof.cid}`);
    if (!response.ok) check('document fetched', false, `${response.status}`);
    else {
      const bytes = Buffer.from(await response.arrayBuffer());
      const computed = cidV0(bytes);
      check('CID recomputed from the document', computed === proof.cid, computed ?? 'too large');
      const tool = ipfsCidTool(bytes);
      if (tool !== null) check('CID by ipfs_cid', tool === proof.cid, tool);
    }
  } else console.log('skip the document: no --gateway');

  const { leafOk, root } = merkleRoot(proof);
  check('leaf is SHA-256(0x00 ‖ CID)', leafOk);
  check('Merkle path reaches the root', root === proof.root, root);

  if (args.rpc) {
    const memos = await memosOnChain(args.rpc, proof.signature);
    const seen = [...memos.instructions, ...memos.logs];
    check(
      `memo of ${proof.signature} is the root`,
      seen.length > 0 && seen.every((memo) => memo === proof.root),
      seen.join(', ') || 'no memo',
    );
  } else console.log('skip the chain: no --rpc');

  process.exit(results.every(Boolean) ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
