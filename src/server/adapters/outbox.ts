import type { Client, Transaction } from '@libsql/client';

export type OutboxChannel = 'sms' | 'mail';

export interface OutboxMessage {
  messageNo: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/**
 * The table behind the built-in `outbox` adapters of the SMS and mail ports: what a real provider
 * would deliver, kept for developers, tests and the administrators' outbox page (/manager/outbox).
 */
export async function storeOutboxMessage(
  db: Client | Transaction,
  msg: { channel: OutboxChannel; recipient: string; subject?: string | null; body: string },
): Promise<number> {
  const rs = await db.execute({
    sql: `INSERT INTO outbox_messages (channel, recipient, subject, body, created_at)
          VALUES (?, ?, ?, ?, ?) RETURNING message_no`,
    args: [msg.channel, msg.recipient, msg.subject ?? null, msg.body, new Date().toISOString()],
  });
  return Number(rs.rows[0]?.message_no);
}

export interface OutboxFilter {
  channel?: OutboxChannel | undefined;
  recipient?: string | undefined;
}

function outboxWhere(filter: OutboxFilter): { where: string; args: string[] } {
  const parts: string[] = [];
  const args: string[] = [];
  if (filter.channel) {
    parts.push('channel = ?');
    args.push(filter.channel);
  }
  if (filter.recipient) {
    parts.push('recipient = ?');
    args.push(filter.recipient);
  }
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/** Newest first; `limit` 1–100 (20), `offset` for paging. */
export async function listOutboxMessages(
  db: Client,
  filter: OutboxFilter & { limit?: number; offset?: number } = {},
): Promise<OutboxMessage[]> {
  const { where, args } = outboxWhere(filter);
  const rs = await db.execute({
    sql: `SELECT message_no, channel, recipient, subject, body, created_at FROM outbox_messages
          ${where} ORDER BY message_no DESC LIMIT ? OFFSET ?`,
    args: [...args, Math.min(Math.max(filter.limit ?? 20, 1), 100), Math.max(filter.offset ?? 0, 0)],
  });
  return rs.rows.map((r) => ({
    messageNo: Number(r.message_no),
    channel: r.channel as OutboxChannel,
    recipient: String(r.recipient),
    subject: r.subject == null ? null : String(r.subject),
    body: String(r.body),
    createdAt: String(r.created_at),
  }));
}

export async function countOutboxMessages(db: Client, filter: OutboxFilter = {}): Promise<number> {
  const { where, args } = outboxWhere(filter);
  const rs = await db.execute({ sql: `SELECT count(*) AS n FROM outbox_messages ${where}`, args });
  return Number(rs.rows[0]?.n ?? 0);
}

/** "010****5678" / "a***@example.com" for log lines that must not carry the full address. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  if (recipient.length <= 4) return '****';
  return `${recipient.slice(0, 3)}****${recipient.slice(-4)}`;
}
