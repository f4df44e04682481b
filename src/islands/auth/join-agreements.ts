/**
 * The consents given on the register agreement page, carried to /join in sessionStorage (they
 * are sent with POST /shop-api/profile). Kept 30 minutes.
 */
const JOIN_AGREEMENTS_KEY = 'podo:join-agreements';
export const AGREEMENT_PATH = '/member/member-register-agreement';
const MAX_AGE_MS = 30 * 60_000;

export interface JoinAgreements {
  /** Shopby's `joinTermsAgreements`: the terms types agreed. */
  termsTypes: string[];
  smsAgreed: boolean;
  directMailAgreed: boolean;
  agreedAt: number;
}

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveJoinAgreements(a: Omit<JoinAgreements, 'agreedAt'>): void {
  store()?.setItem(JOIN_AGREEMENTS_KEY, JSON.stringify({ ...a, agreedAt: Date.now() }));
}

export function readJoinAgreements(now = Date.now()): JoinAgreements | null {
  try {
    const raw = store()?.getItem(JOIN_AGREEMENTS_KEY);
    if (!raw) return null;
    const a = JSON.parse(raw) as JoinAgreements;
    if (!Array.isArray(a.termsTypes) || now - a.agreedAt > MAX_AGE_MS) return null;
    return a;
  } catch {
    return null;
  }
}

export function clearJoinAgreements(): void {
  store()?.removeItem(JOIN_AGREEMENTS_KEY);
}
