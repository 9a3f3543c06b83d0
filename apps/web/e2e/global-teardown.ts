import { rmSync } from 'node:fs';

/** Removes the temporary data directory the server used for this run. */
export default function globalTeardown(): void {
  const dataDir = process.env.SYMPOSIA_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
