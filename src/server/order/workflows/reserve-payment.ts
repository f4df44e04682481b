/**
 * Workflow: reserve a payment (POST /payments/reserve) — the order is made here, in PAY_WAIT.
 *
 * Steps of `reservePayment`:
 *   1. checkSheet          — the owner's unused, unexpired sheet; terms; the guest's password rule
 *   2. priceReservation    — the sheet's lines priced now (order's own pricing: catalogue lines, and
 *                            promotion's `promotionSteps` coupons and balance); the browser's amount
 *                            compared, a difference refused (409)
 *   3. insertOrder         — order, lines, delivery groups, coupons and the payment row in ONE write
 *                            batch (payment's `paymentSteps.insertPaymentStatement`); the order is
 *                            read back from the insert itself
 *   4. completeFreeOrder   — nothing to pay: the complete-order workflow right away, or
 *      prepareAtProvider   — the payment registered with the provider (payment adapter) — after the
 *                            order's write, never inside it — and the browser told where to go
 *
 * Composes the steps of promotion (through pricing) and payment (paymentSteps, returnQuery), the
 * payment adapters, and this module's complete-order workflow.
 */

import type { InStatement } from '@libsql/client';
import { formatWon } from '../../../lib/money.ts';
import {
  activePaymentProvider,
  offeredPayTypes,
  paymentConfig,
  PaymentProviderError,
  type PaymentProviderAdapter,
  type PayType,
} from '../../adapters/payment/index.ts';
import { hashPassword } from '../../auth/index.ts';
import type { Db } from '../../db/client.ts';
import { busySafe } from '../../db/write-tx.ts';
import { paymentSteps, returnQuery } from '../../payment/index.ts';
import { commerceError } from '../errors.ts';
import { assertOrderable } from '../lines.ts';
import { isUniqueClash, newOrderNo, newPaymentId } from '../numbers.ts';
import type { Owner } from '../owner.ts';
import { priceLines, type SheetPricing } from '../pricing.ts';
import * as repo from '../repo.ts';
import { GuestOrderPassword, type ReserveInput } from '../schema.ts';
import { loadSheet, requiredAgreements } from '../sheets.ts';
import { afterOrderPaid, completeOrder, endUnpaid } from './complete-order.ts';

const DEFAULT_RETURN_PATH = '/order/order-result';
const CONFIRM_PATH = '/shop-api/payments/confirm';

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
function safeReturnPath(path: string | null): string {
  if (!path) return DEFAULT_RETURN_PATH;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /[\r\n]/.test(path))
    return DEFAULT_RETURN_PATH;
  return path.split('#')[0]!;
}

function orderTitle(names: readonly string[]): string {
  const first = names[0] ?? '주문 상품';
  return names.length > 1 ? `${first} 외 ${names.length - 1}건` : first;
}

type PaymentConfig = ReturnType<typeof paymentConfig>;

/** What the order is made of, once the sheet is checked and priced. */
interface Reservation {
  owner: Owner;
  input: ReserveInput;
  platform: 'PC' | 'MOBILE_WEB';
  sheet: repo.SheetRow;
  priced: SheetPricing;
  guestPasswordHash: string | null;
  pgType: string;
  paymentId: string;
  at: string;
}

export async function reservePayment(
  db: Db,
  owner: Owner,
  input: ReserveInput,
  ctx: { platform: 'PC' | 'MOBILE_WEB'; now?: Date },
): Promise<ReserveResponse> {
  const now = ctx.now ?? new Date();
  const sheet = await checkSheet(db, owner, input, now);
  const priced = await priceReservation(db, owner, sheet, input, now);
  const guestPasswordHash = owner.memberNo === null ? await hashPassword(input.guestPassword!) : null;

  const adapter = priced.pricing.payAmt > 0 ? activePaymentProvider() : null;
  const r: Reservation = {
    owner,
    input,
    platform: ctx.platform,
    sheet,
    priced,
    guestPasswordHash,
    pgType: adapter?.name ?? 'none',
    paymentId: newPaymentId(),
    at: now.toISOString(),
  };
  const config = paymentConfig();
  const title = orderTitle([...new Set(priced.lines.map((l) => l.productName))]);
  const order = await insertOrder(db, now, r);

  const returnPath = signedReturnPath(config, input.clientReturnUrl, order, r.paymentId, now);
  const base: Omit<ReserveResponse, 'redirectUrl' | 'clientParams'> = {
    orderSheetNo: sheet.orderSheetNo,
    orderNo: order.orderNo,
    paymentId: r.paymentId,
    pgType: r.pgType,
    payType: input.payType,
    payAmt: priced.pricing.payAmt,
    clientReturnUrl: returnPath,
    confirmUrl: CONFIRM_PATH,
    extraData: { description: title },
  };
  if (!adapter) {
    await completeFreeOrder(db, order, now);
    return { ...base, redirectUrl: returnPath, clientParams: null };
  }
  const prepared = await prepareAtProvider(db, adapter, order, r, { config, title, returnPath, now });
  return { ...base, ...prepared };
}

/** Step 1: the owner's sheet, not used by a live order; the terms agreed; a guest's password valid. */
async function checkSheet(db: Db, owner: Owner, input: ReserveInput, now: Date): Promise<repo.SheetRow> {
  const sheet = await loadSheet(db, owner, input.orderSheetNo, now);
  if (sheet.orderedAt || (await repo.sheetHasLiveOrder(db, sheet.orderSheetNo)))
    throw commerceError('ORDER_SHEET_USED');

  // the browser may send any pay type; only one this shop's provider takes is reserved
  if (!offeredPayTypes().includes(input.payType)) throw commerceError('PAY_TYPE_UNAVAILABLE');
  const missingTerms = requiredAgreements(owner).filter((t) => !input.agreedTerms.includes(t));
  if (missingTerms.length > 0) throw commerceError('TERMS_REQUIRED');
  if (owner.memberNo === null) {
    if (!input.guestPassword) throw commerceError('GUEST_PASSWORD_REQUIRED');
    const checked = GuestOrderPassword.safeParse(input.guestPassword);
    if (!checked.success) throw commerceError('GUEST_PASSWORD_REQUIRED', checked.error.issues[0]?.message);
  }
  return sheet;
}

/** Step 2: every amount computed by the server; lines gone or not orderable, or another total, refused. */
async function priceReservation(
  db: Db,
  owner: Owner,
  sheet: repo.SheetRow,
  input: ReserveInput,
  now: Date,
): Promise<SheetPricing> {
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
  if (priced.pricing.payAmt !== input.payAmt) {
    throw commerceError(
      'AMOUNT_MISMATCH',
      `결제 금액이 바뀌었습니다. 주문 내용을 다시 확인해 주세요. (결제할 금액: ${formatWon(priced.pricing.payAmt)})`,
    );
  }
  return priced;
}

/**
 * Step 3: the order with everything it is made of, in one write batch under a fresh order number
 * (a number already taken is drawn again). The order comes back from its own INSERT.
 */
async function insertOrder(db: Db, now: Date, r: Reservation): Promise<repo.OrderRow> {
  for (let attempt = 0; ; attempt++) {
    const orderNo = newOrderNo(now);
    try {
      const [inserted] = await busySafe(db.batch(orderStatements(orderNo, r), 'write'));
      return repo.orderOf(inserted!)!;
    } catch (err) {
      if (attempt < 3 && isUniqueClash(err) && String((err as Error).message).includes('orders.order_no'))
        continue;
      throw err;
    }
  }
}

function orderStatements(orderNo: string, r: Reservation): InStatement[] {
  const { pricing } = r.priced;
  return [
    orderInsert(orderNo, r),
    ...lineInserts(orderNo, r),
    ...groupInserts(orderNo, r.priced),
    ...pricing.productCoupons.map((c) =>
      repo.insertCouponStatement(orderNo, {
        couponIssueNo: c.couponIssueNo,
        couponType: 'PRODUCT',
        productNo: c.productNo,
        discountAmt: c.discountAmt,
      }),
    ),
    ...(pricing.cartCoupon
      ? [
          repo.insertCouponStatement(orderNo, {
            couponIssueNo: pricing.cartCoupon.couponIssueNo,
            couponType: 'CART',
            productNo: null,
            discountAmt: pricing.cartCoupon.discountAmt,
          }),
        ]
      : []),
    paymentSteps.insertPaymentStatement({
      orderNo,
      provider: r.pgType,
      providerPaymentId: r.paymentId,
      payType: r.input.payType,
      amount: pricing.payAmt,
      now: r.at,
    }),
  ];
}

function orderInsert(orderNo: string, { owner, input, sheet, priced, ...r }: Reservation): InStatement {
  const { pricing } = priced;
  const address = input.shippingAddress;
  return repo.insertOrderStatement({
    orderNo,
    orderSheetNo: sheet.orderSheetNo,
    memberNo: owner.memberNo,
    guestTokenHash: owner.guestTokenHash,
    guestPasswordHash: r.guestPasswordHash,
    orderStatus: 'PAY_WAIT',
    payType: input.payType,
    pgType: r.pgType,
    platform: r.platform,
    ordererName: input.orderer.ordererName,
    ordererContact1: input.orderer.ordererContact1,
    ordererContact2: input.orderer.ordererContact2 ?? '',
    ordererEmail: input.orderer.ordererEmail ?? '',
    receiverName: address.receiverName,
    receiverZipCd: address.receiverZipCd,
    receiverAddress: address.receiverAddress,
    receiverJibunAddress: address.receiverJibunAddress ?? '',
    receiverDetailAddress: address.receiverDetailAddress ?? '',
    receiverContact1: address.receiverContact1,
    receiverContact2: address.receiverContact2 ?? '',
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
    orderedAt: r.at,
    updatedAt: r.at,
  });
}

function lineInserts(orderNo: string, { sheet, priced }: Reservation): InStatement[] {
  return priced.lines.map((l) => {
    const d = priced.pricing.lineDiscounts.get(l.index) ?? { productCouponAmt: 0, cartCouponAmt: 0 };
    return repo.insertOptionStatement({
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
    });
  });
}

function groupInserts(orderNo: string, { lines, pricing }: SheetPricing): InStatement[] {
  return pricing.groups.map((g) => {
    const line = lines.find((l) => l.partnerNo === g.partnerNo && l.template.templateNo === g.templateNo)!;
    return repo.insertGroupStatement(orderNo, {
      partnerNo: g.partnerNo,
      partnerName: line.partnerName,
      deliveryTemplateNo: g.templateNo,
      deliveryConditionType: line.template.conditionType,
      deliveryAmt: g.deliveryAmt,
      remoteDeliveryAmt: g.remoteDeliveryAmt,
    });
  });
}

/** The result page's address with the signed query the provider sends the browser back with. */
function signedReturnPath(
  config: PaymentConfig,
  clientReturnUrl: ReserveInput['clientReturnUrl'],
  order: repo.OrderRow,
  paymentId: string,
  now: Date,
): string {
  const path = safeReturnPath(clientReturnUrl);
  const ts = Math.floor(now.getTime() / 1000);
  const query = returnQuery(config.signingSecret, {
    orderNo: order.orderNo,
    paymentId,
    amount: order.payAmt,
    ts,
  });
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Step 4a, nothing to pay (coupons and points cover the goods, delivery is free): the order is
 * completed right away; a completion that fails ends it PAY_FAIL with the reason.
 */
async function completeFreeOrder(db: Db, order: repo.OrderRow, now: Date): Promise<void> {
  const at = now.toISOString();
  const done = await completeOrder(db, order, 'PAY_DONE', null, now);
  if (done instanceof Error) {
    const message = done.message.replace(/ 결제하신 금액은.*$/, '');
    await endUnpaid(db, order, 'PAY_FAIL', { code: done.code, message }, null, now);
    throw commerceError(done.code, message);
  }
  await paymentSteps.markFreePaymentPaid(db, order.orderNo, at);
  if (done !== 'not-pending') await afterOrderPaid(db, order.orderNo, now);
}

/**
 * Step 4b: the payment registered with the provider, outside any transaction. A provider that
 * cannot be reached ends the order PAY_FAIL (503 PAYMENT_UNAVAILABLE).
 */
async function prepareAtProvider(
  db: Db,
  adapter: PaymentProviderAdapter,
  order: repo.OrderRow,
  { input, paymentId, platform }: Reservation,
  p: { config: PaymentConfig; title: string; returnPath: string; now: Date },
): Promise<Pick<ReserveResponse, 'redirectUrl' | 'clientParams'>> {
  const { config } = p;
  try {
    const prepared = await adapter.prepare({
      paymentId,
      orderNo: order.orderNo,
      orderName: p.title,
      amount: order.payAmt,
      payType: input.payType,
      buyer: {
        name: input.orderer.ordererName,
        email: input.orderer.ordererEmail ?? '',
        phone: input.orderer.ordererContact1,
      },
      returnUrl: `${config.publicBaseUrl}${p.returnPath}`,
      returnPath: p.returnPath,
      webhookUrl: `${config.publicBaseUrl}/api/payments/webhook/${adapter.name}`,
      platform,
    });
    return { redirectUrl: prepared.redirectUrl, clientParams: prepared.clientParams };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    console.error('[podo] payment prepare failed', order.orderNo, err.message);
    await endUnpaid(
      db,
      order,
      'PAY_FAIL',
      { code: 'PAYMENT_UNAVAILABLE', message: '결제 서비스에 연결하지 못했습니다.' },
      null,
      p.now,
    );
    throw commerceError('PAYMENT_UNAVAILABLE');
  }
}
