import { rmSync } from 'node:fs';

/**
 * Removes the run's temporary database and storage; `PODO_E2E_KEEP=1` keeps them to look into.
 * The server is still running here and a demo shop writes its image files in the background after
 * it starts (decision 038), so a short run may end while it still adds files: try again for a while.
 */
export default async function globalTeardown() {
  const dir = process.env.PODO_E2E_DIR;
  if (!dir || process.env.PODO_E2E_KEEP === '1') return;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
