import type { PodToken } from '../adapters/pod/index.ts';
import type { Executor } from '../db/client.ts';

/** SQL of the print service's token table (pod_tokens): one row per adapter. */

export async function selectToken(db: Executor, adapter: string): Promise<PodToken | null> {
  const rs = await db.execute({
    sql: 'SELECT access_token, issued_at, expires_in FROM pod_tokens WHERE adapter = ?',
    args: [adapter],
  });
  const r = rs.rows[0];
  return r
    ? { accessToken: String(r.access_token), issuedAt: String(r.issued_at), expiresIn: Number(r.expires_in) }
    : null;
}

export async function saveToken(db: Executor, adapter: string, token: PodToken): Promise<void> {
  await db.execute({
    sql: `INSERT INTO pod_tokens (adapter, access_token, issued_at, expires_in) VALUES (?, ?, ?, ?)
          ON CONFLICT (adapter) DO UPDATE SET access_token = excluded.access_token, issued_at = excluded.issued_at,
            expires_in = excluded.expires_in`,
    args: [adapter, token.accessToken, token.issuedAt, token.expiresIn],
  });
}
