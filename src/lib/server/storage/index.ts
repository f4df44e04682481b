import { env } from '../env.ts';
import { createLocalStorage } from './local.ts';
import type { StoragePort } from './port.ts';

export type { StoragePort } from './port.ts';

let current: StoragePort | undefined;

/** The process's object storage. Only the built-in `local` adapter exists so far. */
export function storage(): StoragePort {
  if (!current) {
    const e = env();
    current = createLocalStorage({
      dir: e.STORAGE_DIR,
      bucket: `${e.BRAND_SLUG}-uploads`,
      origins: [new URL(e.PUBLIC_BASE_URL).origin],
    });
  }
  return current;
}

/** For tests: replace the adapter. `undefined` restores the default. */
export function useStorageForTests(port: StoragePort | undefined): void {
  current = port;
}
