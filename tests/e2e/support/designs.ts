import type { APIRequestContext } from '@playwright/test';
import { addNode, newDesign, newTextNode } from '../../../src/lib/design/document.ts';
import { updateSide } from '../../../src/lib/design/sides.ts';
import { SHOP_API_HEADERS, expect } from './fixtures.ts';
import { createMember } from './members.ts';

/** A member (API client: token in the body, sent back in the accessToken header) pays for a design. */
export async function paidDesignOrder(
  request: APIRequestContext,
): Promise<{ orderNo: string; name: string }> {
  const account = await createMember(request);
  const login = await request.post('/shop-api/oauth/token', {
    headers: SHOP_API_HEADERS,
    data: { memberId: account.memberId, password: account.password },
  });
  expect(login.status()).toBe(200);
  const headers = {
    ...SHOP_API_HEADERS,
    accessToken: ((await login.json()) as { accessToken: string }).accessToken,
  };
  const call = async <T>(method: 'post' | 'get', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](path, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };

  const name = `관리자 확인 ${Date.now().toString(36)}`;
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '관리자 화면', fontFamily: 'doHyeon' })),
  );
  const options = await call<{
    flatOptions: { optionNo: number; value: string; saleType: string; stockCnt: number }[];
  }>('get', '/shop-api/products/100005/options');
  // a 10cm option (the design's template) on sale: the design is saved with it and ordered with it
  const option = options.flatOptions.find(
    (o) => o.value.split('|')[1] === '10cm' && o.saleType !== 'SOLD_OUT' && o.stockCnt > 5,
  )!;
  const design = await call<{ data: { designId: string } }>('post', '/api/custom/dampener', {
    dampenerPostData: { productNo: 100005, optionNo: option.optionNo, name, design: doc },
  });
  const added = await call<{ extra: { lines: { cartNo: number }[] } }>('post', '/shop-api/cart', [
    {
      productNo: 100005,
      optionNo: option.optionNo,
      orderCnt: 1,
      optionInputs: [{ inputLabel: '디자인 번호', inputValue: design.data.designId }],
    },
  ]);
  const { orderSheetNo } = await call<{ orderSheetNo: string }>('post', '/shop-api/order-sheets', {
    products: [],
    cartNos: [added.extra.lines[0]!.cartNo],
  });
  const sheet = await call<{ paymentInfo: { paymentAmt: number } }>(
    'get',
    `/shop-api/order-sheets/${orderSheetNo}`,
  );
  const reserve = await call<{ orderNo: string; paymentId: string }>('post', '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: 'grape@example.com' },
    shippingAddress: {
      receiverName: '김받음',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverDetailAddress: '4층',
      receiverContact1: '010-1234-5678',
    },
    deliveryMemo: '문 앞에 놓아 주세요',
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: sheet.paymentInfo.paymentAmt,
  });
  // the sandbox's approval sends its webhook: the order is paid and its custom order made
  await call('post', `/api/payment-sandbox/payments/${reserve.paymentId}/approve`, {});
  return { orderNo: reserve.orderNo, name };
}
