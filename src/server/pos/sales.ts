import type { Transaction } from '@libsql/client';
import { josa } from 'es-hangul';
import { cardTerminal, CardDeclinedError, type CardApproval } from '../adapters/card-terminal/index.ts';
import { kakaoPay, type KakaoRequest } from '../adapters/kakaopay/index.ts';
import { catalogSteps, counterItems, type CounterItem } from '../catalog/index.ts';
import type { Db, Executor } from '../db/client.ts';
import {
  checkCounterDesignLines,
  recordCounterCustomOrders,
  sendCounterSaleToPod,
  type CounterCustomOrderLine,
  type CounterDesignLine,
} from '../design/index.ts';
import { writeTx } from '../db/write-tx.ts';
import { appError, fieldsError } from '../platform/errors.ts';
import { getMember } from '../member/index.ts';
import { couponProblem, promotionSteps } from '../promotion/index.ts';
import { priceSale, type CouponToApply, type SalePricing } from '../../lib/pos/pricing.ts';
import type { PaymentInput, SaleBody } from './schema.ts';
import { shiftByNo } from './shifts.ts';
import { storeOf, type Cashier } from './staff.ts';

/**
 * Workflow: a counter sale.
 *
 * Steps: the idempotency key (a sale sent twice answers the first) → the shift (the store's, open;
 * an offline sale may arrive after its shift closed) → price every line from the catalogue
 * (`counterItems`; the screen's prices are never used) → check the payments add up → card
 * approvals at the terminal and Kakao Pay approvals taken (outside the transaction) → ONE write
 * transaction: the sale, its lines and payments, the member's coupons used (the web shop's
 * `useCoupon`: a coupon used meanwhile fails the sale), the stock taken with `catalogSteps.takeStock`
 * (guarded, the same statement the web shop's orders use, so the two channels never oversell;
 * channel COUNTER, a ledger line each), the member's points spent and earned → if the transaction
 * fails, every approval is cancelled.
 *
 * A line may carry a design (a custom order taken at the counter): the design module checks it
 * before any approval (`checkCounterDesignLines`), records its custom order inside the same
 * transaction (`recordCounterCustomOrders`), and after the commit the sale goes to the print
 * service (`sendCounterSaleToPod`), as a paid web order does (`afterOrderPaid`).
 *
 * An offline sale (made while the counter had no connection, cash only) already happened: the
 * goods left the shop. Its stock is taken as far as it goes and the rest recorded as short, for
 * the staff to see and count.
 */

export interface SaleLine {
  lineNo: number;
  productNo: number;
  optionNo: number;
  productName: string;
  optionLabel: string;
  barcode: string | null;
  unitPrice: number;
  qty: number;
  lineDiscountAmt: number;
  lineDiscountReason: string;
  netAmt: number;
  refundedQty: number;
  shortQty: number;
  /** The design of a custom order line (its custom order holds the copy that is printed). */
  designId: string | null;
  /** Text the customer gave for the product's inputs (각인 문구). */
  optionInputs: { inputNo: number; inputLabel: string; inputValue: string }[];
}

export interface SalePayment {
  paymentNo: number;
  method: 'CASH' | 'CARD' | 'KAKAO_PAY';
  amount: number;
  receivedAmt: number | null;
  changeAmt: number | null;
  approvalNo: string | null;
  cardName: string | null;
  refundedAmt: number;
}

export interface SaleCoupon {
  couponIssueNo: number;
  couponType: 'PRODUCT' | 'CART';
  productNo: number | null;
  couponName: string;
  discountAmt: number;
}

export interface CounterSale {
  saleNo: string;
  storeNo: number;
  shiftNo: number;
  staffName: string;
  memberNo: number | null;
  memberName: string | null;
  status: 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  goodsAmt: number;
  lineDiscountAmt: number;
  couponDiscountAmt: number;
  orderDiscountAmt: number;
  orderDiscountReason: string;
  usedPoints: number;
  payAmt: number;
  earnedPoints: number;
  refundedAmt: number;
  coupons: SaleCoupon[];
  cashReceiptType: 'INCOME' | 'EXPENSE' | null;
  cashReceiptNo: string | null;
  offline: boolean;
  stockShort: boolean;
  soldAt: string;
  recordedAt: string;
  lines: SaleLine[];
  payments: SalePayment[];
}

const str = (v: unknown) => (v == null ? null : String(v));

export async function saleByNo(db: Executor, saleNo: string): Promise<CounterSale | null> {
  const [s, lines, payments, coupons] = await Promise.all([
    db.execute({
      sql: `SELECT s.*, m.member_name FROM pos_sales s LEFT JOIN members m ON m.member_no = s.member_no
        WHERE s.sale_no = ?`,
      args: [saleNo],
    }),
    db.execute({ sql: 'SELECT * FROM pos_sale_lines WHERE sale_no = ? ORDER BY line_no', args: [saleNo] }),
    db.execute({ sql: 'SELECT * FROM pos_payments WHERE sale_no = ? ORDER BY payment_no', args: [saleNo] }),
    db.execute({
      sql: "SELECT * FROM pos_sale_coupons WHERE sale_no = ? ORDER BY coupon_type = 'CART', coupon_issue_no",
      args: [saleNo],
    }),
  ]);
  const r = s.rows[0];
  if (!r) return null;
  return {
    saleNo: String(r.sale_no),
    storeNo: Number(r.store_no),
    shiftNo: Number(r.shift_no),
    staffName: String(r.staff_name),
    memberNo: r.member_no == null ? null : Number(r.member_no),
    memberName: str(r.member_name),
    status: String(r.status) as CounterSale['status'],
    goodsAmt: Number(r.goods_amt),
    lineDiscountAmt: Number(r.line_discount_amt),
    couponDiscountAmt: Number(r.coupon_discount_amt ?? 0),
    orderDiscountAmt: Number(r.order_discount_amt),
    orderDiscountReason: String(r.order_discount_reason ?? ''),
    usedPoints: Number(r.used_points),
    payAmt: Number(r.pay_amt),
    earnedPoints: Number(r.earned_points),
    refundedAmt: Number(r.refunded_amt),
    coupons: coupons.rows.map((c) => ({
      couponIssueNo: Number(c.coupon_issue_no),
      couponType: String(c.coupon_type) as SaleCoupon['couponType'],
      productNo: c.product_no == null ? null : Number(c.product_no),
      couponName: String(c.coupon_name),
      discountAmt: Number(c.discount_amt),
    })),
    cashReceiptType:
      r.cash_receipt_type == null ? null : (String(r.cash_receipt_type) as 'INCOME' | 'EXPENSE'),
    cashReceiptNo: str(r.cash_receipt_no),
    offline: Number(r.offline) === 1,
    stockShort: Number(r.stock_short) === 1,
    soldAt: String(r.sold_at),
    recordedAt: String(r.recorded_at),
    lines: lines.rows.map((l) => ({
      lineNo: Number(l.line_no),
      productNo: Number(l.product_no),
      optionNo: Number(l.option_no),
      productName: String(l.product_name),
      optionLabel: String(l.option_label ?? ''),
      barcode: str(l.barcode),
      unitPrice: Number(l.unit_price),
      qty: Number(l.qty),
      lineDiscountAmt: Number(l.line_discount_amt),
      lineDiscountReason: String(l.line_discount_reason ?? ''),
      netAmt: Number(l.paid_amt),
      refundedQty: Number(l.refunded_qty),
      shortQty: Number(l.short_qty),
      designId: str(l.design_id),
      optionInputs: JSON.parse(String(l.option_inputs ?? '[]')) as SaleLine['optionInputs'],
    })),
    payments: payments.rows.map((p) => ({
      paymentNo: Number(p.payment_no),
      method: String(p.method) as SalePayment['method'],
      amount: Number(p.amount),
      receivedAmt: p.received_amt == null ? null : Number(p.received_amt),
      changeAmt: p.change_amt == null ? null : Number(p.change_amt),
      approvalNo: str(p.approval_no),
      cardName: str(p.card_name),
      refundedAmt: Number(p.refunded_amt),
    })),
  };
}

/** `P20261125-0007`: the store's seventh counter sale of that day (Asia/Seoul), made in the transaction. */
async function nextSaleNo(tx: Transaction, soldAt: Date): Promise<string> {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(soldAt).replaceAll('-', '');
  const rs = await tx.execute({
    sql: "SELECT COUNT(*) AS n FROM pos_sales WHERE sale_no LIKE ? || '-%'",
    args: [`P${day}`],
  });
  return `P${day}-${String(Number(rs.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

interface Approved {
  input: PaymentInput;
  card?: CardApproval;
  kakao?: KakaoRequest;
}

/** Gives back every approval already taken (the sale could not be recorded). */
async function cancelApprovals(approved: readonly Approved[]): Promise<void> {
  for (const a of approved) {
    try {
      if (a.card) await cardTerminal().cancel(a.card.txId, a.input.amount);
      if (a.kakao?.txId) await kakaoPay().cancel(a.kakao.txId, a.input.amount);
    } catch (err) {
      console.error('[pos] could not cancel an approval after a failed sale', err);
    }
  }
}

function checkLines(items: Map<number, CounterItem>, body: SaleBody): CounterItem[] {
  return body.lines.map((l, i) => {
    const item = items.get(l.optionNo);
    if (!item)
      throw fieldsError('POS_INVALID', [
        { path: `lines.${i}.optionNo`, message: '판매할 수 없는 상품입니다 (삭제되었거나 없는 옵션).' },
      ]);
    if (!item.sellable && !body.offline)
      throw appError('POS_ITEM_NOT_SELLABLE', `${josa(item.productName, '은/는')} 지금 판매 중이 아닙니다.`);
    if (item.customizable && !l.designId)
      throw fieldsError('POS_INVALID', [
        {
          path: `lines.${i}.designId`,
          message: `${josa(item.productName, '은/는')} 디자인으로 만드는 커스텀 상품입니다. 커스텀 주문 화면에서 받아 주세요.`,
        },
      ]);
    return item;
  });
}

/**
 * A line's input texts as kept: each one the product's (unknown ones refused), within its length,
 * the required ones given — except on a design line, whose design replaces the product's texts.
 */
function lineInputsOf(
  item: CounterItem,
  line: SaleBody['lines'][number],
  i: number,
): SaleLine['optionInputs'] {
  const given = line.inputs ?? [];
  const out: SaleLine['optionInputs'] = [];
  for (const g of given) {
    const def = item.inputs.find((d) => d.inputNo === g.inputNo);
    if (!def)
      throw fieldsError('POS_INVALID', [
        { path: `lines.${i}.inputs`, message: `${item.productName}에 없는 입력 항목입니다.` },
      ]);
    if ([...g.value].length > def.maxLength)
      throw fieldsError('POS_INVALID', [
        {
          path: `lines.${i}.inputs`,
          message: `${josa(def.inputLabel, '은/는')} ${def.maxLength}자까지 입력할 수 있습니다.`,
        },
      ]);
    if (g.value && !out.some((o) => o.inputNo === def.inputNo))
      out.push({ inputNo: def.inputNo, inputLabel: def.inputLabel, inputValue: g.value });
  }
  if (!line.designId)
    for (const def of item.inputs)
      if (def.required && !out.some((o) => o.inputNo === def.inputNo))
        throw fieldsError('POS_INVALID', [
          {
            path: `lines.${i}.inputs`,
            message: `${item.productName}: ${josa(def.inputLabel, '을/를')} 입력해 주세요.`,
          },
        ]);
  return out;
}

function checkPayments(pricing: SalePricing, body: SaleBody): void {
  const paid = body.payments.reduce((a, p) => a + p.amount, 0);
  if (paid !== pricing.payAmt)
    throw appError(
      'POS_PAYMENT_MISMATCH',
      `결제 금액의 합(${paid.toLocaleString('ko-KR')}원)이 받을 금액(${pricing.payAmt.toLocaleString('ko-KR')}원)과 다릅니다.`,
    );
  for (const p of body.payments) {
    if (p.method === 'CASH' && p.received < p.amount)
      throw fieldsError('POS_INVALID', [
        { path: 'payments', message: '받은 현금이 현금 결제 금액보다 적습니다.' },
      ]);
    if (body.offline && p.method !== 'CASH') throw appError('POS_OFFLINE_CASH_ONLY');
  }
}

/** Takes approvals for the card and Kakao Pay parts; on a decline, gives back what was taken. */
async function approvePayments(body: SaleBody, ref: string): Promise<Approved[]> {
  const approved: Approved[] = [];
  for (const p of body.payments) {
    try {
      if (p.method === 'CARD') approved.push({ input: p, card: await cardTerminal().approve(p.amount, ref) });
      else if (p.method === 'KAKAO_PAY') {
        const used = await kakaoPay().use(p.requestId, p.amount);
        if (!used) throw appError('POS_KAKAO_NOT_APPROVED');
        approved.push({ input: p, kakao: used });
      } else approved.push({ input: p });
    } catch (err) {
      await cancelApprovals(approved);
      if (err instanceof CardDeclinedError)
        throw appError('POS_CARD_DECLINED', `카드 결제가 거절되었습니다: ${err.reason}`);
      throw err;
    }
  }
  return approved;
}

/**
 * The member's coupons the sale names, with their rules as issued: each must be the member's and
 * issued (not used, not withdrawn); expiry, type, product and minimum are checked once the sale is
 * priced (`checkCoupons`).
 */
async function couponsOf(db: Db, body: SaleBody): Promise<CouponToApply[]> {
  if (body.coupons.length === 0) return [];
  const issued = await promotionSteps.selectIssuedCoupons(
    db,
    body.coupons.map((c) => c.couponIssueNo),
  );
  return body.coupons.map((want, i) => {
    const c = issued.find((x) => x.couponIssueNo === want.couponIssueNo);
    if (!c || c.memberNo !== body.memberNo || c.status === 'WITHDRAWN')
      throw fieldsError('COUPON_NOT_FOUND', [
        { path: `coupons.${i}`, message: '이 회원이 쓸 수 있는 쿠폰이 아닙니다.' },
      ]);
    return {
      couponIssueNo: c.couponIssueNo,
      couponName: c.couponName,
      couponType: c.couponType,
      productNo: c.couponType === 'PRODUCT' ? want.productNo : null,
      rule: c,
    };
  });
}

/** The web shop's coupon rules (`couponProblem`) for every coupon the pricing applied. */
async function checkCoupons(db: Db, body: SaleBody, pricing: SalePricing): Promise<void> {
  if (pricing.coupons.length === 0) return;
  const issued = await promotionSteps.selectIssuedCoupons(
    db,
    pricing.coupons.map((c) => c.couponIssueNo),
  );
  const now = new Date();
  for (const applied of pricing.coupons) {
    const problem = couponProblem(
      issued.find((c) => c.couponIssueNo === applied.couponIssueNo),
      {
        memberNo: body.memberNo ?? 0,
        now,
        as: applied.couponType,
        ...(applied.productNo !== null ? { productNo: applied.productNo } : {}),
        baseAmt: applied.baseAmt,
      },
    );
    if (problem) throw appError(problem.code, problem.message);
  }
}

/**
 * Who picks up the custom order lines: the name and phone the staff typed, else the found member's
 * name and mobile number (a member without one must give a phone).
 */
function pickupContact(
  body: SaleBody,
  member: { memberName: string | null; mobileNo: string | null } | null,
): { name: string; phone: string } {
  if (body.customer) return body.customer;
  const phone = (member?.mobileNo ?? '').replace(/\D/g, '');
  if (!member || !/^01\d{8,9}$/.test(phone))
    throw fieldsError('POS_INVALID', [
      { path: 'customer', message: '커스텀 주문을 찾아가실 분의 휴대폰 번호를 입력해 주세요.' },
    ]);
  return { name: member.memberName?.trim() || '회원', phone };
}

/** Records a counter sale; `replay` is true when the key had already recorded it. */
export async function recordSale(
  db: Db,
  body: SaleBody,
  cashier: Cashier,
): Promise<{ sale: CounterSale; replay: boolean }> {
  const existing = await db.execute({
    sql: 'SELECT sale_no FROM pos_sales WHERE idempotency_key = ?',
    args: [body.idempotencyKey],
  });
  if (existing.rows[0])
    return { sale: (await saleByNo(db, String(existing.rows[0].sale_no)))!, replay: true };

  const shift = await shiftByNo(db, body.shiftNo);
  if (!shift || shift.storeNo !== cashier.storeNo) throw appError('SHIFT_NOT_FOUND');
  if (shift.status !== 'OPEN' && !body.offline) throw appError('SHIFT_NOT_OPEN');
  const store = await storeOf(db, cashier.storeNo);
  const member = body.memberNo !== null ? await getMember(db, body.memberNo) : null;
  if (body.memberNo !== null && (!member || member.memberStatus === 'WITHDRAWN'))
    throw appError('POS_MEMBER_NOT_FOUND');

  const items = checkLines(
    await counterItems(
      db,
      body.lines.map((l) => l.optionNo),
    ),
    body,
  );
  const inputsOf = body.lines.map((l, i) => lineInputsOf(items[i]!, l, i));
  const designLines: CounterDesignLine[] = body.lines.flatMap((l, i) =>
    l.designId
      ? [{ index: i, designId: l.designId, productNo: items[i]!.productNo, optionNo: l.optionNo }]
      : [],
  );
  await checkCounterDesignLines(
    db,
    { storeNo: cashier.storeNo, staffMemberNo: cashier.memberNo, memberNo: body.memberNo },
    designLines,
  );
  const pickup = designLines.length > 0 ? pickupContact(body, member) : null;
  const pricing: SalePricing = priceSale(
    body.lines.map((l, i) => ({
      optionNo: l.optionNo,
      productNo: items[i]!.productNo,
      unitPrice: items[i]!.unitPrice,
      qty: l.qty,
      discount: l.discount,
    })),
    body.orderDiscount,
    body.usePoints,
    await couponsOf(db, body),
  );
  if (pricing.problems.length > 0) throw fieldsError('POS_INVALID', pricing.problems);
  await checkCoupons(db, body, pricing);
  checkPayments(pricing, body);
  const approved = await approvePayments(body, body.idempotencyKey);
  const soldAt = new Date(body.soldAt);
  const now = new Date().toISOString();
  try {
    const saleNo = await writeTx(db, async (tx) => {
      // a retry racing the first send: the unique key decides, the second answers the first
      const again = await tx.execute({
        sql: 'SELECT sale_no FROM pos_sales WHERE idempotency_key = ?',
        args: [body.idempotencyKey],
      });
      if (again.rows[0]) return { saleNo: '', replayOf: String(again.rows[0].sale_no) };
      const saleNo = await nextSaleNo(tx, soldAt);
      const earned = body.memberNo ? Math.floor((pricing.payAmt * (store?.pointRate ?? 0)) / 100) : 0;
      await tx.execute({
        sql: `INSERT INTO pos_sales (sale_no, idempotency_key, store_no, shift_no, staff_member_no, staff_name, member_no,
            goods_amt, line_discount_amt, coupon_discount_amt, order_discount_amt, order_discount_reason, used_points,
            pay_amt, earned_points, cash_receipt_type, cash_receipt_no, offline, sold_at, recorded_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          saleNo,
          body.idempotencyKey,
          cashier.storeNo,
          body.shiftNo,
          cashier.memberNo,
          cashier.name,
          body.memberNo,
          pricing.goodsAmt,
          pricing.lineDiscountAmt,
          pricing.couponDiscountAmt,
          pricing.orderDiscountAmt,
          body.orderDiscount?.reason ?? '',
          pricing.usedPoints,
          pricing.payAmt,
          earned,
          body.cashReceipt?.type ?? null,
          body.cashReceipt?.number ?? null,
          body.offline ? 1 : 0,
          soldAt.toISOString(),
          now,
        ],
      });
      let short = false;
      const customLines: CounterCustomOrderLine[] = [];
      for (const [i, line] of pricing.lines.entries()) {
        const item = items[i]!;
        const entry = {
          reason: 'COUNTER_SALE' as const,
          channel: 'COUNTER' as const,
          ref: saleNo,
          actorMemberNo: cashier.memberNo,
          actorLabel: cashier.name,
          now,
        };
        let shortQty = 0;
        if (!(await catalogSteps.takeStock(tx, line.optionNo, line.qty, entry))) {
          if (!body.offline)
            throw appError(
              'POS_SOLD_OUT',
              `'${item.productName}${item.optionLabel ? ` (${item.optionLabel})` : ''}'의 재고가 부족합니다 (남은 수량 ${await catalogSteps.stockOf(tx, line.optionNo)}개).`,
            );
          // the goods already left the shop: take what the stock has, record the rest as short
          const left = await catalogSteps.stockOf(tx, line.optionNo);
          if (left > 0)
            await catalogSteps.takeStock(tx, line.optionNo, left, { ...entry, memo: '오프라인 판매' });
          shortQty = line.qty - left;
          short = true;
        }
        const designId = body.lines[i]?.designId ?? null;
        const inserted = await tx.execute({
          sql: `INSERT INTO pos_sale_lines (sale_no, product_no, option_no, product_name, option_label, barcode, unit_price,
              qty, line_discount_amt, line_discount_reason, paid_amt, short_qty, design_id, option_inputs)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            saleNo,
            item.productNo,
            line.optionNo,
            item.productName,
            item.optionLabel,
            item.barcode,
            line.unitPrice,
            line.qty,
            line.lineDiscountAmt,
            line.lineDiscountReason,
            line.netAmt,
            shortQty,
            designId,
            JSON.stringify(inputsOf[i] ?? []),
          ],
        });
        if (designId)
          customLines.push({
            saleLineNo: Number(inserted.lastInsertRowid),
            designId,
            productNo: item.productNo,
            quantity: line.qty,
            unitPrice: Math.floor(line.netAmt / line.qty),
          });
      }
      if (pickup && customLines.length > 0)
        await recordCounterCustomOrders(tx, { saleNo, customer: pickup, lines: customLines }, new Date(now));
      const perProduct = new Map<number, number>();
      for (const [i, line] of pricing.lines.entries())
        perProduct.set(items[i]!.productNo, (perProduct.get(items[i]!.productNo) ?? 0) + line.qty);
      for (const [productNo, qty] of perProduct) await catalogSteps.countSale(tx, productNo, qty);
      if (short)
        await tx.execute({ sql: 'UPDATE pos_sales SET stock_short = 1 WHERE sale_no = ?', args: [saleNo] });
      for (const a of approved) {
        const p = a.input;
        await tx.execute({
          sql: `INSERT INTO pos_payments (sale_no, method, amount, received_amt, change_amt, approval_no, provider_tx_id,
              card_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            saleNo,
            p.method,
            p.amount,
            p.method === 'CASH' ? p.received : null,
            p.method === 'CASH' ? p.received - p.amount : null,
            a.card?.approvalNo ?? a.kakao?.approvalNo ?? null,
            a.card?.txId ?? a.kakao?.txId ?? null,
            a.card?.cardName ?? (p.method === 'KAKAO_PAY' ? '카카오페이' : null),
            now,
          ],
        });
      }
      for (const c of pricing.coupons) {
        // used meanwhile (another counter, the web shop): the sale fails and its approvals go back
        if (!(await promotionSteps.useCoupon(tx, c.couponIssueNo, body.memberNo!, saleNo, now)))
          throw appError('COUPON_USED', `이미 사용한 쿠폰입니다. (${c.couponName})`);
        await tx.execute({
          sql: `INSERT INTO pos_sale_coupons (sale_no, coupon_issue_no, coupon_type, product_no, coupon_name, discount_amt)
            VALUES (?, ?, ?, ?, ?, ?)`,
          args: [saleNo, c.couponIssueNo, c.couponType, c.productNo, c.couponName, c.discountAmt],
        });
      }
      if (body.memberNo && pricing.usedPoints > 0) {
        const spent = await promotionSteps.subtractPoints(tx, {
          memberNo: body.memberNo,
          amount: pricing.usedPoints,
          reason: 'SUB_PAYMENT_USED',
          reasonDetail: `매장 구매 ${saleNo}`,
          orderNo: saleNo,
          now,
        });
        if (!spent) throw appError('POS_POINTS_SHORT');
      }
      if (body.memberNo && earned > 0) {
        await promotionSteps.givePoints(tx, {
          memberNo: body.memberNo,
          amount: earned,
          reason: 'ADD_AFTER_PAYMENT',
          reasonDetail: `매장 구매 ${saleNo}`,
          orderNo: saleNo,
          now,
        });
      }
      return { saleNo, replayOf: null };
    });
    if (saleNo.replayOf !== null) {
      await cancelApprovals(approved);
      return { sale: (await saleByNo(db, saleNo.replayOf))!, replay: true };
    }
    // the custom orders are recorded: now the print service (a failure is kept for the maintenance
    // pass and must never reach the catch below, which would give back the approvals of a recorded sale)
    if (designLines.length > 0) await sendCounterSaleToPod(db, saleNo.saleNo).catch(() => null);
    return { sale: (await saleByNo(db, saleNo.saleNo))!, replay: false };
  } catch (err) {
    await cancelApprovals(approved);
    throw err;
  }
}
