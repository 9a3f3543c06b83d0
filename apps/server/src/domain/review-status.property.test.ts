import fc from 'fast-check';
import { REVIEW_RECOMMENDATIONS, type TrustLevel } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import {
  countsForCurrent,
  reviewedTextOf,
  reviewStatusOf,
  type RuledPost,
  type RuledReview,
} from './review-status.js';

/**
 * The validation rule over random posts, revisions, reviewers, trust levels and recommendations
 * (docs/REVIEW.md): whatever the reviews, the status is one of the four, validated and disputed
 * never hold together, a new revision with other text starts afresh, and the author's own
 * reviews never count.
 */

const AUTHOR = 'author';
const TEXTS = ['a', 'b', 'c'].map((content) =>
  reviewedTextOf({ title: 't', summary: '', content }),
);
const level = fc.constantFrom<TrustLevel>(0, 1, 2, 3);
const rule = fc.record({
  minValidations: fc.integer({ min: 1, max: 4 }),
  trustedLevel: level,
});

/** Revisions 1..n, each with one of three texts (so some edits leave the text unchanged). */
const history = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 });

const review = (revisions: number) =>
  fc.record({
    reviewerId: fc.constantFrom(AUTHOR, 'r1', 'r2', 'r3', 'r4', 'r5'),
    revision: fc.integer({ min: 1, max: revisions }),
    recommendation: fc.constantFrom(...REVIEW_RECOMMENDATIONS),
    trustLevel: level,
  });

const scenario = history.chain((texts) =>
  fc.record({
    texts: fc.constant(texts),
    reviews: fc.array(review(texts.length), { maxLength: 12 }),
    rule,
  }),
);

function postAt(texts: number[], revision: number): RuledPost {
  return { authorId: AUTHOR, revision, text: TEXTS[texts[revision - 1]!]! };
}

function ruled(texts: number[], reviews: Omit<RuledReview, 'reviewedText'>[]): RuledReview[] {
  return reviews.map((r) => ({ ...r, reviewedText: TEXTS[texts[r.revision - 1]!]! }));
}

describe('the review status rule (domain/review-status.ts)', () => {
  it('never says validated and disputed at once, and counts only what may count', () => {
    fc.assert(
      fc.property(scenario, ({ texts, reviews, rule }) => {
        const post = postAt(texts, texts.length);
        const all = ruled(texts, reviews);
        const { status, count } = reviewStatusOf(all, post, rule);
        // One review per reviewer: the one of their latest revision among those that count.
        const latest = new Map<string, RuledReview>();
        for (const r of all) {
          if (r.reviewerId === AUTHOR || !countsForCurrent(r, post)) continue;
          const kept = latest.get(r.reviewerId);
          if (!kept || kept.revision < r.revision) latest.set(r.reviewerId, r);
        }
        expect(count).toBe(latest.size);
        expect(status === 'unreviewed').toBe(count === 0);
        const trusted = [...latest.values()].filter((r) => r.trustLevel >= rule.trustedLevel);
        const saysNotValid = trusted.some((r) => r.recommendation === 'not_valid');
        // Validated needs no trusted not_valid; disputed needs one: never both.
        if (status === 'validated') expect(saysNotValid).toBe(false);
        if (status === 'disputed') expect(saysNotValid).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("ignores the author's own reviews entirely", () => {
    fc.assert(
      fc.property(scenario, ({ texts, reviews, rule }) => {
        const post = postAt(texts, texts.length);
        const all = ruled(texts, reviews);
        const withoutAuthor = all.filter((r) => r.reviewerId !== AUTHOR);
        expect(reviewStatusOf(all, post, rule)).toEqual(reviewStatusOf(withoutAuthor, post, rule));
      }),
      { numRuns: 300 },
    );
  });

  it("a new revision keeps an earlier revision's status only when its text is unchanged", () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: 0, max: 2 }),
        ({ texts, reviews, rule }, nextText) => {
          const before = postAt(texts, texts.length);
          const all = ruled(texts, reviews);
          const edited = [...texts, nextText];
          const after = postAt(edited, edited.length);
          const was = reviewStatusOf(all, before, rule);
          const now = reviewStatusOf(all, after, rule);
          if (after.text === before.text) {
            // Same text: every review that counted still counts, and no other one may start to
            // unless it reviewed that very text too.
            expect(now).toEqual(was);
          } else {
            // New text, no review of it yet: only earlier reviews of that same text count.
            const sameText = all.filter(
              (r) => r.reviewerId !== AUTHOR && r.reviewedText === after.text,
            );
            if (sameText.length === 0) expect(now).toEqual({ status: 'unreviewed', count: 0 });
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('validates with enough trusted approvals, disputes on a trusted not_valid beside them', () => {
    const post = postAt([0], 1);
    const r = (reviewerId: string, recommendation: RuledReview['recommendation'], trust = 3) => ({
      reviewerId,
      revision: 1,
      reviewedText: post.text,
      recommendation,
      trustLevel: trust as TrustLevel,
    });
    const rule = { minValidations: 2, trustedLevel: 3 as TrustLevel };
    expect(reviewStatusOf([], post, rule).status).toBe('unreviewed');
    expect(reviewStatusOf([r('a', 'valid')], post, rule).status).toBe('in_review');
    expect(reviewStatusOf([r('a', 'valid'), r('b', 'minor_revisions')], post, rule).status).toBe(
      'validated',
    );
    expect(reviewStatusOf([r('a', 'valid'), r('b', 'valid', 1)], post, rule).status).toBe(
      'in_review',
    );
    expect(
      reviewStatusOf([r('a', 'valid'), r('b', 'valid'), r('c', 'not_valid')], post, rule).status,
    ).toBe('disputed');
    expect(
      reviewStatusOf([r('a', 'valid'), r('b', 'valid'), r('c', 'not_valid', 0)], post, rule).status,
    ).toBe('validated');
    expect(reviewStatusOf([r(AUTHOR, 'valid'), r('a', 'valid')], post, rule)).toEqual({
      status: 'in_review',
      count: 1,
    });
  });
});
