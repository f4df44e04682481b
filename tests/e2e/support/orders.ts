import type { APIRequestContext } from '@playwright/test';
import { SHOP_API_HEADERS, expect, test } from './fixtures.ts';

/** Web orders made through the shop API by a signed-in context (order sheet → sandbox → confirm). */

export const ADDRESS = {
  receiverName: '김포도',
  receiverZipCd: '06236',
  receiverAddress: '서울특별시 강남구 테헤란로 123',
  receiverDetailAddress: '4층',
  receiverContact1: '010-1234-5678',
};

const origin = () => new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4399').origin;

async function post(request: APIRequestContext, path: string, data: unknown = {}) {
  const res = await request.post(path, { headers: { ...SHOP_API_HEADERS, Origin: origin() }, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * A paid card order of one product, to the given recipient, with the member's coupons if given;
 * answers its order number.
 */
export async function buyPaidOrder(
  request: APIRequestContext,
  product: { productNo: number; optionNo: number; orderCnt?: number },
  recipient: Partial<typeof ADDRESS> = {},
  coupons?: { productCoupons?: { couponIssueNo: number; productNo: number }[]; cartCouponIssueNo?: number },
): Promise<string> {
  const shippingAddress = { ...ADDRESS, ...recipient };
  const { orderSheetNo } = await post(request, '/shop-api/order-sheets', {
    products: [{ ...product, orderCnt: product.orderCnt ?? 1 }],
  });
  const calc = await post(request, `/shop-api/order-sheets/${orderSheetNo}/calculate`, {
    addressRequest: { receiverZipCd: shippingAddress.receiverZipCd },
    couponRequest: coupons,
  });
  const reserved = await post(request, '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: 'podo@example.com' },
    shippingAddress,
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
    couponRequest: coupons,
  });
  await post(request, `/api/payment-sandbox/payments/${reserved.paymentId}/approve`);
  const q = new URL(reserved.clientReturnUrl, 'http://x').searchParams;
  const outcome = await post(request, '/shop-api/payments/confirm', {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  });
  expect(outcome.orderStatus).toBe('PAY_DONE');
  return reserved.orderNo as string;
}
