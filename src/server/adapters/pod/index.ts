import { db } from '../../db/client.ts';
import type { PodPort } from './port.ts';
import { createPodSimulator } from './simulator.ts';

export * from './port.ts';

let current: PodPort | undefined;

/** The process's print service. Only the built-in `simulator` exists so far (POD_PROVIDER unset). */
export function podService(): PodPort {
  current ??= createPodSimulator(db);
  return current;
}

/** For tests: use this adapter (undefined restores the default). */
export function usePodServiceForTests(port: PodPort | undefined): void {
  current = port;
}
