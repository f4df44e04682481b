import { atom } from 'nanostores';

/**
 * Who is shopping, shared by every island. The access token itself lives in an httpOnly cookie
 * the server sets, so the browser only knows who the member is and when the session ends.
 */
export type Session =
  | { kind: 'member'; memberNo: number; memberName: string; expiresAt: number; isAdmin: boolean }
  | { kind: 'guest'; guestToken: string; expiresAt: number }
  | { kind: 'none' };

/** The server's view, rendered into the page by the layout and read once at island start. */
export interface ServerSessionSeed {
  member: { memberNo: number; memberName: string; expiresAt: number; isAdmin: boolean } | null;
}

export const $memberSession = atom<Extract<Session, { kind: 'member' }> | null>(null);

/** Access tokens are treated as expired 60 seconds early (spec section 4). */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;

export function isExpired(expiresAt: number, now = Date.now()): boolean {
  return now >= expiresAt - ACCESS_TOKEN_MARGIN_MS;
}

export function seedSession(seed: ServerSessionSeed): void {
  $memberSession.set(seed.member ? { kind: 'member', ...seed.member } : null);
}
