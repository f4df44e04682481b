import { rmSync } from 'node:fs';

/** Removes the run's temporary database and storage; `PODO_E2E_KEEP=1` keeps them to look into. */
export default function globalTeardown() {
  const dir = process.env.PODO_E2E_DIR;
  if (!dir || process.env.PODO_E2E_KEEP === '1') return;
  rmSync(dir, { recursive: true, force: true });
}
