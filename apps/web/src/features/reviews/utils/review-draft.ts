import type { Review, ReviewRecommendation, ReviewScoreName } from '@symposia/shared';
import type { FieldError } from '@/lib/api-client';

export const SCORES = ['1', '2', '3', '4', '5'] as const;
export type ScoreText = (typeof SCORES)[number];

/** The review as typed: a score is unchosen (null) until picked. */
export type ReviewDraft = Record<ReviewScoreName | 'confidence', ScoreText | null> & {
  recommendation: ReviewRecommendation | null;
  summary: string;
  strengths: string;
  weaknesses: string;
  anonymous: boolean;
};

export type ReviewFieldName = keyof ReviewDraft;

export const EMPTY_REVIEW: ReviewDraft = {
  soundness: null,
  significance: null,
  clarity: null,
  reproducibility: null,
  confidence: null,
  recommendation: null,
  summary: '',
  strengths: '',
  weaknesses: '',
  anonymous: false,
};

const scoreText = (score: number) => String(score) as ScoreText;

/** The review as the form starts editing it: what the reviewer wrote. */
export function draftOf(review: Review): ReviewDraft {
  return {
    soundness: scoreText(review.scores.soundness),
    significance: scoreText(review.scores.significance),
    clarity: scoreText(review.scores.clarity),
    reproducibility: scoreText(review.scores.reproducibility),
    confidence: scoreText(review.confidence),
    recommendation: review.recommendation,
    summary: review.summary,
    strengths: review.strengths,
    weaknesses: review.weaknesses,
    anonymous: review.anonymous,
  };
}

const FIELD_NAMES = new Set<string>(Object.keys(EMPTY_REVIEW));

/**
 * What is sent: the scores as numbers. An unchosen score or recommendation goes as absent, so
 * the shared schema names that field (the same message the server would give).
 */
export function reviewBodyOf(draft: ReviewDraft): Record<string, unknown> {
  const score = (value: ScoreText | null) => (value === null ? undefined : Number(value));
  return {
    soundness: score(draft.soundness),
    significance: score(draft.significance),
    clarity: score(draft.clarity),
    reproducibility: score(draft.reproducibility),
    confidence: score(draft.confidence),
    recommendation: draft.recommendation ?? undefined,
    summary: draft.summary,
    strengths: draft.strengths,
    weaknesses: draft.weaknesses,
    anonymous: draft.anonymous,
  };
}

export type ReviewFieldErrors = Partial<Record<ReviewFieldName, FieldError>>;

/**
 * The problems to show under the fields: a 422's `errors` or the shared schema's issues, the
 * first of each field; one about no field of the form is left to the caller.
 */
export function reviewFieldErrorsOf(problems: readonly FieldError[]): {
  fields: ReviewFieldErrors;
  other: FieldError[];
} {
  const fields: ReviewFieldErrors = {};
  const other: FieldError[] = [];
  for (const problem of problems) {
    if (!FIELD_NAMES.has(problem.field)) other.push(problem);
    else fields[problem.field as ReviewFieldName] ??= problem;
  }
  return { fields, other };
}
