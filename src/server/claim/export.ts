import Papa from 'papaparse';
import { deliveryCompanyOf } from '../../lib/order-claims.ts';
import { ORDER_STATUS_LABELS } from '../../lib/order-status.ts';
import { formatPhone } from '../../lib/phone.ts';
import { seoulDayRange } from '../../lib/dates.ts';
import { PAY_TYPE_LABELS } from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import { orderSteps } from '../order/index.ts';
import { claimError } from './errors.ts';
import { orderSearchOf, type ManagerOrderQuery } from './manager.ts';

/**
 * The back office's order export (issue 15): one row per order line of the orders the search
 * finds, as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the Korean) or XLSX
 * (exceljs). Money as numbers, times in Asia/Seoul, phones 010-1234-5678. At most
 * `EXPORT_MAX_LINES` lines: a larger export is refused with a message to narrow the period.
 */

export const EXPORT_MAX_LINES = 20_000;

const HEADERS = [
  '주문번호',
  '주문일시',
  '주문 상태',
  '주문자',
  '주문자 연락처',
  '받는 분',
  '받는 분 연락처',
  '우편번호',
  '주소',
  '배송 메모',
  '상품명',
  '옵션',
  '수량',
  '상품 금액',
  '결제 수단',
  '주문 결제 금액',
  '택배사',
  '송장번호',
] as const;

const seoulTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export interface OrderExport {
  filename: string;
  contentType: string;
  body: Uint8Array;
}

export async function exportOrdersForManager(
  db: Db,
  q: Omit<ManagerOrderQuery, 'pageNumber' | 'pageSize'>,
  format: 'csv' | 'xlsx',
  now = new Date(),
): Promise<OrderExport> {
  const lines = await orderSteps.selectExportLines(
    db,
    {
      requestTypes: q.requestTypes,
      search: orderSearchOf(q.q),
      payType: q.payType,
      sort: q.sort,
      dateBasis: q.dateBasis,
      ...seoulDayRange(q.fromYmd ?? null, q.toYmd ?? null),
    },
    EXPORT_MAX_LINES + 1,
  );
  if (lines.length > EXPORT_MAX_LINES)
    throw claimError(
      'EXPORT_TOO_LARGE',
      `내려받을 주문 줄이 ${EXPORT_MAX_LINES.toLocaleString('ko-KR')}줄을 넘습니다. 기간이나 조건을 좁혀 주세요.`,
    );
  const rows = lines.map((l) => [
    l.orderNo,
    seoulTime.format(new Date(l.orderedAt)),
    ORDER_STATUS_LABELS[l.orderStatus],
    l.ordererName,
    formatPhone(l.ordererContact),
    l.receiverName,
    formatPhone(l.receiverContact),
    l.receiverZipCd,
    l.receiverAddress,
    l.deliveryMemo,
    l.productName,
    l.optionValue,
    l.orderCnt,
    l.buyAmt,
    PAY_TYPE_LABELS[l.payType as keyof typeof PAY_TYPE_LABELS] ?? l.payType,
    l.payAmt,
    deliveryCompanyOf(l.deliveryCompanyType)?.label ?? '',
    l.invoiceNo ?? '',
  ]);
  const stamp = seoulTime.format(now).replace(/\D/g, '').slice(0, 12);
  if (format === 'csv') {
    const text = `\uFEFF${Papa.unparse({ fields: [...HEADERS], data: rows }, { newline: '\r\n' })}\r\n`;
    return {
      filename: `orders-${stamp}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: new TextEncoder().encode(text),
    };
  }
  // loaded here, not at the top: exceljs costs about 0.3 s of CPU to load, which every app
  // process's start paid before for an export few ever ask for (decision 077)
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Podo';
  const sheet = book.addWorksheet('주문');
  sheet.addRow([...HEADERS]).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  for (const col of [13, 14, 16]) sheet.getColumn(col).numFmt = '#,##0';
  sheet.columns.forEach((c, i) => {
    c.width = Math.min(40, Math.max(10, HEADERS[i]!.length * 2 + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await book.xlsx.writeBuffer();
  return {
    filename: `orders-${stamp}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: new Uint8Array(buffer as ArrayBuffer),
  };
}
