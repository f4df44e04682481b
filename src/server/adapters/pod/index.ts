import { db } from '../../db/client.ts';
import { env } from '../../platform/env.ts';
import { podHttpMissing } from '../../platform/mode.ts';
import { createPodHttpAdapter } from './http.ts';
import type { PodPort } from './port.ts';
import { createPodSimulator } from './simulator.ts';

export * from './port.ts';
export { signPodWebhook, verifyPodWebhook, POD_WEBHOOK_TOLERANCE_SECONDS } from './webhook.ts';

let current: PodPort | undefined;

/**
 * The process's print service, chosen by POD_PROVIDER: the built-in `simulator` (default) or `http`
 * (POD_API_URL, POD_CLIENT_ID, POD_CLIENT_SECRET; a live shop refuses to start without them, see
 * mode.ts, and a demo fails here naming them).
 */
export function podService(): PodPort {
  current ??= createConfigured();
  return current;
}

function createConfigured(): PodPort {
  const e = env();
  if (e.POD_PROVIDER === 'simulator') return createPodSimulator(db);
  const missing = podHttpMissing(e);
  if (missing.length > 0) throw new Error(`POD_PROVIDER=http에는 ${missing.join(', ')} 설정이 필요합니다`);
  return createPodHttpAdapter({
    baseUrl: e.POD_API_URL!,
    clientId: e.POD_CLIENT_ID!,
    clientSecret: e.POD_CLIENT_SECRET!,
    timeoutMs: e.POD_TIMEOUT_MS,
  });
}

/** Where the configured adapter talks to (the simulator: nowhere, it runs in this process). */
export function podBaseUrl(): string | null {
  const e = env();
  return e.POD_PROVIDER === 'http' ? (e.POD_API_URL ?? null) : null;
}

/** For tests: use this adapter (undefined restores the default). */
export function usePodServiceForTests(port: PodPort | undefined): void {
  current = port;
}
