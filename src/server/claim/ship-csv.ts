import Papa from 'papaparse';
import { DELIVERY_COMPANIES, INVOICE_NO } from '../../lib/order-claims.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../platform/errors.ts';
import { ORDER_STATUS_LABELS, orderSteps } from '../order/index.ts';
import { claimError } from './errors.ts';
import { customLineNotMade, moveOrder } from './fulfilment.ts';

/**
 * Shipping many orders from the courier's file (issue 15): a CSV with the order number, the courier
 * and the tracking number per row (the courier's own export, or the shop's form). A dry run lists
 * every row with what would happen or what is wrong, and nothing is written; applying ships each
 * good row through the same guarded step as one order (`moveOrder`: a custom line not made, a
 * status changed meanwhile are refused there too), and answers each row's outcome. Tracking
 * numbers are kept without hyphens.
 */

export const SHIP_CSV_MAX_ROWS = 2000;

/** Header names accepted per column (Korean forms and the API's names). */
const COLUMNS = {
  orderNo: ['주문번호', 'orderNo', '주문 번호'],
  courier: ['택배사', 'deliveryCompanyType', '택배사 코드', '배송업체'],
  invoiceNo: ['송장번호', 'invoiceNo', '송장 번호', '운송장번호'],
} as const;

export interface ShipCsvRow {
  /** The file's line (the header is line 1). */
  line: number;
  orderNo: string;
  deliveryCompanyType: string | null;
  invoiceNo: string;
  /** Why the row is not shipped, or null. */
  problem: string | null;
  /** After applying: shipped now. */
  shipped?: boolean;
}

export interface ShipCsvResult {
  dryRun: boolean;
  rows: ShipCsvRow[];
  okCount: number;
  problemCount: number;
}

const courierOf = (text: string) => {
  const t = text.trim().replace(/\s/g, '').toLowerCase();
  return (
    DELIVERY_COMPANIES.find(
      (c) => c.type.toLowerCase() === t || c.label.replace(/\s/g, '').toLowerCase() === t,
    )?.type ?? null
  );
};

function columnOf(headers: readonly string[], names: readonly string[]): string | undefined {
  return headers.find((h) => names.includes(h.trim()));
}

/** The rows of the file with the problems a row has on its own (format, duplicates). */
export function parseShipCsv(text: string): ShipCsvRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = parsed.meta.fields ?? [];
  const cols = {
    orderNo: columnOf(headers, COLUMNS.orderNo),
    courier: columnOf(headers, COLUMNS.courier),
    invoiceNo: columnOf(headers, COLUMNS.invoiceNo),
  };
  const missing = [
    !cols.orderNo && '주문번호',
    !cols.courier && '택배사',
    !cols.invoiceNo && '송장번호',
  ].filter(Boolean);
  if (missing.length > 0)
    throw claimError(
      'SHIP_CSV_INVALID',
      `첫 줄에 ${missing.join(', ')} 열이 없습니다. 첫 줄을 "주문번호,택배사,송장번호"로 맞춰 주세요.`,
    );
  if (parsed.data.length === 0) throw claimError('SHIP_CSV_INVALID', '발송할 줄이 없습니다.');
  if (parsed.data.length > SHIP_CSV_MAX_ROWS)
    throw claimError(
      'SHIP_CSV_INVALID',
      `한 번에 ${SHIP_CSV_MAX_ROWS.toLocaleString('ko-KR')}줄까지 올릴 수 있습니다. 파일을 나눠 주세요.`,
    );
  const seen = new Map<string, number>();
  return parsed.data.map((r, i) => {
    const line = i + 2;
    const orderNo = (r[cols.orderNo!] ?? '').trim();
    const courierText = (r[cols.courier!] ?? '').trim();
    const invoiceRaw = (r[cols.invoiceNo!] ?? '').trim();
    const deliveryCompanyType = courierOf(courierText);
    const invoiceNo = invoiceRaw.replace(/[\s-]/g, '');
    let problem: string | null = null;
    if (!/^\d{8,30}$/.test(orderNo)) problem = '주문번호를 확인해 주세요.';
    else if (!deliveryCompanyType)
      problem = courierText
        ? `모르는 택배사입니다 (${courierText.slice(0, 20)}). ${DELIVERY_COMPANIES.map((c) => c.label).join(', ')} 중에서 적어 주세요.`
        : '택배사를 적어 주세요.';
    else if (!INVOICE_NO.test(invoiceRaw) || invoiceNo.length < 8)
      problem = '송장번호는 숫자와 하이픈으로 8~20자입니다.';
    else if (seen.has(orderNo)) problem = `${seen.get(orderNo)}번째 줄과 같은 주문입니다.`;
    if (/^\d{8,30}$/.test(orderNo) && !seen.has(orderNo)) seen.set(orderNo, line);
    return { line, orderNo, deliveryCompanyType, invoiceNo, problem };
  });
}

const SHIPPABLE: readonly orderSteps.OrderStatus[] = ['PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE'];

/** Reads the file, checks every row against its order, and ships the good ones unless `dryRun`. */
export async function shipFromCsv(db: Db, text: string, dryRun: boolean): Promise<ShipCsvResult> {
  const rows = parseShipCsv(text);
  for (const row of rows) {
    if (row.problem) continue;
    const order = await orderSteps.selectOrder(db, row.orderNo);
    if (!order) {
      row.problem = '없는 주문번호입니다.';
      continue;
    }
    if (!SHIPPABLE.includes(order.orderStatus)) {
      row.problem =
        order.orderStatus === 'DELIVERY_ING' || order.orderStatus === 'DELIVERY_DONE'
          ? `이미 발송한 주문입니다 (${ORDER_STATUS_LABELS[order.orderStatus]}).`
          : `${ORDER_STATUS_LABELS[order.orderStatus]} 상태라 발송할 수 없습니다.`;
      continue;
    }
    if (dryRun) continue;
    try {
      await moveOrder(db, row.orderNo, 'ship', {
        deliveryCompanyType: row.deliveryCompanyType!,
        invoiceNo: row.invoiceNo,
      });
      row.shipped = true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      row.problem = err.message;
    }
  }
  // a dry run also tells which rows would be refused for a custom line not yet made
  if (dryRun)
    for (const row of rows.filter((r) => !r.problem)) {
      const reason = await customLineNotMade(db, row.orderNo);
      if (reason) row.problem = reason;
    }
  const problemCount = rows.filter((r) => r.problem).length;
  return { dryRun, rows, okCount: rows.length - problemCount, problemCount };
}
