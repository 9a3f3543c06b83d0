// Lint rules, including the one-way imports of docs/ARCHITECTURE.md §2:
//   shared imports nothing but zod; server and web import shared, never each other;
//   in the server only repositories/ and db/ touch Kysely and only routes/ and plugins/ know Fastify;
//   in the web app features never import each other (app/ composes them);
//   no import cycles; policies/, config.ts and lib/ import nothing above them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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

// The imports several layers refuse, each with the rule it keeps (docs/ARCHITECTURE.md §2).
const NO_SQL = { group: ['kysely', 'kysely/*'], message: 'Only repositories/ and db/ build SQL.' };
const NO_HTTP = {
  group: ['fastify', '@fastify/*', 'fastify-*'],
  message: 'Only routes/ and plugins/ know HTTP.',
};
const NO_WEB = {
  group: ['**/web/**', '@symposia/web'],
  message: 'The server never imports the web app.',
};
// Only redis/ talks to Redis: the rest of the server sees the RateLimiter and bus interfaces.
const NO_REDIS = {
  group: ['ioredis'],
  message: 'Only redis/ talks to Redis (docs/ARCHITECTURE.md §2).',
};
const NO_SERVER = {
  group: ['**/server/**', '@symposia/server'],
  message: 'The web app never imports the server.',
};

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
    rules: restrict([NO_SQL, NO_HTTP, NO_WEB, NO_REDIS]),
  },
  {
    // lib/: building blocks that hold no rule of the product (a bounded Map), imported by every
    // folder of the server, db/ and storage/ included; a lib/ module that imported any of them
    // would sit above a layer that uses it, so it imports nothing of the server.
    files: ['apps/server/src/lib/**/*.ts'],
    ignores: ['apps/server/src/lib/**/*.test.ts'],
    rules: restrict([
      NO_SQL,
      NO_HTTP,
      NO_WEB,
      NO_REDIS,
      {
        regex: '^\\.\\./',
        message: 'lib/ sits below every layer of the server: it imports none of them.',
      },
    ]),
  },
  {
    // redis/: connections, the rate-limit script and pub/sub behind the RateLimiter and bus
    // interfaces, so everything else runs the same with or without REDIS_URL.
    files: ['apps/server/src/redis/**/*.ts'],
    rules: restrict([NO_SQL, NO_HTTP, NO_WEB]),
  },
  {
    files: ['apps/server/src/routes/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: restrict([
      NO_SQL,
      {
        group: ['**/repositories/**'],
        message: 'Routes call services, services call repositories.',
      },
      NO_REDIS,
    ]),
  },
  {
    // docs/ARCHITECTURE.md §4: the rules are plain functions over facts; the one SQL form of
    // "visible to viewer" lives in repositories/visibility.ts.
    files: ['apps/server/src/policies/**/*.ts'],
    ignores: ['apps/server/src/policies/**/*.test.ts'],
    rules: restrict([
      NO_SQL,
      NO_HTTP,
      {
        group: ['**/repositories/**', '**/db/**'],
        message: 'Policies decide on facts; services read them through repositories.',
      },
      {
        // Services ask policies, never the other way: a policy that imports a service can no
        // longer be read, or tested, as a plain function of facts.
        group: ['**/services/**', '**/routes/**', '**/plugins/**'],
        message: 'Policies sit below services, routes and plugins: they import none of them.',
      },
      NO_WEB,
    ]),
  },
  {
    // config.ts is read by every process and script before anything else is built: it turns the
    // environment into settings with their defaults (domain/, settings/, chain/settings.ts), and
    // importing the code that uses them would load half the server to parse a variable.
    files: ['apps/server/src/config.ts'],
    rules: restrict([
      NO_SQL,
      NO_HTTP,
      NO_WEB,
      NO_REDIS,
      {
        group: [
          './services/**',
          './processing/**',
          './repositories/**',
          './db/**',
          './storage/**',
          './routes/**',
          './plugins/**',
          './policies/**',
          './presenters/**',
        ],
        message:
          'config.ts imports only settings and plain rules (domain/, settings/, chain/settings.ts): ' +
          'move what it needs there.',
      },
    ]),
  },
  {
    // An import cycle makes the order modules load in matter (a value read before its module
    // ran is undefined) and means the modules in it are really one; split what both need into a
    // module of its own (docs/ARCHITECTURE.md §2).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    // A test file is imported by nothing, so it cannot be in a cycle: walking the modules it
    // imports again from every test was half the time of the whole lint.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // How to read the TypeScript modules the rule walks through, and where './x.js' points.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([NO_SERVER]).rules,
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
      NO_SERVER,
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
