import { describe, expect, it } from 'vitest';
import { SETTING_NAMES, settingDefaults } from './config.js';
import { configurationDoc, staleConfigurationDoc } from './config-doc.js';
import { SETTING_DOCS } from './config-reference.js';

/** A default as the docs write it: `8080`, `true`, `info`; tokens in whole units. */
function shown(value: unknown): string | null {
  if (typeof value === 'bigint') return `\`${Number(value) / 1e9}\``;
  if (typeof value === 'number' || typeof value === 'boolean') return `\`${value}\``;
  if (typeof value === 'string') return `\`${value}\``;
  return null; // unset, or made from other settings at start-up: the docs say in words
}

describe('docs/CONFIGURATION.md', () => {
  it('is what the schema and its descriptions write (npm run docs:config)', async () => {
    expect(await staleConfigurationDoc()).toBeNull();
  });

  it('says when it is stale or missing', async () => {
    const current = configurationDoc();
    const withoutPort = current.replace(/^\| `PORT` .*\n/m, '');
    expect(await staleConfigurationDoc(async () => withoutPort)).toMatch(/stale/);
    expect(
      await staleConfigurationDoc(async () => {
        throw new Error('ENOENT');
      }),
    ).toMatch(/missing/);
    expect(await staleConfigurationDoc(async () => current)).toBeNull();
  });

  it('lists every setting once, in the order of the schema', () => {
    const listed = [...configurationDoc().matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(SETTING_NAMES);
  });

  it("gives each setting the schema's own default", () => {
    const defaults = settingDefaults();
    const checked = SETTING_NAMES.filter((name) => shown(defaults[name]) !== null);
    // Most defaults are plain values the schema makes; the rest are said in words.
    expect(checked.length).toBeGreaterThan(60);
    for (const name of checked) {
      expect(SETTING_DOCS[name].default, name).toBe(shown(defaults[name]));
    }
  });
});
