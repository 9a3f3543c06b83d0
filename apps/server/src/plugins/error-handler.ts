import {
  MESSAGES,
  SERVER_BUSY_RETRY_AFTER_SECONDS,
  describeMessage,
  type ErrorBody,
  type OAuthErrorBody,
  type ValidationErrorBody,
} from '@symposia/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/busy.js';
import {
  AuthenticationRequiredError,
  ChainOperationError,
  ConflictError,
  FaucetUnavailableError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
  UploadInterruptedError,
  UploadLimitError,
  ForbiddenError,
  UnsupportedFileError,
  type AuthFailure,
} from '../services/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Client errors of this route are answered as OAuth2 errors (RFC 6749 §5.2). */
    oauthErrors?: boolean;
  }
}

const AUTH_REALM = 'symposia';

const INVALID_TOKEN_DESCRIPTIONS: Record<Exclude<AuthFailure, 'missing'>, string> = {
  invalid: 'The access token is not valid',
  expired: 'The access token expired',
  revoked: 'The access token was revoked',
};

type FieldError = ValidationErrorBody['errors'][number];

/**
 * One place that turns every failure into `{"detail": ...}` with the right status. Input errors
 * get a 4xx that says what to fix; anything else is logged and answered with a generic 500, so
 * no stack trace or internal message ever reaches a client.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    // Every error body, whoever sent it, names its message's code for clients in other languages.
    app.addHook('preSerialization', async (_request, reply, payload: unknown) =>
      reply.statusCode >= 400 ? withMessageCodes(payload) : payload,
    );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          field: fieldName(issue.instancePath, error.validationContext),
          message: issue.message,
        }));
        return sendClientError(request, reply, 422, validationBody(errors));
      }
      if (error instanceof AuthenticationRequiredError) {
        const detail =
          error.reason === 'missing' ? MESSAGES.notAuthenticated : MESSAGES.sessionExpired;
        const challenge =
          error.reason === 'missing'
            ? `Bearer realm="${AUTH_REALM}"`
            : `Bearer realm="${AUTH_REALM}", error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTIONS[error.reason]}"`;
        return reply.code(401).header('www-authenticate', challenge).send({ detail });
      }
      if (error instanceof TooManyAttemptsError) {
        return reply
          .code(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ detail: error.detail } satisfies ErrorBody);
      }
      if (error instanceof FaucetUnavailableError || error instanceof ChainOperationError) {
        // The faucet's own trouble (503: an operator must act) or the chain's (502). The detail is
        // the spec's message; logDetail says more and never holds a key or an RPC URL.
        request.log.warn({ reason: error.logDetail }, `token faucet: ${error.message}`);
        const status = error instanceof FaucetUnavailableError ? 503 : 502;
        return reply.code(status).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof ConflictError) {
        return reply.code(409).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof ForbiddenError) {
        return reply.code(403).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof UnsupportedFileError) {
        return reply.code(415).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof NotFoundError) {
        return reply.code(404).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof InvalidInputError) {
        return sendClientError(request, reply, 422, validationBody(error.errors));
      }
      if (error instanceof UploadLimitError) {
        const tooLarge = error.kind === 'file-too-large' || error.kind === 'quota-exceeded';
        const status = tooLarge ? 413 : 400;
        return reply.code(status).send({ detail: error.message } satisfies ErrorBody);
      }
      if (error instanceof UploadInterruptedError) {
        return reply.code(400).send({ detail: error.message } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendClientError(request, reply, status, {
          detail: clientErrorDetail(error, request),
        });
      }
      if (isDatabaseBusy(error)) {
        // Overload, not a fault: the client may send it again, and a line says how often it happens.
        request.log.warn({ reason: error.message }, 'database busy');
        return reply
          .code(503)
          .header('retry-after', String(SERVER_BUSY_RETRY_AFTER_SECONDS))
          .send({ detail: MESSAGES.serverBusy } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: MESSAGES.internalError } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);

/** The code and values of a text, as the error body carries them (nothing for other texts). */
function codeOf(text: string): { code?: string; values?: Record<string, string> } {
  const described = describeMessage(text);
  if (!described) return {};
  return described.values
    ? { code: described.code, values: described.values as Record<string, string> }
    : { code: described.code };
}

function withMessageCodes(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('detail' in payload)) return payload;
  const body = payload as ErrorBody & { errors?: unknown };
  if (typeof body.detail !== 'string' || body.code !== undefined) return payload;
  const errors = Array.isArray(body.errors)
    ? (body.errors as FieldError[]).map((error) => ({ ...error, ...codeOf(error.message) }))
    : undefined;
  return { ...body, ...codeOf(body.detail), ...(errors ? { errors } : {}) };
}

function validationBody(errors: FieldError[]): ValidationErrorBody {
  const first = errors[0];
  const detail = first ? `${first.field}: ${first.message}` : MESSAGES.errorDefault;
  return { detail, errors };
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/** Fastify's own client errors say what went wrong; some get a friendlier wording. */
function clientErrorDetail(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MESSAGES.invalidJsonBody;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.emptyJsonBody;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedMediaType(request.headers['content-type'] ?? '(none)');
    default:
      return error.message;
  }
}

/** The token endpoint answers malformed requests as OAuth2 `invalid_request` errors. */
function sendClientError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: ErrorBody | ValidationErrorBody,
) {
  if (request.routeOptions.config.oauthErrors && [400, 415, 422].includes(status)) {
    return reply.code(400).send({
      error: 'invalid_request',
      error_description: body.detail,
      detail: body.detail,
    } satisfies OAuthErrorBody);
  }
  return reply.code(status).send(body);
}
