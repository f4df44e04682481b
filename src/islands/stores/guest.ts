import { persistentJSON } from '@nanostores/persistent';

/** Guest identity lifetime: 48 hours (spec section 9). */
const GUEST_IDENTITY_TTL_MS = 48 * 60 * 60 * 1000;

export interface GuestIdentity {
  /** Random, not guessable: 'guest:' + 128 random bits. Sent as the `guestToken` header. */
  guestToken: string;
  expiresAt: number;
}

export const $guestIdentity = persistentJSON<GuestIdentity | null>('podo:guest-identity', null);

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `guest:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Creates a guest identity (on "continue as guest"), or returns the live one. */
export function ensureGuestIdentity(now = Date.now()): GuestIdentity {
  const current = $guestIdentity.get();
  if (current && current.expiresAt > now) return current;
  const fresh = { guestToken: randomToken(), expiresAt: now + GUEST_IDENTITY_TTL_MS };
  $guestIdentity.set(fresh);
  return fresh;
}

/** At app start: an expired identity is dropped (a new one is made only when needed). */
export function expireGuestIdentity(now = Date.now()): void {
  const current = $guestIdentity.get();
  if (current && current.expiresAt <= now) $guestIdentity.set(null);
}

export function clearGuestIdentity(): void {
  $guestIdentity.set(null);
}
