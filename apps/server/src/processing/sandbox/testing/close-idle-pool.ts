/**
 * A process that closes a pool whose child is idle, then says so: closing must hold the process
 * open until the child has exited (an idle child no longer does), or it ends mid-await, silent.
 */
import { createChildPool } from '../pool.js';

const pool = createChildPool({
  size: 1,
  limits: { timeoutMs: 60_000, memoryMb: 160 },
  entry: new URL('./misbehaving-child.ts', import.meta.url),
  cwd: process.cwd(),
});
await pool.run({ kind: 'echo', input: 1 }, { cwd: process.cwd() });
await pool.close();
process.stdout.write('closed\n');
