import type { Db } from '../db/client.ts';
import { looksLikeToken, accountError } from '../auth/index.ts';

import { isoAfter, randomSecret, sha256Hex } from '../verification/index.ts';
import * as repo from './repo.ts';

/**
 * The spec's login flow calls the brand's own login, then exchanges the returned token "via a
 * social-style login with provider ncpstore". In Podo both sides are this server: the brand login
 * hands out a one-time ticket and `POST /shop-api/oauth/openid {provider: 'ncpstore',
 * openAccessToken: ticket}` turns it into a session. The ticket is good for one minute, once.
 */
export const PARTNER_PROVIDER = 'ncpstore';
const PARTNER_TICKET_SECONDS = 60;

export async function issuePartnerLoginTicket(
  db: Db,
  memberNo: number,
): Promise<{ ticket: string; expireIn: number }> {
  const ticket = randomSecret();
  const now = new Date();
  await repo.insertPartnerTicket(db, {
    ticketHash: sha256Hex(ticket),
    memberNo,
    expiresAt: isoAfter(now, PARTNER_TICKET_SECONDS),
    now: now.toISOString(),
  });
  return { ticket, expireIn: PARTNER_TICKET_SECONDS };
}

/** The member behind an unused, unexpired ticket (using it up), else invalid-token. */
export async function redeemPartnerLoginTicket(db: Db, ticket: string): Promise<number> {
  const memberNo = looksLikeToken(ticket)
    ? await repo.usePartnerTicket(db, sha256Hex(ticket), new Date().toISOString())
    : null;
  if (memberNo === null)
    throw accountError(
      'invalid-token',
      '로그인 정보가 만료되었거나 이미 사용되었습니다. 다시 로그인해 주세요.',
    );
  return memberNo;
}
