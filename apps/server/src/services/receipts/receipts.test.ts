/**
 * Receipts anyone can verify (issue 29), on both databases with real parts: the content store's
 * blocks, the embedded LiteSVM chain, the HTTP API and the gateway. The checks are written here
 * independently of services/receipts/ (canonical form, CIDs through Debian's ipfs_cid, the Merkle
 * tree, the memo read back from the chain's own transaction log).
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ReceiptProof } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { createTestChain, type TestChain } from '../../chain/testing.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type DatabaseUnderTest,
  type TestApp,
} from '../../../test/helpers.js';
import { endEpoch } from '../../../test/rewards.js';

const run = promisify(execFile);

/** The canonical form, written again here: keys sorted, no whitespace. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** docs/RECEIPTS.md's tree, written again: the root over CIDs. */
function independentRoot(cids: string[]): string {
  let level = [...new Set(cids)].sort().map((cid) => sha(Buffer.of(0), Buffer.from(cid)));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? sha(Buffer.of(1), level[i]!, level[i + 1]!) : level[i]!);
    }
    level = next;
  }
  return level[0]!.toString('hex');
}

/** Walks a proof's path from its CID: the root it reaches. */
function rootOfProof(proof: ReceiptProof): string {
  let hash = sha(Buffer.of(0), Buffer.from(proof.cid));
  expect(hash.toString('hex')).toBe(proof.leaf);
  for (const step of proof.path) {
    const sibling = Buffer.from(step.hash, 'hex');
    hash =
      step.side === 'left' ? sha(Buffer.of(1), sibling, hash) : sha(Buffer.of(1), hash, sibling);
  }
  return hash.toString('hex');
}

/** The memo of the transaction, as the chain logged it (not as our tables say). */
async function memoOnChain(testChain: TestChain, signature: string): Promise<string | null> {
  const svm = await testChain.chain.svm();
  const found = svm.getTransaction(signature as never);
  if (!found || !('logs' in found)) return null;
  // The memo program logs `Memo (len N)`, then the memo itself on the next line.
  const logs = found.logs();
  const at = logs.findIndex((line) => /^Program log: Memo \(len \d+\)$/.test(line));
  return at < 0 ? null : (logs[at + 1]?.replace(/^Program log: /, '') ?? null);
}

async function community(db: DatabaseUnderTest) {
  const testChain = await createTestChain();
  // Sessions outlive the epoch the tests move the clock through.
  const testApp = await db.buildApp({
    chain: testChain.chain,
    env: { ACCESS_TOKEN_TTL_SECONDS: '31536000', SESSION_IDLE_TIMEOUT_SECONDS: '31536000' },
  });
  const { app } = testApp;
  const author = await signedInUser(app);
  const reviewer = await signedInUser(app);
  const stranger = await signedInUser(app);
  const publicPost = await uploadPost(app, author.headers, { title: 'Open findings' });
  const privatePost = await uploadPost(app, author.headers, {
    title: 'Private notes',
    visibility: 'private',
  });
  return { testChain, testApp, app, author, reviewer, stranger, publicPost, privatePost };
}

/** A review as the reviews part writes it (its service is another branch's). */
async function insertReview(
  testApp: TestApp,
  postId: string,
  reviewerId: string,
  extra: { anonymous?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await testApp.app.db
    .insertInto('reviews')
    .values({
      id,
      post_id: postId,
      reviewer_id: reviewerId,
      revision: 1,
      reviewed_text: 'a'.repeat(64),
      soundness: 4,
      significance: 3,
      clarity: 5,
      reproducibility: 2,
      confidence: 4,
      recommendation: 'minor_revisions',
      summary: 'Sound, mostly — « résumé » 数学 $x^2$',
      strengths: 'Clear data',
      weaknesses: 'Small sample',
      anonymous: extra.anonymous ?? 0,
      created_at: testApp.clock.now().toISOString(),
    })
    .execute();
  return id;
}

/** A bounty on the post and its award of the review, as the bounties part writes them. */
async function insertAward(
  testApp: TestApp,
  postId: string,
  offererId: string,
  review: { id: string; reviewerId: string },
  units: string,
): Promise<{ bountyId: string; awardId: string; awardedAt: string }> {
  const at = testApp.clock.now().toISOString();
  const bountyId = randomUUID();
  const awardId = randomUUID();
  await testApp.app.db
    .insertInto('bounties')
    .values({
      id: bountyId,
      post_id: postId,
      offerer_id: offererId,
      from_pool: 0,
      amount_units: units,
      max_awards: 1,
      deadline: at,
      settles_at: at,
      status: 'closed',
      created_at: at,
    })
    .execute();
  await testApp.app.db
    .insertInto('bounty_awards')
    .values({
      id: awardId,
      bounty_id: bountyId,
      review_id: review.id,
      reviewer_id: review.reviewerId,
      amount_units: units,
      payout_id: randomUUID(),
      awarded_at: at,
    })
    .execute();
  return { bountyId, awardId, awardedAt: at };
}

async function receiptRows(testApp: TestApp) {
  return testApp.app.db
    .selectFrom('receipts')
    .selectAll()
    .orderBy('kind')
    .orderBy('subject_id')
    .execute();
}

async function bytesOf(testApp: TestApp, cid: string): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of testApp.app.contentStore.cat(cid)) parts.push(part);
  return Buffer.concat(parts);
}

async function proofOf(testApp: TestApp, reviewId: string, headers = {}) {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/v1/reviews/${reviewId}/proof`,
    headers,
  });
}

describeEachDatabase('receipts', (db) => {
  it('stores each review and response as canonical JSON whose CID ipfs_cid computes too', async () => {
    const { testApp, publicPost, reviewer, author } = await community(db);
    const reviewId = await insertReview(testApp, publicPost, reviewer.user.id);
    const anonymousId = await insertReview(testApp, publicPost, author.user.id, { anonymous: 1 });
    await testApp.app.db
      .insertInto('review_responses')
      .values({
        review_id: reviewId,
        author_id: author.user.id,
        content: 'Thank you',
        created_at: testApp.clock.now().toISOString(),
      })
      .execute();

    expect(await testApp.app.services.receipts.makeReceipts()).toBe(3);
    const rows = await receiptRows(testApp);
    expect(rows.map((row) => row.kind).sort()).toEqual(['response', 'review', 'review']);
    const directory = await mkdtemp(join(tmpdir(), 'receipts-'));
    try {
      for (const row of rows) {
        const bytes = await bytesOf(testApp, row.cid);
        const text = bytes.toString('utf8');
        expect(text).toBe(sortedJson(JSON.parse(text)));
        const file = join(directory, `${row.kind}-${row.subject_id}.json`);
        await writeFile(file, bytes);
        const { stdout } = await run('ipfs_cid', [file]);
        expect(row.cid).toBe((JSON.parse(stdout) as { CIDv0: string }).CIDv0);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const review = rows.find((row) => row.subject_id === reviewId && row.kind === 'review')!;
    const document = JSON.parse((await bytesOf(testApp, review.cid)).toString('utf8'));
    expect(document).toMatchObject({
      kind: 'review',
      id: reviewId,
      post_id: publicPost,
      reviewer: reviewer.user.id,
      scores: { soundness: 4, significance: 3, clarity: 5, reproducibility: 2 },
      recommendation: 'minor_revisions',
    });
    // An anonymous reviewer is a commitment only their salt opens.
    const anonymous = rows.find((row) => row.subject_id === anonymousId)!;
    const hidden = JSON.parse((await bytesOf(testApp, anonymous.cid)).toString('utf8'));
    const salt = await testApp.app.services.receipts.reviewerSalt(anonymousId);
    expect(hidden.reviewer).toBe(
      `sha256:${createHash('sha256').update(`${author.user.id}:${salt}`).digest('hex')}`,
    );
    expect(JSON.stringify(hidden)).not.toContain(author.user.id);
    // The presenter's read: the newest receipt of each review.
    const cids = await testApp.app.services.receipts.reviewReceiptCids([reviewId, 'none']);
    expect([...cids.entries()]).toEqual([[reviewId, review.cid]]);
  });

  it('makes each receipt once, with two workers at once and on a rerun; an edit makes another', async () => {
    const { testApp, publicPost, reviewer, stranger } = await community(db);
    const ids = [
      await insertReview(testApp, publicPost, reviewer.user.id),
      await insertReview(testApp, publicPost, stranger.user.id),
    ];
    const receipts = testApp.app.services.receipts;
    const made = await Promise.all([receipts.makeReceipts(), receipts.makeReceipts()]);
    expect(made[0] + made[1]).toBe(2);
    expect(await receipts.makeReceipts()).toBe(0);
    expect(await receiptRows(testApp)).toHaveLength(2);

    testApp.clock.advance(5);
    await testApp.app.db
      .updateTable('reviews')
      .set({ summary: 'Revised', edited_at: testApp.clock.now().toISOString() })
      .where('id', '=', ids[0]!)
      .execute();
    expect(await receipts.makeReceipts()).toBe(1);
    const ofEdited = (await receiptRows(testApp)).filter((row) => row.subject_id === ids[0]);
    expect(new Set(ofEdited.map((row) => row.cid)).size).toBe(2);
  });

  it('anchors an ended epoch in one memo transaction whose memo is the root of every proof', async () => {
    const { testChain, testApp, publicPost, reviewer, stranger, author } = await community(db);
    const ids = [
      await insertReview(testApp, publicPost, reviewer.user.id),
      await insertReview(testApp, publicPost, stranger.user.id),
      await insertReview(testApp, publicPost, author.user.id),
    ];
    const receipts = testApp.app.services.receipts;
    await receipts.makeReceipts();
    expect((await proofOf(testApp, ids[0]!)).statusCode).toBe(404);
    expect((await proofOf(testApp, ids[0]!)).json().detail).toMatch(/no proof yet/);

    await endEpoch(testApp);
    const epochs = await receipts.tick();
    const epochId = (await receiptRows(testApp))[0]!.epoch_id;
    expect(epochs).toContain(epochId);
    const fee = await testChain.lamportsOf(testChain.chain.faucetAddress);
    // Two workers at once, then a rerun: one transaction.
    await Promise.allSettled([receipts.anchorEpoch(epochId), receipts.anchorEpoch(epochId)]);
    await receipts.anchorEpoch(epochId);
    expect(fee - (await testChain.lamportsOf(testChain.chain.faucetAddress))).toBe(5000n);

    const cids = (await receiptRows(testApp)).map((row) => row.cid);
    const root = independentRoot(cids);
    for (const id of ids) {
      const response = await proofOf(testApp, id);
      expect(response.statusCode, response.body).toBe(200);
      const proof = response.json<ReceiptProof>();
      expect(proof).toMatchObject({ root, epoch_id: epochId, cluster: 'embedded' });
      expect(rootOfProof(proof)).toBe(root);
      expect(await memoOnChain(testChain, proof.signature)).toBe(root);
    }
    expect(await receipts.tick()).not.toContain(epochId);
  });

  it("stores each award once as canonical JSON, a leaf of its epoch's root, served with its review", async () => {
    const { testChain, testApp, app, publicPost, reviewer, author, stranger } = await community(db);
    const named = await insertReview(testApp, publicPost, reviewer.user.id);
    const anonymous = await insertReview(testApp, publicPost, stranger.user.id, { anonymous: 1 });
    // Above 2^53: the amount must survive as a string, digit for digit.
    const big = '9007199254740993';
    const awards = [
      await insertAward(
        testApp,
        publicPost,
        author.user.id,
        {
          id: named,
          reviewerId: reviewer.user.id,
        },
        big,
      ),
      await insertAward(
        testApp,
        publicPost,
        author.user.id,
        {
          id: anonymous,
          reviewerId: stranger.user.id,
        },
        '300',
      ),
    ];
    const receipts = app.services.receipts;
    // Two workers at once, then a rerun: each award gets exactly one receipt.
    const made = await Promise.all([receipts.makeReceipts(), receipts.makeReceipts()]);
    expect(made[0] + made[1]).toBe(4);
    expect(await receipts.makeReceipts()).toBe(0);
    const rows = await receiptRows(testApp);
    const ofAwards = rows.filter((row) => row.kind === 'award');
    expect(ofAwards.map((row) => row.subject_id).sort()).toEqual(
      awards.map((award) => award.awardId).sort(),
    );

    const directory = await mkdtemp(join(tmpdir(), 'award-receipts-'));
    const documents = new Map<string, Record<string, unknown>>();
    try {
      for (const row of ofAwards) {
        const bytes = await bytesOf(testApp, row.cid);
        const text = bytes.toString('utf8');
        expect(text).toBe(sortedJson(JSON.parse(text)));
        const file = join(directory, `award-${row.subject_id}.json`);
        await writeFile(file, bytes);
        const { stdout } = await run('ipfs_cid', [file]);
        expect(row.cid).toBe((JSON.parse(stdout) as { CIDv0: string }).CIDv0);
        documents.set(row.subject_id, JSON.parse(text) as Record<string, unknown>);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const reviewDocument = async (id: string) => {
      const row = rows.find((r) => r.kind === 'review' && r.subject_id === id)!;
      return JSON.parse((await bytesOf(testApp, row.cid)).toString('utf8')) as {
        reviewer: string;
      };
    };
    const [first, second] = awards as [(typeof awards)[0], (typeof awards)[0]];
    expect(documents.get(first.awardId)).toEqual({
      format: 'symposia-receipt/1',
      kind: 'award',
      id: first.awardId,
      bounty_id: first.bountyId,
      review_id: named,
      post_id: publicPost,
      reviewer: reviewer.user.id,
      amount: big,
      awarded_at: first.awardedAt,
    });
    expect(ofAwards.find((row) => row.subject_id === first.awardId)!.review_id).toBe(named);
    // The anonymous review's award names its reviewer by the review's own commitment.
    const hidden = documents.get(second.awardId)!;
    expect(hidden).toMatchObject({ review_id: anonymous, amount: '300' });
    expect(hidden.reviewer).toBe((await reviewDocument(anonymous)).reviewer);
    expect(hidden.reviewer).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(hidden)).not.toContain(stranger.user.id);

    await endEpoch(testApp);
    await receipts.tick();
    const epochId = ofAwards[0]!.epoch_id;
    await receipts.anchorEpoch(epochId);
    const anchor = await app.db
      .selectFrom('receipt_anchors')
      .selectAll()
      .where('epoch_id', '=', epochId)
      .executeTakeFirstOrThrow();
    const leaves = rows.filter((row) => row.epoch_id === epochId).map((row) => row.cid);
    for (const row of ofAwards) expect(leaves).toContain(row.cid);
    expect(anchor.root).toBe(independentRoot(leaves));
    expect(Number(anchor.leaf_count)).toBe(4);
    expect(await memoOnChain(testChain, anchor.signature!)).toBe(anchor.root);
    // The review's proof is the review's own receipt, under the same root.
    const proof = (await proofOf(testApp, named)).json<ReceiptProof>();
    expect(proof.cid).toBe(rows.find((r) => r.kind === 'review' && r.subject_id === named)!.cid);
    expect(rootOfProof(proof)).toBe(anchor.root);

    // Served while its review is: the anonymous one's review is hidden before anyone asks.
    await app.db
      .updateTable('reviews')
      .set({ hidden_at: testApp.clock.now().toISOString() })
      .where('id', '=', anonymous)
      .execute();
    const gateway = (cid: string) => app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    const cidOf = (awardId: string) => ofAwards.find((row) => row.subject_id === awardId)!.cid;
    const served = await gateway(cidOf(first.awardId));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await bytesOf(testApp, cidOf(first.awardId)))).toBe(true);
    expect((await gateway(cidOf(second.awardId))).statusCode).toBe(404);
  });

  it('follows the review: 404 for a review one may not see; the gateway serves public ones only', async () => {
    const { testApp, app, publicPost, privatePost, reviewer, author, stranger } =
      await community(db);
    const onPublic = await insertReview(testApp, publicPost, reviewer.user.id);
    const onPrivate = await insertReview(testApp, privatePost, author.user.id);
    const hidden = await insertReview(testApp, publicPost, stranger.user.id);
    const receipts = app.services.receipts;
    await receipts.makeReceipts();
    await app.db
      .updateTable('reviews')
      .set({ hidden_at: testApp.clock.now().toISOString() })
      .where('id', '=', hidden)
      .execute();
    await endEpoch(testApp);
    await receipts.tick();
    const rows = await receiptRows(testApp);
    await receipts.anchorEpoch(rows[0]!.epoch_id);
    const cidOf = (id: string) => rows.find((row) => row.subject_id === id)!.cid;

    expect((await proofOf(testApp, 'no-such-review')).statusCode).toBe(404);
    expect((await proofOf(testApp, onPublic)).statusCode).toBe(200);
    expect((await proofOf(testApp, onPrivate)).statusCode).toBe(404);
    expect((await proofOf(testApp, onPrivate, stranger.headers)).statusCode).toBe(404);
    expect((await proofOf(testApp, onPrivate, author.headers)).statusCode).toBe(200);
    expect((await proofOf(testApp, hidden)).statusCode).toBe(404);
    expect((await proofOf(testApp, hidden, stranger.headers)).statusCode).toBe(200);

    const gateway = (cid: string) => app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    const served = await gateway(cidOf(onPublic));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await bytesOf(testApp, cidOf(onPublic)))).toBe(true);
    expect((await gateway(cidOf(onPrivate))).statusCode).toBe(404);
    expect((await gateway(cidOf(hidden))).statusCode).toBe(404);

    await app.db
      .updateTable('reviews')
      .set({ deleted_at: testApp.clock.now().toISOString() })
      .where('id', '=', onPublic)
      .execute();
    expect((await proofOf(testApp, onPublic)).statusCode).toBe(404);
  });
});

describeEachDatabase('scripts/verify-receipt.mjs', (db) => {
  it('checks a proof against the running server and a Solana RPC, and fails a forged one', async () => {
    const { testChain, testApp, app, publicPost, reviewer } = await community(db);
    const reviewId = await insertReview(testApp, publicPost, reviewer.user.id);
    await app.services.receipts.makeReceipts();
    await endEpoch(testApp);
    await app.services.receipts.tick();
    await app.services.receipts.anchorEpoch((await receiptRows(testApp))[0]!.epoch_id);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    // getTransaction as an RPC node answers it, from the embedded chain's own record.
    const rpc = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void (async () => {
          const { id, params } = JSON.parse(body) as { id: number; params: [string] };
          const found = (await testChain.chain.svm()).getTransaction(params[0] as never);
          const result = found && {
            meta: { err: null, logMessages: ('logs' in found ? found : found.meta()).logs() },
            transaction: { message: { accountKeys: [], instructions: [] } },
          };
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
        })();
      });
    });
    await new Promise<void>((resolve) => rpc.listen(0, '127.0.0.1', resolve));
    const rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
    const script = new URL('../../../../../scripts/verify-receipt.mjs', import.meta.url).pathname;
    try {
      const { stdout } = await run('node', [
        script,
        ...['--base', base, '--review', reviewId, '--rpc', rpcUrl],
      ]);
      expect(stdout).toContain('ok   CID recomputed from the document');
      expect(stdout).toContain('ok   Merkle path reaches the root');
      expect(stdout).toMatch(/ok {3}memo of \w+ is the root/);
      expect(stdout).not.toContain('FAIL');

      const proof = (await proofOf(testApp, reviewId)).json<ReceiptProof>();
      const directory = await mkdtemp(join(tmpdir(), 'forged-'));
      const forged = join(directory, 'proof.json');
      await writeFile(forged, JSON.stringify({ ...proof, root: 'f'.repeat(64) }));
      const failed = await run('node', [
        script,
        ...['--proof', forged, '--gateway', base, '--rpc', rpcUrl],
      ]).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      await rm(directory, { recursive: true, force: true });
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain('FAIL Merkle path reaches the root');
      expect(failed?.stdout).toMatch(/FAIL memo of \w+ is the root/);
    } finally {
      rpc.close();
    }
  });
});

describe('the canonical form', () => {
  it('is written again independently above', () => {
    expect(sortedJson({ b: 1, a: [true, null, 'x'] })).toBe('{"a":[true,null,"x"],"b":1}');
  });
});
