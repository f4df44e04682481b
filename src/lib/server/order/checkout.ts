import type { InStatement } from '@libsql/client';
import { formatWon } from '../../money.ts';
import { paymentConfig } from '../adapters/payment/config.ts';
import { activePaymentProvider, PaymentProviderError, type PayType } from '../adapters/payment/index.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import * as paymentRepo from '../payment/repo.ts';
import { returnQuery } from '../payment/signature.ts';
import { afterOrderPaid, completeOrder, endUnpaid } from './complete.ts';
import { commerceError } from './errors.ts';
import { assertOrderable } from './lines.ts';
import { isUniqueClash, newOrderNo, newPaymentId } from './numbers.ts';
import type { Owner } from './owner.ts';
import { priceLines } from './pricing.ts';
import * as repo from './repo.ts';
import { GuestOrderPassword, type ReserveInput } from './schema.ts';
import { loadSheet, requiredAgreements } from './sheets.ts';
import { busySafe } from '../db/write-tx.ts';

/**
 * POST /payments/reserve: the order is made here, in PAY_WAIT, with every amount computed by the
 * server from the sheet, the coupons, the points and the address. The browser's own figure is
 * compared and a difference refused (409). Then the payment is registered with the provider — after
 * the order's write, never inside it — and the browser is told where to go.
 */

export const DEFAULT_RETURN_PATH = '/order/order-result';
export const CONFIRM_PATH = '/shop-api/payments/confirm';

export interface ReserveResponse {
  orderSheetNo: string;
  orderNo: string;
  /** Podo's id of the payment at the provider. */
  paymentId: string;
  /** sandbox | portone | none (an order that costs 0 won). */
  pgType: string;
  payType: PayType;
  payAmt: number;
  /** Where to send the browser now: the sandbox page (or the result page for 0 won); null: open the provider's SDK. */
  redirectUrl: string | null;
  /** PortOne's browser SDK parameters (null for the sandbox). */
  clientParams: Record<string, unknown> | null;
  /** The signed result address the provider sends the browser back to. */
  clientReturnUrl: string;
  confirmUrl: string;
  extraData: { description: string };
}

/** Only a path on this site: no scheme, no host, no `//` (an open redirect otherwise). */
export function safeReturnPath(path: string | null): string {
  if (!path) return DEFAULT_RETURN_PATH;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /[\r\n]/.test(path))
    return DEFAULT_RETURN_PATH;
  return path.split('#')[0]!;
}

export function orderTitle(names: readonly string[]): string {
  const first = names[0] ?? '주문 상품';
  return names.length > 1 ? `${first} 외 ${names.length - 1}건` : first;
}

export async function reservePayment(
  db: Db,
  owner: Owner,
  input: ReserveInput,
  ctx: { platform: 'PC' | 'MOBILE_WEB'; now?: Date },
): Promise<ReserveResponse> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const sheet = await loadSheet(db, owner, input.orderSheetNo, now);
  if (sheet.orderedAt || (await repo.sheetHasLiveOrder(db, sheet.orderSheetNo)))
    throw commerceError('ORDER_SHEET_USED');

  const missingTerms = requiredAgreements(owner).filter((t) => !input.agreedTerms.includes(t));
  if (missingTerms.length > 0) throw commerceError('TERMS_REQUIRED');
  let guestPasswordHash: string | null = null;
  if (owner.memberNo === null) {
    if (!input.guestPassword) throw commerceError('GUEST_PASSWORD_REQUIRED');
    const checked = GuestOrderPassword.safeParse(input.guestPassword);
    if (!checked.success) throw commerceError('GUEST_PASSWORD_REQUIRED', checked.error.issues[0]?.message);
  }

  const selection = input.coupons
    ? {
        productCoupons: input.coupons.productCoupons ?? [],
        cartCouponIssueNo: input.coupons.cartCouponIssueNo || null,
      }
    : { productCoupons: sheet.productCoupons, cartCouponIssueNo: null };
  const priced = await priceLines(db, owner, sheet.products, {
    coupons: selection,
    points: input.points,
    zipCd: input.shippingAddress.receiverZipCd,
    now,
  });
  if (priced.gone.length > 0)
    throw commerceError('NOT_ON_SALE', '판매가 끝난 상품이 있습니다. 장바구니를 확인해 주세요.');
  assertOrderable(priced.lines);
  const { pricing } = priced;
  if (pricing.payAmt !== input.payAmt) {
    throw commerceError(
      'AMOUNT_MISMATCH',
      `결제 금액이 바뀌었습니다. 주문 내용을 다시 확인해 주세요. (결제할 금액: ${formatWon(pricing.payAmt)})`,
    );
  }
  if (owner.memberNo === null) guestPasswordHash = await hashPassword(input.guestPassword!);

  const adapter = pricing.payAmt > 0 ? activePaymentProvider() : null;
  const pgType = adapter?.name ?? 'none';
  const paymentId = newPaymentId();
  const config = paymentConfig();
  const title = orderTitle([...new Set(priced.lines.map((l) => l.productName))]);

  const statements = (orderNo: string): InStatement[] => {
    const stmts: InStatement[] = [
      repo.insertOrderStatement({
        orderNo,
        orderSheetNo: sheet.orderSheetNo,
        memberNo: owner.memberNo,
        guestTokenHash: owner.guestTokenHash,
        guestPasswordHash,
        orderStatus: 'PAY_WAIT',
        payType: input.payType,
        pgType,
        platform: ctx.platform,
        ordererName: input.orderer.ordererName,
        ordererContact1: input.orderer.ordererContact1,
        ordererContact2: input.orderer.ordererContact2 ?? '',
        ordererEmail: input.orderer.ordererEmail ?? '',
        receiverName: input.shippingAddress.receiverName,
        receiverZipCd: input.shippingAddress.receiverZipCd,
        receiverAddress: input.shippingAddress.receiverAddress,
        receiverJibunAddress: input.shippingAddress.receiverJibunAddress ?? '',
        receiverDetailAddress: input.shippingAddress.receiverDetailAddress ?? '',
        receiverContact1: input.shippingAddress.receiverContact1,
        receiverContact2: input.shippingAddress.receiverContact2 ?? '',
        deliveryMemo: input.deliveryMemo,
        standardAmt: pricing.standardAmt,
        immediateDiscountAmt: pricing.immediateDiscountAmt,
        productCouponDiscountAmt: pricing.productCouponAmt,
        cartCouponDiscountAmt: pricing.cartCouponAmt,
        usedAccumulationAmt: pricing.pointsUsed,
        deliveryAmt: pricing.deliveryAmt,
        remoteDeliveryAmt: pricing.remoteDeliveryAmt,
        payAmt: pricing.payAmt,
        accumulationAmtWhenBuyConfirm: pricing.accumulationAmtWhenBuyConfirm,
        cartCouponIssueNo: pricing.cartCoupon?.couponIssueNo ?? null,
        cartNos: owner.memberNo !== null ? sheet.cartNos : [],
        agreedTerms: input.agreedTerms,
        orderedAt: at,
        updatedAt: at,
      }),
    ];
    for (const l of priced.lines) {
      const d = pricing.lineDiscounts.get(l.index) ?? { productCouponAmt: 0, cartCouponAmt: 0 };
      stmts.push(
        repo.insertOptionStatement({
          orderNo,
          productNo: l.productNo,
          optionNo: l.optionNo,
          productName: l.productName,
          optionName: l.optionName,
          optionValue: l.optionValue,
          optionManagementCd: l.optionManagementCd,
          imageUrl: l.imageUrl,
          orderCnt: l.orderCnt,
          salePrice: l.salePrice,
          addPrice: l.addPrice,
          immediateDiscountAmt: l.immediateDiscountAmt,
          buyPrice: l.buyPrice,
          buyAmt: l.buyAmt,
          productCouponDiscountAmt: d.productCouponAmt,
          cartCouponDiscountAmt: d.cartCouponAmt,
          accumulationRate: l.accumulationRate,
          optionInputs: l.optionInputs,
          partnerNo: l.partnerNo,
          partnerName: l.partnerName,
          deliveryTemplateNo: l.template.templateNo,
          cartNo: sheet.products[l.index]?.cartNo ?? null,
        }),
      );
    }
    for (const g of pricing.groups) {
      const line = priced.lines.find(
        (l) => l.partnerNo === g.partnerNo && l.template.templateNo === g.templateNo,
      )!;
      stmts.push(
        repo.insertGroupStatement(orderNo, {
          partnerNo: g.partnerNo,
          partnerName: line.partnerName,
          deliveryTemplateNo: g.templateNo,
          deliveryConditionType: line.template.conditionType,
          deliveryAmt: g.deliveryAmt,
          remoteDeliveryAmt: g.remoteDeliveryAmt,
        }),
      );
    }
    for (const c of pricing.productCoupons) {
      stmts.push(
        repo.insertCouponStatement(orderNo, {
          couponIssueNo: c.couponIssueNo,
          couponType: 'PRODUCT',
          productNo: c.productNo,
          discountAmt: c.discountAmt,
        }),
      );
    }
    if (pricing.cartCoupon) {
      stmts.push(
        repo.insertCouponStatement(orderNo, {
          couponIssueNo: pricing.cartCoupon.couponIssueNo,
          couponType: 'CART',
          productNo: null,
          discountAmt: pricing.cartCoupon.discountAmt,
        }),
      );
    }
    stmts.push(
      paymentRepo.insertPaymentStatement({
        orderNo,
        provider: pgType,
        providerPaymentId: paymentId,
        payType: input.payType,
        amount: pricing.payAmt,
        now: at,
      }),
    );
    return stmts;
  };

  let orderNo: string;
  for (let attempt = 0; ; attempt++) {
    orderNo = newOrderNo(now);
    try {
      await busySafe(db.batch(statements(orderNo), 'write'));
      break;
    } catch (err) {
      if (attempt < 3 && isUniqueClash(err) && String((err as Error).message).includes('orders.order_no'))
        continue;
      throw err;
    }
  }

  const ts = Math.floor(now.getTime() / 1000);
  const returnPath = `${safeReturnPath(input.clientReturnUrl)}${safeReturnPath(input.clientReturnUrl).includes('?') ? '&' : '?'}${returnQuery(config.signingSecret, { orderNo, paymentId, amount: pricing.payAmt, ts })}`;
  const base: Omit<ReserveResponse, 'redirectUrl' | 'clientParams'> = {
    orderSheetNo: sheet.orderSheetNo,
    orderNo,
    paymentId,
    pgType,
    payType: input.payType,
    payAmt: pricing.payAmt,
    clientReturnUrl: returnPath,
    confirmUrl: CONFIRM_PATH,
    extraData: { description: title },
  };

  if (!adapter) {
    // nothing to pay (coupons and points cover the goods, delivery is free): complete right away
    const order = (await repo.selectOrder(db, orderNo))!;
    const done = await completeOrder(db, order, 'PAY_DONE', null, now);
    if (done instanceof Error) {
      await endUnpaid(
        db,
        order,
        'PAY_FAIL',
        { code: done.code, message: done.message.replace(/ 결제하신 금액은.*$/, '') },
        null,
        now,
      );
      throw commerceError(done.code, done.message.replace(/ 결제하신 금액은.*$/, ''));
    }
    await db.execute({
      sql: "UPDATE payments SET status = 'PAID', approved_at = ?, updated_at = ? WHERE order_no = ? AND provider = 'none'",
      args: [at, at, orderNo],
    });
    if (done === 'done') await afterOrderPaid(db, orderNo, now);
    return { ...base, redirectUrl: returnPath, clientParams: null };
  }

  try {
    const prepared = await adapter.prepare({
      paymentId,
      orderNo,
      orderName: title,
      amount: pricing.payAmt,
      payType: input.payType,
      buyer: {
        name: input.orderer.ordererName,
        email: input.orderer.ordererEmail ?? '',
        phone: input.orderer.ordererContact1,
      },
      returnUrl: `${config.publicBaseUrl}${returnPath}`,
      returnPath,
      webhookUrl: `${config.publicBaseUrl}/api/payments/webhook/${adapter.name}`,
      platform: ctx.platform,
    });
    return { ...base, redirectUrl: prepared.redirectUrl, clientParams: prepared.clientParams };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    console.error('[podo] payment prepare failed', orderNo, err.message);
    const order = await repo.selectOrder(db, orderNo);
    if (order)
      await endUnpaid(
        db,
        order,
        'PAY_FAIL',
        { code: 'PAYMENT_UNAVAILABLE', message: '결제 서비스에 연결하지 못했습니다.' },
        null,
        now,
      );
    throw commerceError('PAYMENT_UNAVAILABLE');
  }
}
