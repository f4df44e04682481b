import type { Executor } from '../db/client.ts';

/** SQL of 재입고 알림 (restock_alerts) and of the products back in stock lately (decision 033). */

export interface AlertRow {
  alertNo: number;
  optionNo: number;
  productNo: number;
  memberNo: number | null;
  name: string;
  mobileNo: string | null;
  email: string | null;
  status: 'WAITING' | 'NOTIFIED' | 'CANCELLED';
  createdAt: string;
  notifiedAt: string | null;
}

const ALERT_COLUMNS = `a.alert_no AS alertNo, a.option_no AS optionNo, a.product_no AS productNo,
  a.member_no AS memberNo, a.name, a.mobile_no AS mobileNo, a.email, a.status, a.created_at AS createdAt,
  a.notified_at AS notifiedAt`;

/** The option a shopper may ask about: on a product that is shown, and not retired. */
export async function selectAlertableOption(
  db: Executor,
  productNo: number,
  optionNo: number,
): Promise<{ stock: number; forcedSoldOut: boolean; productForcedSoldOut: boolean } | null> {
  const rs = await db.execute({
    sql: `SELECT o.stock_cnt, o.forced_sold_out, p.forced_sold_out AS p_forced
      FROM product_options o JOIN products p ON p.product_no = o.product_no
      WHERE o.option_no = ? AND o.product_no = ? AND o.retired = 0 AND p.deleted_ymdt IS NULL`,
    args: [optionNo, productNo],
  });
  const r = rs.rows[0];
  if (!r) return null;
  return {
    stock: Number(r.stock_cnt),
    forcedSoldOut: Number(r.forced_sold_out) === 1,
    productForcedSoldOut: Number(r.p_forced) === 1,
  };
}

/** Adds a waiting request; null when the person already has one for the option. */
export async function insertAlert(
  db: Executor,
  a: {
    optionNo: number;
    productNo: number;
    memberNo: number | null;
    personKey: string;
    name: string;
    mobileNo: string | null;
    email: string | null;
    consentedAt: string | null;
    now: string;
  },
): Promise<number | null> {
  const rs = await db.execute({
    sql: `INSERT INTO restock_alerts (option_no, product_no, member_no, person_key, name, mobile_no, email,
        consented_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (option_no, person_key) WHERE status = 'WAITING' DO NOTHING
      RETURNING alert_no`,
    args: [
      a.optionNo,
      a.productNo,
      a.memberNo,
      a.personKey,
      a.name,
      a.mobileNo,
      a.email,
      a.consentedAt,
      a.now,
    ],
  });
  const no = rs.rows[0]?.alert_no;
  return no === undefined || no === null ? null : Number(no);
}

/** A member's requests, newest first, with the product's name and the option's values. */
export async function selectMemberAlerts(
  db: Executor,
  memberNo: number,
  limit: number,
): Promise<(AlertRow & { productName: string; slug: string; optionValues: (string | null)[] })[]> {
  const rs = await db.execute({
    sql: `SELECT ${ALERT_COLUMNS}, p.product_name AS productName, p.slug,
        o.value1, o.value2, o.value3, o.value4
      FROM restock_alerts a
      JOIN products p ON p.product_no = a.product_no
      JOIN product_options o ON o.option_no = a.option_no
      WHERE a.member_no = ? AND a.status != 'CANCELLED'
      ORDER BY a.created_at DESC, a.alert_no DESC LIMIT ?`,
    args: [memberNo, limit],
  });
  return rs.rows.map((r) => {
    const row = r as unknown as AlertRow & {
      productName: string;
      slug: string;
      value1: string | null;
      value2: string | null;
      value3: string | null;
      value4: string | null;
    };
    return {
      alertNo: Number(row.alertNo),
      optionNo: Number(row.optionNo),
      productNo: Number(row.productNo),
      memberNo: row.memberNo === null ? null : Number(row.memberNo),
      name: row.name,
      mobileNo: row.mobileNo,
      email: row.email,
      status: row.status,
      createdAt: row.createdAt,
      notifiedAt: row.notifiedAt,
      productName: row.productName,
      slug: row.slug,
      optionValues: [row.value1, row.value2, row.value3, row.value4],
    };
  });
}

/** Cancels the member's own waiting request; false when there is none such. */
export async function cancelMemberAlert(
  db: Executor,
  memberNo: number,
  alertNo: number,
  now: string,
): Promise<boolean> {
  const rs = await db.execute({
    sql: `UPDATE restock_alerts SET status = 'CANCELLED', cancelled_at = ?
      WHERE alert_no = ? AND member_no = ? AND status = 'WAITING'`,
    args: [now, alertNo, memberNo],
  });
  return rs.rowsAffected === 1;
}

/**
 * When an option can be bought: in stock, not stopped by a manager (option or product), the product
 * on sale now, not deleted, and reachable (shown, or open by its address) — what 재입고 알림 promises.
 */
const BUYABLE_OPTION = `o.retired = 0 AND o.stock_cnt > 0 AND o.forced_sold_out = 0
  AND p.deleted_ymdt IS NULL AND p.forced_sold_out = 0 AND p.sale_status = 'ONSALE'
  AND p.sale_start_ymdt <= :now AND (p.sale_end_ymdt IS NULL OR p.sale_end_ymdt > :now)
  AND (p.front_display = 1 OR p.url_direct_display = 1)`;

/** Whose waiting requests to look at: one option, a product's options, or every one (the sweep). */
export type RestockScope = { optionNo: number } | { productNo: number } | 'all';

/**
 * Marks every waiting request of the option (or of the product's options, or all) that can be bought now
 * notified and answers them, with what the message needs: one statement, so a request is taken
 * exactly once, by whichever write made its option buyable.
 */
export async function takeWaitingAlerts(
  db: Executor,
  scope: RestockScope,
  now: string,
): Promise<(AlertRow & { productName: string; slug: string; optionValues: (string | null)[] })[]> {
  const [narrow, key] =
    scope === 'all'
      ? ['', 0]
      : 'optionNo' in scope
        ? ['AND option_no = :key', scope.optionNo]
        : ['AND product_no = :key', scope.productNo];
  const rs = await db.execute({
    sql: `UPDATE restock_alerts SET status = 'NOTIFIED', notified_at = :now
      WHERE status = 'WAITING' ${narrow}
        AND EXISTS (SELECT 1 FROM product_options o JOIN products p ON p.product_no = o.product_no
          WHERE o.option_no = restock_alerts.option_no AND ${BUYABLE_OPTION})
      RETURNING alert_no, option_no, name, mobile_no, email, product_no`,
    args: scope === 'all' ? { now } : { now, key },
  });
  if (rs.rows.length === 0) return [];
  const optionNos = [...new Set(rs.rows.map((r) => Number(r.option_no)))];
  const info = await db.execute({
    sql: `SELECT o.option_no, p.product_name, p.slug, o.value1, o.value2, o.value3, o.value4
      FROM product_options o JOIN products p ON p.product_no = o.product_no
      WHERE o.option_no IN (${optionNos.map(() => '?').join(', ')})`,
    args: optionNos,
  });
  const byNo = new Map(info.rows.map((i) => [Number(i.option_no), i]));
  return rs.rows
    .map((r) => {
      const optionNo = Number(r.option_no);
      const i = byNo.get(optionNo);
      const values = [i?.value1, i?.value2, i?.value3, i?.value4].map((v) => (v == null ? null : String(v)));
      return {
        alertNo: Number(r.alert_no),
        optionNo,
        productNo: Number(r.product_no),
        memberNo: null,
        name: String(r.name),
        mobileNo: r.mobile_no == null ? null : String(r.mobile_no),
        email: r.email == null ? null : String(r.email),
        status: 'NOTIFIED' as const,
        createdAt: now,
        notifiedAt: now,
        productName: String(i?.product_name ?? ''),
        slug: String(i?.slug ?? ''),
        optionValues: values,
      };
    })
    .sort((a, b) => a.alertNo - b.alertNo);
}

/**
 * Products with an option that went from none to some stock since `since` (the ledger's increases
 * whose stock before was 0), latest first, each once.
 */
export async function selectRecentlyRestocked(
  db: Executor,
  since: string,
  limit: number,
): Promise<{ productNo: number; restockedAt: string }[]> {
  const rs = await db.execute({
    sql: `SELECT product_no, MAX(created_ymdt) AS at FROM stock_ledger
      WHERE delta > 0 AND created_ymdt >= ? AND stock_after - delta <= 0 AND reason != 'INITIAL'
      GROUP BY product_no ORDER BY at DESC LIMIT ?`,
    args: [since, limit],
  });
  return rs.rows.map((r) => ({ productNo: Number(r.product_no), restockedAt: String(r.at) }));
}
