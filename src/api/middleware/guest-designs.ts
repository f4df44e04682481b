import type { Context } from 'hono';
import { db } from '../../server/db/client.ts';
import { adoptGuestDesigns } from '../../server/design/index.ts';
import type { AuthEnv } from './auth.ts';

/**
 * When a member signs in (id login, social login, the ncpstore exchange, social sign-up) or merges
 * the guest cart, the designs kept with the request's guest identity (the `guestToken` header)
 * move to the member, so the guest cart's design lines stay orderable
 * (docs/decisions/011-custom-designs-and-orders.md). Runs after the session exists; a failure is
 * logged and never fails the login — the designs stay with the guest identity and a later login or
 * merge with the same header moves them.
 */
export async function adoptRequestGuestDesigns(c: Context<AuthEnv>, memberNo: number): Promise<number> {
  const guestToken = c.get('guestToken');
  if (!guestToken) return 0;
  try {
    return await adoptGuestDesigns(await db(), guestToken, memberNo);
  } catch (err) {
    console.error('[podo] guest designs not moved to the member', memberNo, err);
    return 0;
  }
}
