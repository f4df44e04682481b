import type { APIRequestContext } from '@playwright/test';
import { SHOP_API_HEADERS, expect, open, test } from './support/fixtures.ts';
import { createMember, e2eDatabase, loginInBrowser, uniqueAccount } from './support/members.ts';

/**
 * Messages that arrive (issue 18, decision 029): an order placed, shipped and delivered leaves one
 * e-mail and one SMS per event for its orderer, sent by the server's notification pass (every 10 s)
 * through the demo's mail and SMS adapters, so they land in the demo outbox the administrators read
 * at /manager/outbox. (The SMTP adapter itself is tested against a real SMTP server in Vitest; the
 * e2e server keeps the demo outbox that other specs read codes and reset links from.)
 */

const ADMIN = { memberId: 'admin', password: 'podo-admin-1234!' };
// 문닫힘 소음방지 쿠션 스티커 20개입: 4,900원 (demo catalogue)
const PRODUCT = { productNo: 100044, optionNo: 10004401 };
const ADDRESS = {
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

/** The outbox's messages to `recipient` whose subject or body holds `text` (waits for the pass). */
async function outboxHas(channel: 'mail' | 'sms', recipient: string, text: string): Promise<string> {
  const client = e2eDatabase();
  try {
    for (let i = 0; i < 60; i++) {
      const rs = await client.execute({
        sql: `SELECT coalesce(subject, '') || char(10) || body AS text FROM outbox_messages
              WHERE channel = ? AND recipient = ? ORDER BY message_no DESC`,
        args: [channel, recipient],
      });
      const hit = rs.rows.map((r) => String(r.text)).find((t) => t.includes(text));
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`${recipient}에게 '${text}' 메시지가 오지 않았습니다.`);
  } finally {
    client.close();
  }
}

test('an order placed, shipped and delivered: an e-mail and an SMS to the orderer for each', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createMember(request, uniqueAccount('msg'));
  const shopper = await browser.newContext();
  await post(shopper.request, '/shop-api/oauth/token', {
    memberId: account.memberId,
    password: account.password,
  });

  const { orderSheetNo } = await post(shopper.request, '/shop-api/order-sheets', {
    products: [{ ...PRODUCT, orderCnt: 1 }],
  });
  const calc = await post(shopper.request, `/shop-api/order-sheets/${orderSheetNo}/calculate`, {
    addressRequest: { receiverZipCd: ADDRESS.receiverZipCd },
  });
  const reserved = await post(shopper.request, '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: account.mobileNo, ordererEmail: account.email },
    shippingAddress: ADDRESS,
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
  });
  await post(shopper.request, `/api/payment-sandbox/payments/${reserved.paymentId}/approve`);
  const q = new URL(reserved.clientReturnUrl, 'http://x').searchParams;
  await post(shopper.request, '/shop-api/payments/confirm', {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  });
  const orderNo = reserved.orderNo as string;
  const email = account.email.toLowerCase();

  const placed = await outboxHas('mail', email, `[포도] 주문이 완료되었습니다 (주문번호 ${orderNo})`);
  expect(placed).toContain('결제 금액: ');
  expect(placed).toContain(`/mypage/order/${orderNo}`);
  await outboxHas('sms', account.mobileNo, `주문번호 ${orderNo}`);

  // the manager ships and delivers it
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await loginInBrowser(page, ADMIN);
  await post(admin.request, `/api/manager/orders/${orderNo}/prepare`);
  await post(admin.request, `/api/manager/orders/${orderNo}/ship`, {
    deliveryCompanyType: 'CJ',
    invoiceNo: '612345678901',
  });
  const shipped = await outboxHas('mail', email, `[포도] 상품이 발송되었습니다 (주문번호 ${orderNo})`);
  expect(shipped).toContain('택배사: CJ대한통운');
  expect(shipped).toContain('배송 조회: https://trace.cjlogistics.com/next/tracking.html?wblNo=612345678901');
  await post(admin.request, `/api/manager/orders/${orderNo}/deliver`);
  await outboxHas('mail', email, `[포도] 배송이 완료되었습니다 (주문번호 ${orderNo})`);
  await outboxHas('sms', account.mobileNo, '배송이 완료되었습니다.');

  // the administrators see them on the demo's outbox page (newest first: the delivery's is on top)
  await open(page, '/manager/outbox?channel=mail');
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows.filter({ hasText: `배송이 완료되었습니다 (주문번호 ${orderNo})` })).toHaveCount(1);
  await shopper.close();
  await admin.close();
});
