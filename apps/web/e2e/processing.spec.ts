import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/test';
import { ownServerForSpec } from './fixtures/own-server';
import { createPost, createUser, files } from './fixtures/posts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// A server of its own: its worker has only this spec's upload to process, not every upload the
// rest of the suite queued on the shared server (which took longer than the wait on a busy machine).
const server = ownServerForSpec(73);

/** A processing worker as its own process (`npm run worker`), on the spec's server's data. */
function startWorker(): ChildProcess {
  return spawn('node', ['apps/server/dist/worker.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: server().dataDir,
      DATABASE_URL: '',
      WORKER_POLL_MS: '100',
      LOG_LEVEL: 'warn',
      INIT_CWD: '',
    },
    stdio: 'ignore',
  });
}

test.describe('processing', () => {
  test("an uploaded PDF shows 'Analysis in progress', then its analysis without a reload", async ({
    page,
    request,
  }) => {
    const author = await createUser(request);
    const id = await createPost(request, author, {
      title: 'Magic-angle graphene',
      tags: 'physics',
      files: [
        files.pdf(
          'paper.pdf',
          'Twisted bilayer graphene superconducts near the magic angle of rotation.',
        ),
      ],
    });

    await page.goto(`/forum/detail/${id}`);
    const box = page.getByRole('region', { name: 'AI Analysis' });
    await expect(box.getByText(/^Analysis in progress/)).toBeVisible();

    const worker = startWorker();
    try {
      await expect(box.getByText('Key points', { exact: true }).last()).toBeVisible({
        timeout: 20_000,
      });
      await expect(box.getByText('Discussion topics', { exact: true })).toBeVisible();
      await expect(box.getByRole('list', { name: 'Suggested tags' })).toContainText(/graphene/);
      await expect(box.getByText(/^Analysis in progress/)).toHaveCount(0);
    } finally {
      worker.kill('SIGTERM');
    }
  });
});
