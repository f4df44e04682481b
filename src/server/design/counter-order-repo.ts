import type { Executor } from '../db/client.ts';

/**
 * What a counter custom order shows of its sale, read in one statement: the sale line, the sale
 * (status after refunds, staff, member, amounts, payment methods) and its store (name, address and
 * phone: the print service ships a counter order to the store). Read-only: pos_sales,
 * pos_sale_lines, pos_payments and stores belong to the pos module, which writes them; the design
 * module only reads them here, beside its own list (as `order` facts are read for web orders).
 */

export type CounterSaleStatus = 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface CounterLineFacts {
  saleNo: string;
  saleLineNo: number;
  saleStatus: CounterSaleStatus;
  soldAt: string;
  staffName: string;
  /** The member the sale was made for, if the staff found one. */
  memberNo: number | null;
  payAmt: number;
  /** The sale's payment methods (CASH, CARD, KAKAO_PAY), each once. */
  paymentMethods: string[];
  storeNo: number;
  storeName: string;
  storeAddress: string;
  storePhone: string;
  productName: string;
  /** "12cm / 실리콘", or '' for a product without options. */
  optionLabel: string;
  qty: number;
  unitPrice: number;
  /** What the line cost after its discounts. */
  paidAmt: number;
  refundedQty: number;
}

const METHOD_ORDER = ['CASH', 'CARD', 'KAKAO_PAY'];

/** The facts of these sale lines; a line that does not exist is left out. */
export async function counterLineFacts(
  db: Executor,
  saleLineNos: readonly number[],
): Promise<CounterLineFacts[]> {
  const nos = [...new Set(saleLineNos)];
  if (nos.length === 0) return [];
  const rs = await db.execute({
    sql: `SELECT l.line_no, l.sale_no, l.product_name, l.option_label, l.qty, l.unit_price, l.paid_amt, l.refunded_qty,
        s.status, s.sold_at, s.staff_name, s.member_no, s.pay_amt, s.store_no,
        st.store_name, st.address, st.phone,
        (SELECT group_concat(DISTINCT p.method) FROM pos_payments p WHERE p.sale_no = s.sale_no) AS methods
      FROM pos_sale_lines l JOIN pos_sales s ON s.sale_no = l.sale_no JOIN stores st ON st.store_no = s.store_no
      WHERE l.line_no IN (${nos.map(() => '?').join(', ')})`,
    args: nos,
  });
  return rs.rows.map((r) => ({
    saleNo: String(r.sale_no),
    saleLineNo: Number(r.line_no),
    saleStatus: String(r.status) as CounterSaleStatus,
    soldAt: String(r.sold_at),
    staffName: String(r.staff_name ?? ''),
    memberNo: r.member_no === null ? null : Number(r.member_no),
    payAmt: Number(r.pay_amt),
    paymentMethods: String(r.methods ?? '')
      .split(',')
      .filter(Boolean)
      .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
    storeNo: Number(r.store_no),
    storeName: String(r.store_name ?? ''),
    storeAddress: String(r.address ?? ''),
    storePhone: String(r.phone ?? ''),
    productName: String(r.product_name ?? ''),
    optionLabel: String(r.option_label ?? ''),
    qty: Number(r.qty),
    unitPrice: Number(r.unit_price),
    paidAmt: Number(r.paid_amt),
    refundedQty: Number(r.refunded_qty ?? 0),
  }));
}
