/**
 * deploy/ stays true to the server: deploy/.env.example lists every variable config.ts reads,
 * with defaults the server really has; deploy/nginx/symposia.conf lets through exactly the upload
 * sizes of packages/shared/src/limits.ts, streams what must stream, and is valid nginx once
 * rendered as `npm run cluster` renders it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AVATAR_MAX_BYTES,
  POST_FIELD_MAX_LENGTH,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import {
  NGINX,
  NGINX_TEMPLATE,
  renderNginxSite,
  repoRoot,
  writeNginxConfig,
} from '../../../../scripts/cluster-lib.mjs';
import { loadConfig } from '../config.js';
import { BODY_LIMIT_BYTES } from '../server-limits.js';

const envExample = readFileSync(join(repoRoot, 'deploy', '.env.example'), 'utf8');
const nginxTemplate = readFileSync(NGINX_TEMPLATE, 'utf8');

/** Every variable loadConfig reads, found by handing it an environment that records each read. */
function variablesConfigReads(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, key) {
      if (typeof key === 'string') read.add(key);
      return undefined;
    },
  });
  loadConfig(env, repoRoot);
  return [...read].sort();
}

interface ExampleLine {
  name: string;
  value: string;
  /** `#NAME=value`: the default, shown. `NAME=value`: set for a cluster behind nginx. */
  commented: boolean;
  /** The comment line before it ends with "Example:": a sample value, not the default. */
  sample: boolean;
}

function exampleLines(): ExampleLine[] {
  const lines = envExample.split('\n');
  return lines.flatMap((line, index) => {
    const match = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) return [];
    return [
      {
        name: match[2]!,
        value: match[3]!,
        commented: match[1] === '#',
        sample: /Example:$/.test(lines[index - 1] ?? ''),
      },
    ];
  });
}

describe('deploy/.env.example', () => {
  it('lists every variable config.ts reads, once, and nothing else', () => {
    const listed = exampleLines().map((line) => line.name);
    expect(new Set(listed).size, 'a variable listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual(variablesConfigReads());
  });

  it('shows each default as the server has it: setting it changes nothing', () => {
    const defaults = loadConfig({}, repoRoot);
    const shown = exampleLines().filter((line) => line.commented && !line.sample);
    expect(shown.length).toBeGreaterThan(50);
    for (const line of shown) {
      expect(
        loadConfig({ [line.name]: line.value }, repoRoot),
        `#${line.name}=${line.value}`,
      ).toEqual(defaults);
    }
  });

  it('sets what a cluster behind nginx needs, and the server accepts it', () => {
    const set = Object.fromEntries(
      exampleLines()
        .filter((line) => !line.commented)
        .map((line) => [line.name, line.value]),
    );
    expect(Object.keys(set).sort()).toEqual(
      ['BLOCKSTORE', 'DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY'].sort(),
    );
    const config = loadConfig(set, repoRoot);
    expect(config.database.dialect).toBe('postgres');
    expect(config.blockstore.kind).toBe('postgres');
    expect(config.redis).not.toBeNull();
    // The address nginx connects from, as the nginx configuration's header says.
    expect(config.trustProxy).toBe('127.0.0.1');
  });
});

/** The directives of one `location = path { … }` block of the nginx configuration. */
function location(path: string): string {
  const match = new RegExp(`location = ${path.replace(/\//g, '\\/')} \\{([^}]*)\\}`).exec(
    nginxTemplate,
  );
  if (!match) throw new Error(`deploy/nginx/symposia.conf has no "location = ${path}"`);
  return match[1]!;
}

/** `client_max_body_size` of a block, in bytes. */
function bodySize(block: string): number {
  const match = /client_max_body_size\s+(\d+)([km]?);/.exec(block);
  if (!match) throw new Error(`no client_max_body_size in ${block}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[match[2] as '' | 'k' | 'm'];
  return Number(match[1]) * unit;
}

const MiB = 1024 * 1024;
/** Multipart boundaries and part headers: a few hundred bytes a part, rounded up generously. */
const MULTIPART_OVERHEAD = 64 * 1024;

describe('deploy/nginx/symposia.conf', () => {
  const postFields =
    POST_FIELD_MAX_LENGTH.title +
    POST_FIELD_MAX_LENGTH.summary +
    POST_FIELD_MAX_LENGTH.content +
    POST_FIELD_MAX_LENGTH.tags +
    POST_FIELD_MAX_LENGTH.aiInstruction;
  const uploads = [
    // Four bytes a character at most in UTF-8 (plugins/multipart.ts).
    ['/api/v1/media/upload', UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + postFields * 4],
    ['/api/v1/media/upload/ipfs', UPLOAD_MAX_FILE_BYTES],
    ['/api/v1/modify/modify_avatar', AVATAR_MAX_BYTES],
  ] as const;

  it.each(uploads)(
    '%s takes the largest upload the server accepts, within 2 MiB, and streams it',
    (path, largest) => {
      const block = location(path);
      const size = bodySize(block);
      expect(size).toBeGreaterThanOrEqual(largest + MULTIPART_OVERHEAD);
      expect(size).toBeLessThanOrEqual(largest + MULTIPART_OVERHEAD + 2 * MiB);
      expect(block).toMatch(/proxy_request_buffering off;/);
      expect(block).toMatch(/proxy_buffering off;/);
      expect(block).toMatch(/proxy_pass http:\/\/symposia_api;/);
    },
  );

  it('passes other bodies up to the server, which answers past its own limit', () => {
    const server = nginxTemplate.slice(nginxTemplate.indexOf('server {'));
    const general = /^ {4}client_max_body_size\s+(\d+[km]?);/m.exec(server);
    expect(general).not.toBeNull();
    expect(bodySize(general![0])).toBeGreaterThan(BODY_LIMIT_BYTES);
  });

  it('streams the live notifications and never compresses again', () => {
    const stream = location('/api/v1/notifications/stream');
    expect(stream).toMatch(/proxy_buffering off;/);
    // The route is where the configuration says it is.
    const routes = readFileSync(
      join(repoRoot, 'apps/server/src/routes/notifications/stream.ts'),
      'utf8',
    );
    expect(routes).toContain("'/notifications/stream'");
    expect(nginxTemplate).toMatch(/^\s*gzip off;/m);
    expect(nginxTemplate).not.toMatch(
      /^\s*(brotli|gzip_static|proxy_set_header\s+Accept-Encoding)/m,
    );
    // The client's address comes from X-Forwarded-For, which TRUST_PROXY lets the server read.
    expect(nginxTemplate).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });

  it('renders for a cluster with its own upstreams and port', () => {
    const rendered = renderNginxSite(nginxTemplate, {
      listen: '127.0.0.1:9999',
      upstreams: ['127.0.0.1:7001', '127.0.0.1:7002', '127.0.0.1:7003'],
    });
    expect(rendered.match(/^ *listen .*$/gm)).toEqual(['    listen 127.0.0.1:9999;']);
    const upstream = /upstream symposia_api \{([^}]*)\}/.exec(rendered)![1]!;
    expect(upstream.match(/^ *server .*$/gm)).toEqual([
      '    server 127.0.0.1:7001;',
      '    server 127.0.0.1:7002;',
      '    server 127.0.0.1:7003;',
    ]);
    expect(upstream).toMatch(/keepalive 32;/);
  });

  const nginxMissing = !existsSync(NGINX);
  if (nginxMissing && process.env.CI !== 'true') {
    console.warn(`SKIPPING "nginx -t": ${NGINX} not found (apt-get install nginx).`);
  }
  it.skipIf(nginxMissing && process.env.CI !== 'true')(
    'is valid for nginx as rendered (nginx -t)',
    async () => {
      const prefix = await mkdtemp(join(tmpdir(), 'symposia-nginx-'));
      try {
        const main = await writeNginxConfig(join(prefix, 'nginx'), {
          listen: '127.0.0.1:8080',
          upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'],
        });
        const result = spawnSync(
          NGINX,
          ['-t', '-e', 'stderr', '-p', join(prefix, 'nginx'), '-c', main],
          {
            encoding: 'utf8',
          },
        );
        expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      } finally {
        await rm(prefix, { recursive: true, force: true });
      }
    },
  );
});
