import { josa } from 'es-hangul';
import { cardTerminal, CardDeclinedError } from '../adapters/card-terminal/index.ts';
import { kakaoPay } from '../adapters/kakaopay/index.ts';
import { catalogSteps } from '../catalog/index.ts';
import { cancelStoppedAtPod, stopCounterCustomOrders } from '../design/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { recordAudit } from '../audit/index.ts';
import { appError } from '../platform/errors.ts';
import { promotionSteps } from '../promotion/index.ts';
import { refundOfLine, splitRefund } from '../../lib/pos/pricing.ts';
import type { RefundBody } from './schema.ts';
import { saleByNo, type CounterSale } from './sales.ts';
import { openShiftOf } from './shifts.ts';
import type { Cashier } from './staff.ts';

/**
 * Workflow: refund some units of a counter sale (a whole refund names every unit).
 *
 * Steps: the units left to refund → what they give back (each line's net share, refundOfLine) →
 * split into points given back (in proportion to the points the sale used) and money → the money
 * back to the methods the sale was paid with, the last-paid first (card and Kakao Pay cancelled at
 * their provider, cash handed back from the open shift's drawer) → ONE write transaction: the
 * refund, the lines' and payments' refunded figures, the sale's status, the stock back
 * (`catalogSteps.returnStock`, reason COUNTER_REFUND) and the points: used ones back, earned ones
 * taken back as far as the member still has them, and the coupons the refund left nothing to
 * discount given back (a product coupon once its product's lines are all refunded, the cart coupon
 * once the whole sale is), as a web claim gives them back; a custom order line refunded to its
 * last unit before it was made stops its production (`stopCounterCustomOrders`; after the commit the
 * print service is told, `cancelStoppedAtPod`). A custom line refunded in part is still made whole.
 */

export interface RefundPlanLine {
  lineNo: number;
  qty: number;
  amount: number;
}

export interface RefundResult {
  refundNo: number;
  amount: number;
  pointsBack: number;
  pointsTaken: number;
  payments: { paymentNo: number; method: string; amount: number; cancelNo: string | null }[];
  /** Custom orders whose production this refund stopped (lines refunded before they were made). */
  productionStopped: number[];
  sale: CounterSale;
}

export async function refundSale(
  db: Db,
  saleNo: string,
  body: RefundBody,
  cashier: Cashier,
): Promise<RefundResult> {
  const sale = await saleByNo(db, saleNo);
  if (!sale || sale.storeNo !== cashier.storeNo) throw appError('POS_SALE_NOT_FOUND');
  const shift = await openShiftOf(db, cashier.storeNo);
  if (!shift)
    throw appError('SHIFT_NOT_OPEN', '환불하려면 영업을 먼저 시작해 주세요 (돌려줄 현금이 나가는 영업).');

  const plan: RefundPlanLine[] = body.lines.map((l) => {
    const line = sale.lines.find((x) => x.lineNo === l.lineNo);
    if (!line) throw appError('POS_REFUND_QUANTITY', '이 판매의 상품이 아닙니다.');
    if (l.qty > line.qty - line.refundedQty)
      throw appError(
        'POS_REFUND_QUANTITY',
        `${josa(line.productName, '은/는')} ${line.qty - line.refundedQty}개까지 환불할 수 있습니다.`,
      );
    return { lineNo: l.lineNo, qty: l.qty, amount: refundOfLine(line, l.qty) };
  });
  const net = plan.reduce((a, l) => a + l.amount, 0);
  const before = await db.execute({
    sql: 'SELECT COALESCE(SUM(points_back), 0) AS points FROM pos_refunds WHERE sale_no = ?',
    args: [saleNo],
  });
  // points and money in the proportion the sale was paid, the money to the last-paid method first
  const split = splitRefund(
    { ...sale, pointsLeft: sale.usedPoints - Number(before.rows[0]?.points ?? 0) },
    net,
  );
  const { pointsBack, money, earnedBack } = split;

  const givenBack: RefundResult['payments'] = [];
  for (const part of split.byMethod) {
    let cancelNo: string | null = null;
    try {
      const txId = await providerTxId(db, part.paymentNo);
      if (part.method === 'CARD' && txId)
        cancelNo = (await cardTerminal().cancel(txId, part.amount)).cancelNo;
      if (part.method === 'KAKAO_PAY' && txId)
        cancelNo = (await kakaoPay().cancel(txId, part.amount)).cancelNo;
    } catch (err) {
      if (err instanceof CardDeclinedError)
        throw appError('POS_CARD_DECLINED', `카드 취소가 거절되었습니다: ${err.reason}`);
      throw err;
    }
    givenBack.push({ ...part, cancelNo });
  }

  const now = new Date().toISOString();
  // custom order lines refunded to the last unit: their production stops
  const wholeCustomLines = plan.flatMap((l) => {
    const line = sale.lines.find((x) => x.lineNo === l.lineNo)!;
    return line.designId && line.refundedQty + l.qty === line.qty ? [line.lineNo] : [];
  });
  let productionStopped: number[] = [];
  const refundNo = await writeTx(db, async (tx) => {
    let pointsTaken = 0;
    for (const l of plan) {
      const moved = await tx.execute({
        sql: 'UPDATE pos_sale_lines SET refunded_qty = refunded_qty + ? WHERE line_no = ? AND refunded_qty + ? <= qty',
        args: [l.qty, l.lineNo, l.qty],
      });
      if (moved.rowsAffected !== 1)
        throw appError('POS_REFUND_QUANTITY', '그사이 다른 환불이 처리되었습니다. 다시 확인해 주세요.');
      const line = sale.lines.find((x) => x.lineNo === l.lineNo)!;
      await catalogSteps.returnStock(tx, line.optionNo, l.qty, {
        reason: 'COUNTER_REFUND',
        channel: 'COUNTER',
        ref: saleNo,
        memo: body.reason,
        actorMemberNo: cashier.memberNo,
        actorLabel: cashier.name,
        now,
      });
      await catalogSteps.countSale(tx, line.productNo, -l.qty);
    }
    for (const g of givenBack) {
      await tx.execute({
        sql: 'UPDATE pos_payments SET refunded_amt = refunded_amt + ? WHERE payment_no = ?',
        args: [g.amount, g.paymentNo],
      });
    }
    const refund = await tx.execute({
      sql: `INSERT INTO pos_refunds (sale_no, shift_no, staff_member_no, staff_name, reason, amount, lines, payments,
          points_back, points_taken, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING refund_no`,
      args: [
        saleNo,
        shift.shiftNo,
        cashier.memberNo,
        cashier.name,
        body.reason,
        money,
        JSON.stringify(plan),
        JSON.stringify(givenBack),
        pointsBack,
        now,
      ],
    });
    const refundNo = Number(refund.rows[0]?.refund_no);
    if (sale.memberNo !== null) {
      const ref = `${saleNo}-R${refundNo}`;
      if (pointsBack > 0)
        await promotionSteps.givePoints(tx, {
          memberNo: sale.memberNo,
          amount: pointsBack,
          reason: 'ADD_CANCEL',
          reasonDetail: `매장 환불 ${saleNo}`,
          orderNo: ref,
          now,
        });
      if (earnedBack > 0) {
        const balance = await promotionSteps.selectBalance(tx, sale.memberNo);
        pointsTaken = Math.min(earnedBack, balance);
        if (pointsTaken > 0)
          await promotionSteps.subtractPoints(tx, {
            memberNo: sale.memberNo,
            amount: pointsTaken,
            reason: 'SUB_CANCEL',
            reasonDetail: `매장 환불 ${saleNo} (구매 적립 회수)`,
            orderNo: ref,
            now,
          });
      }
    }
    await tx.execute({
      sql: 'UPDATE pos_refunds SET points_taken = ? WHERE refund_no = ?',
      args: [pointsTaken, refundNo],
    });
    const lines = await tx.execute({
      sql: 'SELECT SUM(qty) AS qty, SUM(refunded_qty) AS refunded FROM pos_sale_lines WHERE sale_no = ?',
      args: [saleNo],
    });
    const all = Number(lines.rows[0]?.qty) === Number(lines.rows[0]?.refunded);
    await tx.execute({
      sql: 'UPDATE pos_sales SET refunded_amt = refunded_amt + ?, status = ? WHERE sale_no = ?',
      args: [money, all ? 'REFUNDED' : 'PARTIALLY_REFUNDED', saleNo],
    });
    await giveCouponsBack(tx, sale, all);
    await recordAudit(tx, {
      action: 'pos.refund',
      targetType: 'sale',
      targetId: saleNo,
      summary: `매장 판매 ${saleNo} 환불 ${money.toLocaleString('ko-KR')}원${pointsBack > 0 ? ` + 적립금 ${pointsBack.toLocaleString('ko-KR')}원` : ''}: ${body.reason}`,
      before: { status: sale.status, refundedAmt: sale.refundedAmt },
      after: {
        status: all ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        refundedAmt: sale.refundedAmt + money,
        lines: plan,
        payments: givenBack,
      },
    });
    productionStopped = await stopCounterCustomOrders(
      tx,
      {
        saleNo,
        saleLineNos: wholeCustomLines,
        reason: `매장 환불 ${saleNo}-R${refundNo} (${body.reason})`,
        actorMemberNo: cashier.memberNo,
      },
      new Date(now),
    );
    return refundNo;
  });
  if (productionStopped.length > 0) await cancelStoppedAtPod(db, saleNo);
  const refund = await db.execute({
    sql: 'SELECT points_taken FROM pos_refunds WHERE refund_no = ?',
    args: [refundNo],
  });
  return {
    refundNo,
    amount: money,
    pointsBack,
    pointsTaken: Number(refund.rows[0]?.points_taken ?? 0),
    payments: givenBack,
    productionStopped,
    sale: (await saleByNo(db, saleNo))!,
  };
}

async function providerTxId(db: Db, paymentNo: number): Promise<string | null> {
  const rs = await db.execute({
    sql: 'SELECT provider_tx_id FROM pos_payments WHERE payment_no = ?',
    args: [paymentNo],
  });
  return rs.rows[0]?.provider_tx_id == null ? null : String(rs.rows[0].provider_tx_id);
}

/** Coupons of the sale whose discounted lines are now all refunded: ISSUED again for the member. */
async function giveCouponsBack(tx: Executor, sale: CounterSale, wholeSale: boolean): Promise<void> {
  if (sale.coupons.length === 0) return;
  const rs = await tx.execute({
    sql: 'SELECT product_no, SUM(qty - refunded_qty) AS left_qty FROM pos_sale_lines WHERE sale_no = ? GROUP BY product_no',
    args: [sale.saleNo],
  });
  const leftOf = new Map(rs.rows.map((r) => [Number(r.product_no), Number(r.left_qty)]));
  for (const c of sale.coupons) {
    const nothingLeft = c.couponType === 'CART' ? wholeSale : leftOf.get(c.productNo ?? 0) === 0;
    if (nothingLeft) await promotionSteps.restoreCoupon(tx, c.couponIssueNo, sale.saleNo);
  }
}
