// Lint rules, including the one-way imports of docs/ARCHITECTURE.md §2:
//   shared imports nothing but zod; server and web import shared, never each other;
//   in the server only repositories/ and db/ touch Kysely and only routes/ and plugins/ know Fastify;
//   in the web app features never import each other (app/ composes them).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = [
  'auth',
  'posts',
  'comments',
  'profiles',
  'wallet',
  'home',
  'upload',
  'token',
  'reports',
  'moderation',
  'notifications',
];

// Only redis/ talks to Redis: the rest of the server sees the RateLimiter and bus interfaces.
const ONLY_REDIS = 'Only redis/ talks to Redis (docs/ARCHITECTURE.md §2).';

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: restrict([
      {
        regex: '^(?!zod$)(?!\\.{1,2}/)',
        message: '@symposia/shared imports nothing but zod.',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/repositories/**',
      'apps/server/src/db/**',
      'apps/server/src/plugins/**',
      'apps/server/src/routes/**',
      'apps/server/src/app.ts',
      'apps/server/src/server.ts',
    ],
    rules: restrict([
      { group: ['kysely', 'kysely/*'], message: 'Only repositories/ and db/ build SQL.' },
      {
        group: ['fastify', '@fastify/*', 'fastify-*'],
        message: 'Only routes/ and plugins/ know HTTP.',
      },
      { group: ['**/web/**', '@symposia/web'], message: 'The server never imports the web app.' },
      { group: ['ioredis'], message: ONLY_REDIS },
    ]),
  },
  {
    // redis/: connections, the rate-limit script and pub/sub behind the RateLimiter and bus
    // interfaces, so everything else runs the same with or without REDIS_URL.
    files: ['apps/server/src/redis/**/*.ts'],
    rules: restrict([
      { group: ['kysely', 'kysely/*'], message: 'Only repositories/ and db/ build SQL.' },
      {
        group: ['fastify', '@fastify/*', 'fastify-*'],
        message: 'Only routes/ and plugins/ know HTTP.',
      },
      { group: ['**/web/**', '@symposia/web'], message: 'The server never imports the web app.' },
    ]),
  },
  {
    files: ['apps/server/src/routes/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: restrict([
      { group: ['kysely', 'kysely/*'], message: 'Only repositories/ and db/ build SQL.' },
      {
        group: ['**/repositories/**'],
        message: 'Routes call services, services call repositories.',
      },
      { group: ['ioredis'], message: ONLY_REDIS },
    ]),
  },
  {
    // docs/ARCHITECTURE.md §4: the rules are plain functions over facts; the one SQL form of
    // "visible to viewer" lives in repositories/visibility.ts.
    files: ['apps/server/src/policies/**/*.ts'],
    ignores: ['apps/server/src/policies/**/*.test.ts'],
    rules: restrict([
      { group: ['kysely', 'kysely/*'], message: 'Only repositories/ and db/ build SQL.' },
      {
        group: ['fastify', '@fastify/*', 'fastify-*'],
        message: 'Only routes/ and plugins/ know HTTP.',
      },
      {
        group: ['**/repositories/**', '**/db/**'],
        message: 'Policies decide on facts; services read them through repositories.',
      },
      { group: ['**/web/**', '@symposia/web'], message: 'The server never imports the web app.' },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ['**/server/**', '@symposia/server'],
          message: 'The web app never imports the server.',
        },
      ]).rules,
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        group: webFeatures
          .filter((other) => other !== feature)
          .flatMap((other) => [
            `@/features/${other}`,
            `@/features/${other}/*`,
            `**/features/${other}/**`,
          ]),
        message: 'Features do not import each other; compose them in app/.',
      },
      { group: ['@/app', '@/app/*', '**/app/**'], message: 'Features do not import app/.' },
      {
        group: ['**/server/**', '@symposia/server'],
        message: 'The web app never imports the server.',
      },
    ]),
  })),
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
        message:
          'components/ and lib/ are shared building blocks: they import neither features nor app.',
      },
    ]),
  },
);
