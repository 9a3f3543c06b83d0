import type { Comment as SharedComment } from '@symposia/shared';

/**
 * A comment as this reader sees it: the comment everyone reads alike (GET /comments/post/{id})
 * with whether the reader likes it (GET /comments/post/{id}/liked) laid over it.
 */
export type Comment = SharedComment & { liked: boolean };
