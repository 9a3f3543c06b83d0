import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A fingerprint of the shared contract's sources (packages/shared/src), built into the web app as
 * `__SHARED_CONTRACT_VERSION__`. The signed-in user cached in localStorage was checked against
 * the contract when it was stored; lib/auth-store.ts trusts it again only under the same
 * fingerprint, so a reload needs no schema library to know the cache still fits.
 */
export function sharedContractVersion(): string {
  const root = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));
  const hash = createHash('sha256');
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
  for (const name of files)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(root, name)));
  return hash.digest('hex').slice(0, 16);
}
