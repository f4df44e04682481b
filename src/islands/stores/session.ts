import { atom } from 'nanostores';
import { $guestIdentity } from './guest.ts';

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

export function currentSession(now = Date.now()): Session {
  const member = $memberSession.get();
  if (member && !isExpired(member.expiresAt, now)) return member;
  const guest = $guestIdentity.get();
  if (guest && guest.expiresAt > now) return { kind: 'guest', ...guest };
  return { kind: 'none' };
}

export function seedSession(seed: ServerSessionSeed): void {
  $memberSession.set(seed.member ? { kind: 'member', ...seed.member } : null);
}

/**
 * The spec's helper: a user counts as a member when logged in and not on a guest path
 * (`/guest/...`); otherwise as a guest.
 */
export function userKindForPath(pathname: string, session: Session = currentSession()): 'member' | 'guest' {
  return session.kind === 'member' && !pathname.startsWith('/guest') ? 'member' : 'guest';
}
