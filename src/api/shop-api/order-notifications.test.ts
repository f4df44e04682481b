import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import {
  ADDRESS,
  apiClient,
  createShopper,
  guestToken,
  reserveBody,
  returnParams,
  type Shopper,
  type Who,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { grantAdmin } from '../../server/member/service.ts';
import { notificationsAbout, type NotificationRow } from '../../server/notification/index.ts';
import { createApiApp } from '../app.ts';

/**
 * Every order event leaves its message to the orderer in the notification outbox, in the event's
 * own transaction (decision 029): an SMS to the orderer's phone and an e-mail to the orderer's
 * address, a guest's too, whatever the marketing consent.
 */

let t: TestDb;
let alice: Shopper;
let admin: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  admin = await createShopper(t.db, '관리자');
  await grantAdmin(t.db, admin.memberNo);
});
afterAll(() => t.close());

const LINE = [{ productNo: 101, optionNo: 1011, orderCnt: 1 }];
const manager = (path: string, body: unknown = {}) => api.post(`/api/manager/orders/${path}`, body, admin);
const CANCEL = { claimReasonType: 'CHANGE_MIND', claimReasonDetail: '마음이 바뀌었어요' };

async function messages(ref: string, event?: string): Promise<NotificationRow[]> {
  return (await notificationsAbout(t.db, ref)).filter((n) => !event || n.event === event);
}

/** The event's two messages: the SMS to the orderer's phone, the e-mail to the orderer's address. */
async function pair(ref: string, event: string) {
  const rows = await messages(ref, event);
  expect(rows.map((r) => [r.channel, r.recipient]).sort()).toEqual([
    ['mail', 'hong@example.com'],
    ['sms', '01012345678'],
  ]);
  return { sms: rows.find((r) => r.channel === 'sms')!, mail: rows.find((r) => r.channel === 'mail')! };
}

describe('order messages', () => {
  it('a card order: 주문 완료 with the order number, the products and the amount', async () => {
    const order = await buyPaid(api, alice, LINE);
    const { sms, mail } = await pair(order.orderNo, 'ORDER_PLACED');
    expect(mail.subject).toBe(`[포도] 주문이 완료되었습니다 (주문번호 ${order.orderNo})`);
    expect(mail.body).toContain(`결제 금액: ${order.payAmt.toLocaleString('ko-KR')}원`);
    expect(mail.body).toContain(`http://localhost:4321/mypage/order/${order.orderNo}`);
    expect(sms.body).toContain(`주문번호 ${order.orderNo}`);
    // one message per event, however often the payment is confirmed
    expect(await messages(order.orderNo)).toHaveLength(2);
  });

  it('a virtual account: the bank, account, amount and deadline; then the deposit confirmed', async () => {
    const order = await buyPaid(api, alice, LINE, { payType: 'VIRTUAL_ACCOUNT', noDeposit: true });
    const issued = await pair(order.orderNo, 'VIRTUAL_ACCOUNT_ISSUED');
    expect(issued.mail.subject).toBe(`[포도] 입금하실 계좌를 알려 드립니다 (주문번호 ${order.orderNo})`);
    expect(issued.mail.body).toMatch(/입금 은행: 국민은행\n계좌번호: \d{14}\n예금주: \(주\)포도/);
    expect(issued.mail.body).toContain(`입금하실 금액: ${order.payAmt.toLocaleString('ko-KR')}원`);
    expect(issued.mail.body).toMatch(/입금 기한: \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}까지/);
    expect(issued.sms.body).toMatch(/국민은행 \d{14} \(\(주\)포도\)/);
    expect(await messages(order.orderNo, 'ORDER_PLACED')).toEqual([]);

    expect((await api.post(`/api/payment-sandbox/payments/${order.paymentId}/deposit`, {})).status).toBe(200);
    const confirmed = await pair(order.orderNo, 'PAYMENT_CONFIRMED');
    expect(confirmed.mail.subject).toBe(`[포도] 입금이 확인되었습니다 (주문번호 ${order.orderNo})`);
  });

  it('shipped with the courier and its tracking link, then delivered', async () => {
    const order = await buyPaid(api, alice, LINE);
    expect((await manager(`${order.orderNo}/prepare`)).status).toBe(200);
    expect(
      (await manager(`${order.orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' }))
        .status,
    ).toBe(200);
    const shipped = await pair(order.orderNo, 'SHIPPED');
    expect(shipped.mail.body).toContain('택배사: CJ대한통운');
    expect(shipped.mail.body).toContain('송장번호: 123456789012');
    expect(shipped.mail.body).toContain(
      '배송 조회: https://trace.cjlogistics.com/next/tracking.html?wblNo=123456789012',
    );
    expect(shipped.sms.body).toContain('CJ대한통운 123456789012');
    // shipping again (answered as it is) adds nothing
    await manager(`${order.orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '123456789012' });
    expect(await messages(order.orderNo, 'SHIPPED')).toHaveLength(2);

    expect((await manager(`${order.orderNo}/deliver`)).status).toBe(200);
    const delivered = await pair(order.orderNo, 'DELIVERED');
    expect(delivered.mail.subject).toBe(`[포도] 배송이 완료되었습니다 (주문번호 ${order.orderNo})`);
  });

  it('a cancel: received, and refunded with the amount', async () => {
    const order = await buyPaid(api, alice, LINE);
    const res = await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, alice);
    expect(res.status).toBe(200);
    const ref = `claim-${res.body.claimNo as number}`;
    const received = await pair(ref, 'CLAIM_RECEIVED');
    expect(received.mail.subject).toBe(`[포도] 취소 신청이 접수되었습니다 (주문번호 ${order.orderNo})`);
    const refunded = await pair(ref, 'CLAIM_REFUNDED');
    expect(refunded.mail.body).toContain(`환불 금액: ${order.payAmt.toLocaleString('ko-KR')}원`);
  });

  it('an unpaid virtual account cancelled: received, and no word of a refund', async () => {
    const order = await buyPaid(api, alice, LINE, { payType: 'VIRTUAL_ACCOUNT', noDeposit: true });
    const res = await api.post(`/shop-api/profile/orders/${order.orderNo}/claims/cancel`, CANCEL, alice);
    expect(res.status).toBe(200);
    const ref = `claim-${res.body.claimNo as number}`;
    const received = await pair(ref, 'CLAIM_RECEIVED');
    expect(received.mail.body).not.toContain('환불');
    expect(await messages(ref, 'CLAIM_REFUNDED')).toEqual([]);
  });

  it('a return: received, approved, refunded', async () => {
    const order = await buyPaid(api, alice, LINE);
    await manager(`${order.orderNo}/prepare`);
    await manager(`${order.orderNo}/ship`, { deliveryCompanyType: 'CJ', invoiceNo: '123456789013' });
    await manager(`${order.orderNo}/deliver`);
    const detail = await api.get(`/shop-api/profile/orders/${order.orderNo}`, alice);
    const opt = detail.body.orderOptionsGroupByPartner[0].orderOptionsGroupByDelivery[0].orderOptions[0]
      .orderOptionNo as number;
    const ret = await api.post(
      '/shop-api/profile/claims/return',
      {
        claimReasonType: 'DEFECTIVE_PRODUCT',
        claimReasonDetail: '찢어져 왔어요',
        claimedProductOptions: [{ orderProductOptionNo: opt, productCnt: 1 }],
        returnWayType: 'SELLER_COLLECT',
      },
      alice,
    );
    expect(ret.status).toBe(200);
    const ref = `claim-${ret.body.claimNo as number}`;
    expect((await pair(ref, 'CLAIM_RECEIVED')).mail.subject).toBe(
      `[포도] 반품 신청이 접수되었습니다 (주문번호 ${order.orderNo})`,
    );
    expect(
      (await api.post(`/api/manager/claims/${ret.body.claimNo as number}/approve`, {}, admin)).status,
    ).toBe(200);
    expect((await pair(ref, 'CLAIM_APPROVED')).mail.subject).toBe(
      `[포도] 반품 신청이 승인되었습니다 (주문번호 ${order.orderNo})`,
    );
    expect((await pair(ref, 'CLAIM_REFUNDED')).sms.body).toContain('환불 금액');
  });

  it('a guest’s order: the messages go to the phone and e-mail given on the order, linking the guest lookup', async () => {
    const guest: Who = { guestToken: guestToken() };
    const sheet = await api.post('/shop-api/order-sheets', { products: LINE }, guest);
    expect(sheet.status).toBe(200);
    const sheetNo = sheet.body.orderSheetNo as string;
    const calc = await api.post(
      `/shop-api/order-sheets/${sheetNo}/calculate`,
      { addressRequest: { receiverZipCd: ADDRESS.receiverZipCd } },
      guest,
    );
    const payAmt = calc.body.paymentInfo.paymentAmt as number;
    const reserved = await api.post(
      '/shop-api/payments/reserve',
      reserveBody(sheetNo, payAmt, {
        orderer: { ordererName: '손님', ordererContact1: '010-9876-5432', ordererEmail: 'guest@example.com' },
        tempPassword: 'grape1234',
      }),
      guest,
    );
    expect(reserved.status).toBe(200);
    await api.post(`/api/payment-sandbox/payments/${reserved.body.paymentId as string}/approve`, {});
    await api.post('/shop-api/payments/confirm', returnParams(reserved.body.clientReturnUrl as string));
    const rows = await messages(reserved.body.orderNo as string, 'ORDER_PLACED');
    expect(rows.map((r) => [r.channel, r.recipient]).sort()).toEqual([
      ['mail', 'guest@example.com'],
      ['sms', '01098765432'],
    ]);
    expect(rows.find((r) => r.channel === 'mail')!.body).toContain(
      'http://localhost:4321/order/guest-lookup',
    );
    expect(rows.find((r) => r.channel === 'mail')!.body).toContain('손님님, 주문해 주셔서 감사합니다.');
  });
});
