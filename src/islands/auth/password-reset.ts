/**
 * Hand-over from /find (password) to /find/password/reset. After an SMS code the certification
 * key and id go in sessionStorage (same tab); for the e-mailed link only the id is remembered
 * (localStorage: the link may open in another tab), the key comes in the link.
 */
const SMS_KEY = 'podo:password-reset';
const MAIL_ID_KEY = 'podo:password-reset-id';

export interface SmsReset {
  memberId: string;
  key: string;
}

function get(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveSmsReset(reset: SmsReset): void {
  get('session')?.setItem(SMS_KEY, JSON.stringify(reset));
}

export function readSmsReset(): SmsReset | null {
  try {
    const raw = get('session')?.getItem(SMS_KEY);
    const r = raw ? (JSON.parse(raw) as SmsReset) : null;
    return r && typeof r.key === 'string' && typeof r.memberId === 'string' ? r : null;
  } catch {
    return null;
  }
}

export function saveMailResetId(memberId: string): void {
  get('local')?.setItem(MAIL_ID_KEY, memberId);
}

export function readMailResetId(): string {
  return get('local')?.getItem(MAIL_ID_KEY) ?? '';
}

export function clearResets(): void {
  get('session')?.removeItem(SMS_KEY);
  get('local')?.removeItem(MAIL_ID_KEY);
}
