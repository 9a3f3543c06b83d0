import {
  EMAIL_LINK_PATHS,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@symposia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, noContent } from '../answers.js';
import { uploadParts } from '../media/upload-parts.js';
import { routeOptions } from '../route-options.js';

/** RFC 8058 shows the one-click POST as multipart/form-data; mail providers also send a form. */
const ONE_CLICK_BODIES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json',
];

/**
 * A multipart body's fields as a form's (files are read through and left out), through the one
 * reader of multipart parts, so a body cut short is a client error, never a 500.
 */
async function multipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of uploadParts(request)) {
    if (part.type === 'field') fields[part.name] = part.value;
    else for await (const chunk of part.content) void chunk;
  }
  return fields;
}

/**
 * One-click unsubscribe (issue 30, RFC 8058): the link every notification email and digest
 * carries in List-Unsubscribe and in its footer. No sign-in and no cookie: the signed token is
 * the proof, and names the member and what to turn off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const preferences = app.services.notificationPreferences;
  const route = routeOptions(app, 'notifications');

  app.post(
    '/notifications/unsubscribe',
    {
      ...route.anyone({
        summary: 'One-click unsubscribe from a kind of notification email, or the digest',
        description:
          'What a mail client sends for the List-Unsubscribe link of a message ' +
          '(`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), and the unsubscribe screen ' +
          "too: the body `List-Unsubscribe=One-Click` (form, multipart or JSON). Sets the kind's " +
          'email to `never` (or the digest off) for the member the token names; answers what. ' +
          '422 (field `token`) for a link the server did not sign.',
        consumes: ONE_CLICK_BODIES,
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: answers({ 200: unsubscribeResultSchema }, 422),
      }),
      // Validated as any form: the fields of a multipart body, read here.
      preValidation: async (request: FastifyRequest) => {
        if (request.isMultipart()) request.body = await multipartFields(request);
      },
    },
    async (request) => ({ topic: await preferences.unsubscribe(request.query.token) }),
  );

  app.get(
    '/notifications/unsubscribe',
    route.anyone({
      summary: 'Open an unsubscribe link in a browser: its confirmation screen',
      description:
        "Changes nothing (mail scanners open links): 303 to the web app's unsubscribe screen " +
        "with the token and, when it is one the server signed, what it turns off; the screen's " +
        'button sends the POST.',
      querystring: unsubscribeQuerySchema,
      response: answers({ 303: noContent('To the unsubscribe screen.') }, 422),
    }),
    async (request, reply) => {
      const { token } = request.query;
      const topic = await preferences.topicOf(token);
      const target = new URLSearchParams({ token, ...(topic && { topic }) });
      return reply.redirect(`${EMAIL_LINK_PATHS.unsubscribe}?${target.toString()}`, 303);
    },
  );
};
