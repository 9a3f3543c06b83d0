import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_LOADER_SCRIPT, EARLY_INPUT_SCRIPT, MESSAGES } from '@symposia/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, form, TEST_PASSWORD, errorBody } from '../test/helpers.js';

describeEachDatabase('GET /healthz', (db) => {
  it('answers ok after a real query', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database does not answer', async () => {
    const { app } = await db.buildApp();
    await app.ready();
    await app.db.destroy();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'down' });
  });
});

describeEachDatabase('errors', (db) => {
  it('answers an unknown API route with 404 JSON', async () => {
    const { app } = await db.buildApp();
    const get = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual(errorBody(MESSAGES.routeNotFound('GET', '/api/v1/no-such-thing')));

    const post = await app.inject({ method: 'POST', url: '/api/v1/auth/nope', ...form({}) });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual(errorBody(MESSAGES.routeNotFound('POST', '/api/v1/auth/nope')));
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "ada", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(MESSAGES.invalidJsonBody));
  });

  it('answers an empty JSON body with 400', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(MESSAGES.emptyJsonBody));
  });

  it('answers a JSON body that is not an object with 422 naming the body', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '["ada"]',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'body', message: expect.stringContaining('expected object') },
    ]);
  });

  it('answers a repeated form field with 422 naming it', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      ...form({}),
      payload: `username=a&username=b&password=${TEST_PASSWORD}`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^username: /);
  });

  it('answers an unsupported content type with 415', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>ada</username>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(errorBody(MESSAGES.unsupportedMediaType('application/xml')));
  });

  it('answers a body over the size limit with 413', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      ...form({}),
      payload: `bio=${'a'.repeat(1024 * 1024 + 1)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody(MESSAGES.bodyTooLarge));
  });

  it('answers a genuine bug with a generic 500 and no internals', async () => {
    const { app } = await db.buildApp();
    app.get('/api/v1/test-failure', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(MESSAGES.internalError));
    expect(response.body).not.toContain('secret');
  });
});

describeEachDatabase('HTTP headers', (db) => {
  it('sends security headers and a CSP fit for the SPA', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = response.headers['content-security-policy'];
    // The inline scripts pages carry (packages/shared/src/early-input.ts, app-loader-script.ts),
    // by their hashes.
    const [earlyInput, appLoader] = [EARLY_INPUT_SCRIPT, APP_LOADER_SCRIPT].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    expect(csp).toBe(
      `default-src 'self';script-src 'self' 'sha256-${earlyInput}' 'sha256-${appLoader}';` +
        "style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;font-src 'self' data:;media-src 'self' blob:;" +
        "connect-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';" +
        "form-action 'self'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    // Errors carry them too: they are set before routing.
    const missing = await app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('echoes a request id, generated or taken from a proxy', async () => {
    const { app } = await db.buildApp();
    const generated = await app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const forwarded = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-1234.abc');

    const forged = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil\nline' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDatabase('OpenAPI', (db) => {
  it('serves the generated document with the auth operations', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/auth/token',
        '/api/v1/auth/me',
        '/api/v1/auth/logout',
        '/healthz',
      ]),
    );
    const register = document.paths['/api/v1/auth/register'].post;
    expect(Object.keys(register.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    expect(register.responses['201']).toBeDefined();
    expect(register.responses['422']).toBeDefined();
    expect(document.paths['/api/v1/auth/me'].get.security).toEqual([
      { bearerAuth: [] },
      { oauth2Password: [] },
    ]);
    expect(document.components.securitySchemes.oauth2Password.flows.password.tokenUrl).toBe(
      '/api/v1/auth/token',
    );
  });

  it('serves Swagger UI', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});

describeEachDatabase('web app', (db) => {
  let webDist: string;
  const indexHtml = '<!doctype html><title>Symposia</title><div id="root"></div>';

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'symposia-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), indexHtml);
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(webDist, 'favicon.svg'), '<svg/>');
  });
  afterAll(async () => {
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers a deep link with index.html, never cached', async () => {
    const { app } = await db.buildApp({ env: { WEB_DIST_DIR: webDist } });
    for (const url of ['/', '/forum/detail/abc', '/mypage?tab=posts']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const { app } = await db.buildApp({ env: { WEB_DIST_DIR: webDist } });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');

    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps 404 JSON for missing files and server paths', async () => {
    const { app } = await db.buildApp({ env: { WEB_DIST_DIR: webDist } });
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual(errorBody(MESSAGES.notFound));

    const api = await app.inject({ method: 'GET', url: '/api/v1/forum' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual(errorBody(MESSAGES.routeNotFound('GET', '/api/v1/forum')));

    const ipfs = await app.inject({ method: 'GET', url: '/ipfs/bafyunknown' });
    expect(ipfs.statusCode).toBe(400);
    expect(ipfs.headers['content-type']).toContain('application/json');

    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the API only when no web app is built', async () => {
    const { app } = await db.buildApp({ env: { WEB_DIST_DIR: join(webDist, 'missing') } });
    const response = await app.inject({ method: 'GET', url: '/forum' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody(MESSAGES.notFound));
  });
});
