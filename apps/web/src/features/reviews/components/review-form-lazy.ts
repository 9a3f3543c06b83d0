import { lazy } from 'react';

/**
 * The review form, loaded only when someone writes or edits a review: it brings the shared
 * contract that checks it. One form for both (review-form-dialog.tsx).
 */
export const LazyReviewFormDialog = lazy(() =>
  import('./review-form-dialog').then((module) => ({ default: module.ReviewFormDialog })),
);
