import type { Client } from '@libsql/client';

export async function seedIfEmpty(client: Client): Promise<boolean> {
  const r = await client.execute('SELECT COUNT(*) AS n FROM products');
  return Number(r.rows[0]?.n ?? 0) === 0;
}
