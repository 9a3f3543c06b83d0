import { MESSAGES } from '@symposia/shared';
import { mayReadComment, type CommentFacts, type Reader } from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * A review's proof (GET /reviews/{id}/proof, issue 29) follows the review: reviews are deleted and
 * hidden as comments are (migration 0025), so whoever may read a comment with these facts may
 * read the review's proof — the post readable to them, the review not deleted, and if hidden only
 * its reviewer or a moderator. The reviews part's decideReview is to take this rule's place.
 */
export function decideReceiptProof(reader: Reader, review: CommentFacts | undefined): Decision {
  if (review === undefined || !mayReadComment(reader, review)) {
    return deny('not-found', MESSAGES.receiptReviewNotFound);
  }
  return ALLOW;
}
