import type { Client, Transaction } from '@libsql/client';
import type { SocialProfile, SocialProvider } from '../adapters/oauth/index.ts';

/** SQL of the social tables: links, sign-up tokens and partner login tickets. */
type Sql = Pick<Client | Transaction, 'execute'>;

export interface SocialLinkRow {
  memberNo: number;
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  linkedAt: string;
}

function toLink(r: Record<string, unknown>): SocialLinkRow {
  return {
    memberNo: Number(r.member_no),
    provider: String(r.provider) as SocialProvider,
    providerUserId: String(r.provider_user_id),
    email: r.email == null ? null : String(r.email),
    linkedAt: String(r.linked_at),
  };
}

const LINK_COLUMNS = 'member_no, provider, provider_user_id, email, linked_at';

export async function selectLinkByIdentity(
  db: Sql,
  provider: SocialProvider,
  providerUserId: string,
): Promise<SocialLinkRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${LINK_COLUMNS} FROM social_links WHERE provider = ? AND provider_user_id = ?`,
    args: [provider, providerUserId],
  });
  return rs.rows[0] ? toLink(rs.rows[0]) : null;
}

export async function selectLinksOfMember(db: Sql, memberNo: number): Promise<SocialLinkRow[]> {
  const rs = await db.execute({
    sql: `SELECT ${LINK_COLUMNS} FROM social_links WHERE member_no = ? ORDER BY linked_at, provider`,
    args: [memberNo],
  });
  return rs.rows.map(toLink);
}

/** False when the identity or the member's provider slot is taken (UNIQUE constraints). */
export async function insertLink(
  db: Sql,
  l: {
    memberNo: number;
    provider: SocialProvider;
    providerUserId: string;
    email: string | null;
    now: string;
  },
): Promise<boolean> {
  const rs = await db.execute({
    sql: `INSERT INTO social_links (member_no, provider, provider_user_id, email, linked_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT DO NOTHING`,
    args: [l.memberNo, l.provider, l.providerUserId, l.email, l.now],
  });
  return rs.rowsAffected === 1;
}

export async function deleteLink(db: Sql, memberNo: number, provider: SocialProvider): Promise<boolean> {
  const rs = await db.execute({
    sql: 'DELETE FROM social_links WHERE member_no = ? AND provider = ?',
    args: [memberNo, provider],
  });
  return rs.rowsAffected > 0;
}

export async function deleteLinksOfMember(db: Sql, memberNo: number): Promise<void> {
  await db.execute({ sql: 'DELETE FROM social_links WHERE member_no = ?', args: [memberNo] });
}

export async function insertSignUpToken(
  db: Sql,
  t: { tokenHash: string; provider: SocialProvider; profile: SocialProfile; expiresAt: string; now: string },
): Promise<void> {
  await db.execute({
    sql: 'DELETE FROM social_signup_tokens WHERE expires_at < ?',
    args: [t.now],
  });
  await db.execute({
    sql: `INSERT INTO social_signup_tokens (token_hash, provider, provider_user_id, profile_json, expires_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [t.tokenHash, t.provider, t.profile.providerUserId, JSON.stringify(t.profile), t.expiresAt, t.now],
  });
}

export interface SignUpTokenRow {
  provider: SocialProvider;
  profile: SocialProfile;
  expiresAt: string;
  usedAt: string | null;
}

export async function selectSignUpToken(db: Sql, tokenHash: string): Promise<SignUpTokenRow | null> {
  const rs = await db.execute({
    sql: 'SELECT provider, profile_json, expires_at, used_at FROM social_signup_tokens WHERE token_hash = ?',
    args: [tokenHash],
  });
  const r = rs.rows[0];
  if (!r) return null;
  return {
    provider: String(r.provider) as SocialProvider,
    profile: JSON.parse(String(r.profile_json)) as SocialProfile,
    expiresAt: String(r.expires_at),
    usedAt: r.used_at == null ? null : String(r.used_at),
  };
}

/** Single use: true only for the one caller that marks an unused, unexpired token. */
export async function useSignUpToken(db: Sql, tokenHash: string, now: string): Promise<boolean> {
  const rs = await db.execute({
    sql: 'UPDATE social_signup_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    args: [now, tokenHash, now],
  });
  return rs.rowsAffected === 1;
}

export async function insertPartnerTicket(
  db: Sql,
  t: { ticketHash: string; memberNo: number; expiresAt: string; now: string },
): Promise<void> {
  await db.execute({ sql: 'DELETE FROM partner_login_tickets WHERE expires_at < ?', args: [t.now] });
  await db.execute({
    sql: 'INSERT INTO partner_login_tickets (ticket_hash, member_no, expires_at, created_at) VALUES (?, ?, ?, ?)',
    args: [t.ticketHash, t.memberNo, t.expiresAt, t.now],
  });
}

export async function usePartnerTicket(db: Sql, ticketHash: string, now: string): Promise<number | null> {
  const rs = await db.execute({
    sql: `UPDATE partner_login_tickets SET used_at = ? WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ?
          RETURNING member_no`,
    args: [now, ticketHash, now],
  });
  return rs.rows[0] ? Number(rs.rows[0].member_no) : null;
}
