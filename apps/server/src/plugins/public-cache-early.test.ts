import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { createContentVersion } from '../services/content-version.js';
import { MemoryCache } from '../services/memory-cache.js';
import { publicCachePlugin, type ValidatedInput } from './public-cache.js';

// The plugin alone, with a route whose handler and validation are counted: a kept answer for a
// URL seen before is sent before either runs, and nothing unvalidated is ever answered from it.
const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function countedApp() {
  const version = createContentVersion();
  const cache = new MemoryCache({ version, ttlMs: 60_000, maxBytes: 1024 * 1024 });
  const counts = { validated: 0, handled: 0, keptForMember: 0 };
  // What the member's kept parts make; undefined: something must be read (the handler answers).
  const kept: { body: Buffer | undefined; input?: ValidatedInput } = { body: undefined };
  const app = Fastify();
  apps.push(app);
  // As plugins/auth.ts does before this plugin: `Bearer member` signs in, any other token fails.
  app.decorateRequest('user', null);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.authorization === 'Bearer member') {
      request.user = { id: 'member' } as NonNullable<typeof request.user>;
    }
    done();
  });
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => {
      counts.validated += 1;
      return validate(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  await app.register(publicCachePlugin, { cache });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/posts/:id',
    {
      config: {
        publicCache: true,
        keptForMember: (_request, input) => {
          counts.keptForMember += 1;
          kept.input = input;
          const { id } = input.params as { id: string };
          return kept.body && Buffer.concat([kept.body, Buffer.from(` for ${id}`)]);
        },
      },
      schema: {
        params: z.object({ id: z.string().regex(/^\d+$/) }),
        querystring: z.object({ limit: z.coerce.number().int().max(50).default(10) }),
      },
    },
    async (request) => {
      counts.handled += 1;
      return { id: request.params.id, limit: request.query.limit };
    },
  );
  return { app, counts, version, kept };
}

it('answers a URL seen before from the kept bytes without validating it again', async () => {
  const { app, counts } = await countedApp();
  const first = await app.inject({ url: '/posts/7?limit=5' });
  expect(first.headers['x-cache']).toBe('miss');
  const validatedOnce = counts.validated;
  expect(validatedOnce).toBeGreaterThan(0);

  const again = await app.inject({ url: '/posts/7?limit=5' });
  expect(again.headers['x-cache']).toBe('hit');
  expect(again.json()).toEqual({ id: '7', limit: 5 });
  expect(counts).toMatchObject({ validated: validatedOnce, handled: 1 });

  // Another spelling of the same answer is validated once, then known by its own URL too.
  expect((await app.inject({ url: '/posts/7?limit=5&x=1' })).headers['x-cache']).toBe('hit');
  expect(counts.validated).toBe(validatedOnce * 2);
  expect((await app.inject({ url: '/posts/7?limit=5&x=1' })).headers['x-cache']).toBe('hit');
  expect(counts).toMatchObject({ validated: validatedOnce * 2, handled: 1 });
});

it('never answers invalid input, a signed-in caller or a changed version from a URL it knows', async () => {
  const { app, counts, version } = await countedApp();
  for (let round = 0; round < 2; round += 1) {
    const invalid = await app.inject({ url: '/posts/7?limit=500' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-cache']).toBeUndefined();
  }
  expect(counts.handled).toBe(0);

  await app.inject({ url: '/posts/8' });
  const signedIn = await app.inject({ url: '/posts/8', headers: { authorization: 'Bearer x' } });
  expect(signedIn.headers['x-cache']).toBeUndefined();
  expect(counts.handled).toBe(2);

  version.bump();
  expect((await app.inject({ url: '/posts/8' })).headers['x-cache']).toBe('miss');
  expect(counts.handled).toBe(3);
});

it("answers a member from the route's kept parts for a URL validated before, and only then", async () => {
  const { app, counts, kept } = await countedApp();
  const member = { authorization: 'Bearer member' };
  kept.body = Buffer.from('kept');

  // A URL never validated goes the whole way, the member's first read included.
  const first = await app.inject({ url: '/posts/9?limit=5', headers: member });
  expect(first.json()).toEqual({ id: '9', limit: 5 });
  expect(counts.keptForMember).toBe(0);
  const validatedOnce = counts.validated;

  // Validated once (by that read), the URL is answered from the kept parts as soon as the member
  // is known: no validation, no handler.
  const again = await app.inject({ url: '/posts/9?limit=5', headers: member });
  expect(again.body).toBe('kept for 9');
  // What validation made of that URL: the query coerced, and kept beyond the handler's reach.
  expect(kept.input).toEqual({ params: { id: '9' }, query: { limit: 5 } });
  expect(Object.isFrozen(kept.input?.query)).toBe(true);
  expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(again.headers['x-cache']).toBeUndefined();
  expect(counts).toEqual({ validated: validatedOnce, handled: 1, keptForMember: 1 });

  // Nothing kept: the handler answers, after validation.
  kept.body = undefined;
  expect((await app.inject({ url: '/posts/9?limit=5', headers: member })).json()).toEqual({
    id: '9',
    limit: 5,
  });
  expect(counts).toEqual({ validated: validatedOnce * 2, handled: 2, keptForMember: 2 });

  // A token that signs nobody in, and invalid input, never reach the kept parts.
  kept.body = Buffer.from('kept');
  const unknown = await app.inject({
    url: '/posts/9?limit=5',
    headers: { authorization: 'Bearer x' },
  });
  expect(unknown.json()).toEqual({ id: '9', limit: 5 });
  for (let round = 0; round < 2; round += 1) {
    const invalid = await app.inject({ url: '/posts/9?limit=500', headers: member });
    expect(invalid.statusCode).toBe(400);
  }
  expect(counts.keptForMember).toBe(2);
  expect(counts.handled).toBe(3);
});
