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
 * would deliver, kept for developers, tests and the dev outbox page.
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

/** Newest first. */
export async function listOutboxMessages(
  db: Client,
  filter: { channel?: OutboxChannel; recipient?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (filter.channel) {
    where.push('channel = ?');
    args.push(filter.channel);
  }
  if (filter.recipient) {
    where.push('recipient = ?');
    args.push(filter.recipient);
  }
  args.push(Math.min(Math.max(filter.limit ?? 20, 1), 100));
  const rs = await db.execute({
    sql: `SELECT message_no, channel, recipient, subject, body, created_at FROM outbox_messages
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY message_no DESC LIMIT ?`,
    args,
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

/** "010****5678" / "a***@example.com" for log lines that must not carry the full address. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  if (recipient.length <= 4) return '****';
  return `${recipient.slice(0, 3)}****${recipient.slice(-4)}`;
}
