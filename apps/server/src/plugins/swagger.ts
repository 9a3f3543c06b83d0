import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH } from '@symposia/shared';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PATH = `${API_BASE_PATH}/docs`;

/** Security scheme names used by routes in `schema.security`. */
export const BEARER_AUTH = 'bearerAuth';
export const OAUTH2_PASSWORD = 'oauth2Password';
/** The `security` of a route that needs a signed-in member: either scheme carries the token. */
export const SIGNED_IN: Record<string, string[]>[] = [
  { [BEARER_AUTH]: [] },
  { [OAUTH2_PASSWORD]: [] },
];

/**
 * The OpenAPI document is generated from the zod schema every route declares; Swagger UI serves
 * it at /api/v1/docs and the JSON at /api/v1/docs/json. Must be registered before the routes.
 */
export const swaggerPlugin = fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Symposia API',
          description:
            'Academic community: research sharing on IPFS, forum, comments, profiles and tokens. ' +
            'Request bodies are form-encoded by default; JSON is accepted too.',
          version,
        },
        components: {
          securitySchemes: {
            [BEARER_AUTH]: { type: 'http', scheme: 'bearer' },
            [OAUTH2_PASSWORD]: {
              type: 'oauth2',
              flows: { password: { tokenUrl: `${API_BASE_PATH}/auth/token`, scopes: {} } },
            },
          },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [] }),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  },
  { name: 'swagger' },
);
