import {
  errorBodySchema,
  likeResultSchema,
  postIdParamsSchema,
  validationErrorBodySchema,
} from '@symposia/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The error statuses the routes answer (plugins/error-handler.ts maps the services' errors). */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

type ErrorAnswers<E extends ErrorStatus> = {
  [S in E]: S extends 422 ? typeof validationErrorBodySchema : typeof errorBodySchema;
};

/**
 * A route's `response` schemas: its own answers, and the body of each error status it may give —
 * `{detail, errors}` for 422 (which field, why), `{detail}` for the others. One place, so every
 * route documents the same error bodies the error handler sends.
 */
export function answers<A extends Record<number, z.ZodType>, E extends ErrorStatus>(
  success: A,
  ...errors: E[]
): A & ErrorAnswers<E> {
  const refusals = Object.fromEntries(
    errors.map((status) => [status, status === 422 ? validationErrorBodySchema : errorBodySchema]),
  ) as ErrorAnswers<E>;
  return { ...success, ...refusals };
}

/** A 204 answer: no body. */
export const noContent = (description: string) => z.null().meta({ description });

/** A route handler that does what the request asks, then answers 204 with no body. */
export function noContentAfter<R>(act: (request: R) => Promise<unknown>) {
  return async (request: R, reply: FastifyReply) => {
    await act(request);
    return reply.code(204).send(null);
  };
}

/** DELETE /media/{id}, /comments/{id} and /reviews/{id}: the author or a moderator deletes; 204. */
export function deletionDoc(subject: 'post' | 'comment' | 'review', description: string) {
  return {
    summary: `Delete a ${subject}: its author, or a moderator`,
    description,
    params: postIdParamsSchema,
    response: answers({ 204: noContent('Deleted; no body') }, 401, 403, 404),
  };
}

/** POST /media/{id}/like and /comments/{id}/like: one toggle, one limit for both. */
export function likeToggleDoc(subject: 'post' | 'comment') {
  return {
    summary: `Like the ${subject}, or take the like back`,
    description:
      'Post and comment likes count together against LIKE_RATE_LIMIT_MAX per ' +
      'LIKE_RATE_LIMIT_WINDOW_SECONDS for each member; beyond it, 429 with Retry-After.',
    params: postIdParamsSchema,
    response: answers({ 200: likeResultSchema }, 401, 404, 429),
  };
}
