import { db } from '../../db/client.ts';
import type { KakaoPayPort } from './port.ts';
import { createKakaoPaySandbox } from './sandbox.ts';

export * from './port.ts';

type Sandbox = ReturnType<typeof createKakaoPaySandbox>;
let current: (KakaoPayPort & Partial<Pick<Sandbox, 'approve'>>) | undefined;

/** The process's Kakao Pay. Only the built-in `sandbox` exists so far (KAKAOPAY_PROVIDER). */
export function kakaoPay(): KakaoPayPort {
  current ??= createKakaoPaySandbox(db);
  return current;
}

/** The sandbox's "customer approves on the phone"; null when Kakao Pay is not the sandbox. */
export function kakaoSandbox(): Pick<Sandbox, 'approve'> | null {
  kakaoPay();
  return current?.approve ? { approve: current.approve } : null;
}

/** For tests: use this adapter (undefined restores the default). */
export function useKakaoPayForTests(port: KakaoPayPort | undefined): void {
  current = port;
}
