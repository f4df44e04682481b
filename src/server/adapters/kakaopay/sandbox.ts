import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { env } from '../../platform/env.ts';
import type { KakaoPayPort, KakaoRequest } from './port.ts';

const TTL_MS = 5 * 60 * 1000;

type Row = Record<string, unknown>;

function toRequest(r: Row): KakaoRequest {
  const requestId = String(r.request_id);
  return {
    requestId,
    storeNo: Number(r.store_no),
    amount: Number(r.amount),
    status: String(r.status) as KakaoRequest['status'],
    approvalNo: r.approval_no == null ? null : String(r.approval_no),
    txId: r.provider_tx_id == null ? null : String(r.provider_tx_id),
    approveUrl: `${env().PUBLIC_BASE_URL.replace(/\/+$/, '')}/test/pos/kakao?request=${requestId}`,
    expiresAt: String(r.expires_at),
  };
}

/**
 * The built-in Kakao Pay: requests live in the database (every server process sees the same), the
 * customer's phone is the sandbox page /test/pos/kakao, which approves through `approve`.
 */
export function createKakaoPaySandbox(db: () => Promise<Db>): KakaoPayPort & {
  approve(requestId: string): Promise<KakaoRequest | null>;
} {
  const read = async (requestId: string) => {
    const conn = await db();
    await conn.execute({
      sql: "UPDATE pos_kakao_requests SET status = 'EXPIRED' WHERE request_id = ? AND status = 'READY' AND expires_at <= ?",
      args: [requestId, new Date().toISOString()],
    });
    const rs = await conn.execute({
      sql: 'SELECT * FROM pos_kakao_requests WHERE request_id = ?',
      args: [requestId],
    });
    return rs.rows[0] ? toRequest(rs.rows[0] as Row) : null;
  };
  return {
    name: 'sandbox',
    async ready(storeNo, amount) {
      const requestId = `KP${randomBytes(9).toString('hex')}`;
      const now = new Date();
      await (
        await db()
      ).execute({
        sql: `INSERT INTO pos_kakao_requests (request_id, store_no, amount, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?)`,
        args: [requestId, storeNo, amount, now.toISOString(), new Date(now.getTime() + TTL_MS).toISOString()],
      });
      return (await read(requestId))!;
    },
    status: read,
    async approve(requestId) {
      await (
        await db()
      ).execute({
        sql: `UPDATE pos_kakao_requests SET status = 'APPROVED', approval_no = ?, provider_tx_id = ?, approved_at = ?
          WHERE request_id = ? AND status = 'READY' AND expires_at > ?`,
        args: [
          String(randomInt(10_000_000, 99_999_999)),
          `T${randomBytes(8).toString('hex')}`,
          new Date().toISOString(),
          requestId,
          new Date().toISOString(),
        ],
      });
      return read(requestId);
    },
    async use(requestId, amount) {
      const rs = await (
        await db()
      ).execute({
        sql: "UPDATE pos_kakao_requests SET status = 'USED' WHERE request_id = ? AND status = 'APPROVED' AND amount = ?",
        args: [requestId, amount],
      });
      return rs.rowsAffected === 1 ? read(requestId) : null;
    },
    cancel() {
      return Promise.resolve({ cancelNo: String(randomInt(10_000_000, 99_999_999)) });
    },
    async withdraw(requestId) {
      await (
        await db()
      ).execute({
        sql: "UPDATE pos_kakao_requests SET status = 'CANCELLED' WHERE request_id = ? AND status IN ('READY', 'APPROVED')",
        args: [requestId],
      });
      return read(requestId);
    },
    async releaseUnused(before) {
      const conn = await db();
      await conn.execute({
        sql: "UPDATE pos_kakao_requests SET status = 'EXPIRED' WHERE status = 'READY' AND expires_at <= ?",
        args: [new Date().toISOString()],
      });
      const rs = await conn.execute({
        sql: "UPDATE pos_kakao_requests SET status = 'CANCELLED' WHERE status = 'APPROVED' AND approved_at < ?",
        args: [before.toISOString()],
      });
      return rs.rowsAffected;
    },
  };
}
