import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SETTING_NAMES } from './config.js';
import { SETTING_DOCS } from './config-reference.js';

/**
 * docs/CONFIGURATION.md, written from the schema's settings (config.ts) and their one description
 * (config-reference.ts). `npm run docs:config` writes it; config-doc.test.ts fails when the file
 * in the tree is not what this writes.
 */
export const CONFIGURATION_DOC_PATH = fileURLToPath(
  new URL('../../../docs/CONFIGURATION.md', import.meta.url),
);

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function configurationDoc(): string {
  const rows = SETTING_NAMES.map((name) => {
    const doc = SETTING_DOCS[name];
    return `| \`${name}\` | ${cell(doc.default)} | ${cell(doc.meaning)} |`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from apps/server/src/config.ts and',
    '     apps/server/src/config-reference.ts; edit those, not this file. -->',
    '',
    'Every setting is an environment variable with a working default: a fresh machine needs none.',
    'An empty variable counts as unset. An invalid value stops the server at start-up with a',
    'message naming the variable. How the settings work together (start-up and shutdown, rate',
    'limits across processes, moderators, uploads and storage, the faucet) is in',
    '[OPERATIONS.md](OPERATIONS.md); running several processes, in [SCALING.md](SCALING.md).',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Null when the file in the tree is what `configurationDoc` writes, else why not. */
export async function staleConfigurationDoc(
  read: () => Promise<string> = () => readFile(CONFIGURATION_DOC_PATH, 'utf8'),
): Promise<string | null> {
  const written = await read().catch(() => null);
  if (written === null) return 'docs/CONFIGURATION.md is missing: run npm run docs:config';
  if (written !== configurationDoc()) {
    return 'docs/CONFIGURATION.md is stale: run npm run docs:config';
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(CONFIGURATION_DOC_PATH, configurationDoc());
  console.log(`wrote ${CONFIGURATION_DOC_PATH}`);
}
