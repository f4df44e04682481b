import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createShopper, guestToken, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../../api/app.ts';
import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { updateSide } from '../../lib/design/sides.ts';
import { createPodSimulator } from '../adapters/pod/simulator.ts';
import { PodError, usePodServiceForTests, type PodPort } from '../adapters/pod/index.ts';
import { moveOrder } from '../claim/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { createLocalStorage } from '../storage/local.ts';
import { storage, useStorageForTests } from '../storage/index.ts';
import {
  ADMIN_TRANSITIONS,
  canTransition,
  changeCustomOrderStatus,
  customOrdersOfOrder,
} from './custom-orders.ts';
import {
  createCustomOrdersForPaidOrder,
  podTokenState,
  retryCustomOrders,
  setPodToken,
  syncPodStatus,
} from './pod.ts';
import {
  assertDesignOrderable,
  createDesign,
  designSummaries,
  guestTokenHash,
  type DesignActor,
} from './service.ts';

let t: TestDb;
let dir: string;
let alice: Shopper;
let bob: Shopper;
let admin: Shopper;
let clock = Date.now();
const now = () => new Date(clock);
let simulator: PodPort;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-custom-orders-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
  admin = await createShopper(t.db, '관리자');
  await t.db.execute({
    sql: "INSERT INTO member_group_members (group_no, member_no, added_at) VALUES (1, ?, '2026-01-01T00:00:00Z')",
    args: [admin.memberNo],
  });
  simulator = createPodSimulator(async () => t.db, { stepMs: 60_000, tokenTtlSeconds: 3600, now });
  usePodServiceForTests(simulator);
}, 120_000);
afterEach(() => {
  usePodServiceForTests(simulator);
});
afterAll(() => {
  usePodServiceForTests(undefined);
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const memberActor = (s: Shopper, isAdmin = false): DesignActor => ({
  member: { memberNo: s.memberNo, memberId: null, isAdmin },
  guestToken: null,
});

async function saveDesign(actor: DesignActor, text = '제작 요청') {
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text, fontFamily: 'jua' })),
  );
  return createDesign(t.db, actor, { productNo: 100005, design: doc });
}

let orderSeq = 0;
/** A paid order as the payment confirmation leaves it, with the given lines (design ids as inputs). */
async function paidOrder(
  owner: { memberNo: number } | { guestToken: string },
  lines: { designId?: string; orderCnt?: number }[],
  status = 'PAY_DONE',
): Promise<string> {
  orderSeq += 1;
  const orderNo = `2026050100000000${String(orderSeq).padStart(4, '0')}`;
  const memberNo = 'memberNo' in owner ? owner.memberNo : null;
  const hash = 'guestToken' in owner ? guestTokenHash(owner.guestToken) : null;
  const at = '2026-05-01T00:00:00.000Z';
  await t.db.execute({
    sql: `INSERT INTO order_sheets (order_sheet_no, member_no, guest_token_hash, products, created_at, expires_at)
          VALUES (?, ?, ?, '[]', ?, ?)`,
    args: [orderNo, memberNo, hash, at, at],
  });
  await t.db.execute({
    sql: `INSERT INTO orders (order_no, order_sheet_no, member_no, guest_token_hash, order_status, pay_type, pg_type,
            orderer_name, orderer_contact1, receiver_name, receiver_zip_cd, receiver_address, receiver_detail_address,
            receiver_contact1, standard_amt, pay_amt, ordered_at, paid_at, updated_at)
          VALUES (?, ?, ?, ?, ?, 'CREDIT_CARD', 'sandbox', '김포도', '010-1234-5678', '김포도', '06236',
            '서울특별시 강남구 테헤란로 123', '4층', '010-1234-5678', 24900, 24900, ?, ?, ?)`,
    args: [orderNo, orderNo, memberNo, hash, status, at, at, at],
  });
  for (const line of lines) {
    const inputs = line.designId
      ? [{ inputNo: 0, inputLabel: DESIGN_INPUT_LABEL, inputValue: line.designId }]
      : [];
    await t.db.execute({
      sql: `INSERT INTO order_options (order_no, product_no, option_no, product_name, order_cnt, sale_price, buy_price,
              buy_amt, option_inputs, partner_no, partner_name, delivery_template_no)
            VALUES (?, 100005, 10000501, '커스텀 원형 방진패드', ?, 24900, 24900, ?, ?, 1, '포도', 1)`,
      args: [orderNo, line.orderCnt ?? 1, 24900 * (line.orderCnt ?? 1), JSON.stringify(inputs)],
    });
  }
  return orderNo;
}

describe('custom orders from paid orders', () => {
  it('creates one request per design line, sends the order to the print service once, and is idempotent', async () => {
    const d1 = await saveDesign(memberActor(alice), '첫째');
    const d2 = await saveDesign(memberActor(alice), '둘째');
    const orderNo = await paidOrder(alice, [
      { designId: d1.designId, orderCnt: 2 },
      { designId: d2.designId },
      {},
    ]);
    const result = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(result.created).toBe(2);
    expect(result.customOrders.map((c) => [c.designId, c.status, c.quantity, c.unitPrice])).toEqual([
      [d1.designId, 'request', 2, 24900],
      [d2.designId, 'request', 1, 24900],
    ]);
    expect(result.pod).toEqual({ ok: true, orderCode: orderNo, status: 'RECEIVED' });
    expect(result.customOrders.every((c) => c.podOrderCode === orderNo && c.podStatus === 'RECEIVED')).toBe(
      true,
    );
    // what the simulator received: the spec's payload
    const sent = await t.db.execute({
      sql: 'SELECT payload FROM pod_simulator_orders WHERE order_code = ?',
      args: [orderNo],
    });
    expect(JSON.parse(String(sent.rows[0]!.payload))).toEqual({
      orderCode: orderNo,
      storeCustomerId: `member-${alice.memberNo}`,
      shippingAddress: {
        address: '서울특별시 강남구 테헤란로 123',
        addressDetail: '4층',
        nationCode: 'KR',
        phoneNumber: '01012345678',
        postcode: '06236',
        recipient: '김포도',
      },
      orderEntries: [
        { projectId: d1.designId, quantity: 2, productSellPrice: 24900 },
        { projectId: d2.designId, quantity: 1, productSellPrice: 24900 },
      ],
    });
    // the design shows its order's status
    expect((await api.get(`/api/custom/designs/${d1.designId}`, alice)).body.data.status).toBe('request');

    const again = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(again.created).toBe(0);
    expect(again.pod).toBeNull();
    expect(again.customOrders).toHaveLength(2);
  });

  it('copies the design: editing it after the order does not change what is printed', async () => {
    const design = await saveDesign(memberActor(alice), '주문한 문구');
    const orderNo = await paidOrder(alice, [{ designId: design.designId }]);
    await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    const edited = updateSide(design.document, 'front', (s) => ({ ...s, background: 'red' }));
    await api.raw('/api/custom/dampener', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', accessToken: alice.accessToken },
      body: JSON.stringify({ createTime: design.createTime, dampenerPatchData: { design: edited } }),
    });
    const [custom] = await customOrdersOfOrder(t.db, orderNo);
    expect(JSON.parse(custom!.document).sides.front.background).toBe('white');
  });

  it("skips lines with another owner's or an unknown design, and refuses unpaid orders", async () => {
    const bobs = await saveDesign(memberActor(bob));
    const orderNo = await paidOrder(alice, [{ designId: bobs.designId }, { designId: 'A'.repeat(22) }]);
    const result = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(result.created).toBe(0);
    expect(result.skipped.map((s) => s.reason)).toEqual(['not-owner', 'unknown-design']);
    const unpaid = await paidOrder(alice, [{ designId: bobs.designId }], 'PAY_WAIT');
    await expect(createCustomOrdersForPaidOrder(t.db, unpaid)).rejects.toMatchObject({
      code: 'ORDER_NOT_PAID',
    });
  });

  it('matches a guest order with the guest identity of the design', async () => {
    const guest = guestToken();
    const design = await saveDesign({ member: null, guestToken: guest });
    const orderNo = await paidOrder({ guestToken: guest }, [{ designId: design.designId }]);
    const result = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(result.created).toBe(1);
    const payload = await t.db.execute({
      sql: 'SELECT payload FROM pod_simulator_orders WHERE order_code = ?',
      args: [orderNo],
    });
    expect(JSON.parse(String(payload.rows[0]!.payload)).storeCustomerId).toBe('guest');
  });

  it('keeps the custom order when the print service is down, for a later retry', async () => {
    const failing: PodPort = {
      ...simulator,
      createOrders: async () => {
        throw new PodError('service unavailable', 503);
      },
    };
    const design = await saveDesign(memberActor(alice));
    const orderNo = await paidOrder(alice, [{ designId: design.designId }]);
    const result = await createCustomOrdersForPaidOrder(t.db, orderNo, { pod: failing, now: now() });
    expect(result.created).toBe(1);
    expect(result.pod).toMatchObject({ ok: false });
    expect(result.customOrders[0]).toMatchObject({
      podSentAt: null,
      podAttempts: 1,
      podError: 'service unavailable',
    });
    // the outbox waits its backoff (15 to 30 seconds after a first failure) before the retry
    const early = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(early.pod).toMatchObject({ ok: false });
    expect(early.customOrders[0]).toMatchObject({ podAttempts: 1 });
    clock += 30_000;
    const retried = await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    expect(retried.pod).toMatchObject({ ok: true });
    expect(retried.customOrders[0]).toMatchObject({ podAttempts: 2, podError: null, podStatus: 'RECEIVED' });
  });
});

describe('design lines in carts', () => {
  it("accept only the shopper's own design of that product", async () => {
    const design = await saveDesign(memberActor(alice));
    const owner = { memberNo: alice.memberNo, guestTokenHash: null };
    await expect(assertDesignOrderable(t.db, owner, design.designId, 100005)).resolves.toBeUndefined();
    await expect(assertDesignOrderable(t.db, owner, design.designId, 100006)).rejects.toMatchObject({
      code: 'DESIGN_NOT_ORDERABLE',
    });
    await expect(
      assertDesignOrderable(t.db, { memberNo: bob.memberNo, guestTokenHash: null }, design.designId, 100005),
    ).rejects.toMatchObject({ status: 400 });
    await expect(assertDesignOrderable(t.db, owner, 'not-an-id', 100005)).rejects.toMatchObject({
      status: 400,
    });
    const summaries = await designSummaries(t.db, [design.designId, 'x']);
    expect(summaries.get(design.designId)).toMatchObject({
      name: design.name,
      previewUrls: design.previewUrls,
    });
    expect(summaries.size).toBe(1);
  });
});

describe('custom order status', () => {
  it('allows only the documented transitions', () => {
    expect(ADMIN_TRANSITIONS).toEqual({
      request: ['design_complete'],
      design_complete: ['progress', 'request'],
      progress: ['completion', 'design_complete'],
      completion: [],
    });
    expect(canTransition('request', 'completion', 'admin')).toBe(false);
    expect(canTransition('request', 'progress', 'system')).toBe(true);
    expect(canTransition('completion', 'request', 'system')).toBe(false);
  });

  it('moves through the back office with events, and follows the print service', async () => {
    const design = await saveDesign(memberActor(alice));
    const orderNo = await paidOrder(alice, [{ designId: design.designId }]);
    const [custom] = (await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() })).customOrders;
    const no = custom!.customOrderNo;
    const patch = (who: Shopper, status: string) =>
      api.raw(`/api/custom/orders/${no}/status`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', accessToken: who.accessToken },
        body: JSON.stringify({ status, note: '확인' }),
      });
    expect((await patch(alice, 'design_complete')).status).toBe(403);
    expect((await patch(admin, 'completion')).status).toBe(409);
    const confirmed = await patch(admin, 'design_complete');
    expect(confirmed.status).toBe(200);
    const files = ((await confirmed.json()) as { data: { printFiles: Record<string, string> } }).data
      .printFiles;
    expect(Object.keys(files).sort()).toEqual(['back', 'document', 'front']);
    const stored = await storage().get(storage().keyOfUrl(files.front!)!);
    expect((await sharp(stored!).metadata()).density).toBe(300);
    expect((await patch(admin, 'request')).status).toBe(200);
    expect((await patch(admin, 'design_complete')).status).toBe(200);

    // the print service starts production after a minute, ships after two
    clock += 61_000;
    expect(await syncPodStatus(t.db, orderNo, simulator, now())).toBe('IN_PRODUCTION');
    expect((await customOrdersOfOrder(t.db, orderNo))[0]!.status).toBe('progress');
    clock += 120_000;
    expect(await syncPodStatus(t.db, orderNo, simulator, now())).toBe('DELIVERED');
    expect((await customOrdersOfOrder(t.db, orderNo))[0]!.status).toBe('completion');
    expect((await patch(admin, 'request')).status).toBe(409);

    const detail = await api.get(`/api/custom/orders/${no}`, admin);
    expect(detail.body.data.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'request',
      'design_complete',
      'request',
      'design_complete',
      'progress',
      'completion',
    ]);
    expect(detail.body.data.events[1].actorMemberNo).toBe(admin.memberNo);
    expect(detail.body.data.events[4].actorMemberNo).toBeNull();
    expect((await api.get(`/api/custom/designs/${design.designId}`, alice)).body.data.status).toBe(
      'completion',
    );
    const list = await api.get('/api/custom/orders?status=completion', admin);
    expect(list.body.data.items.map((i: { customOrderNo: number }) => i.customOrderNo)).toContain(no);
    const print = await api.raw(`/api/custom/orders/${no}/print/front.png`, {
      headers: { accessToken: admin.accessToken },
    });
    expect(print.status).toBe(200);
    await expect(
      changeCustomOrderStatus(t.db, no, 'progress', { actorMemberNo: null }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('shipping an order with a custom line', () => {
  it('is refused while the custom line is not made, naming it, and goes once it is (or once the line is cancelled)', async () => {
    const design = await saveDesign(memberActor(alice));
    const orderNo = await paidOrder(alice, [{ designId: design.designId }, {}]);
    const [custom] = (await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() })).customOrders;
    const parcel = { deliveryCompanyType: 'CJ', invoiceNo: '123412341234' };
    await expect(moveOrder(t.db, orderNo, 'ship', parcel)).rejects.toMatchObject({
      code: 'CUSTOM_NOT_MADE',
      status: 409,
      message: expect.stringContaining("커스텀 상품 '커스텀 원형 방진패드'의 제작이 끝나지 않아") as string,
    });
    for (const step of ['design_complete', 'progress', 'completion'] as const)
      await changeCustomOrderStatus(t.db, custom!.customOrderNo, step, { actorMemberNo: admin.memberNo });
    expect(await moveOrder(t.db, orderNo, 'ship', parcel)).toMatchObject({ orderStatus: 'DELIVERY_ING' });

    // a custom line cancelled in full no longer holds the parcel back
    const other = await saveDesign(memberActor(alice));
    const second = await paidOrder(alice, [{ designId: other.designId }, {}]);
    await createCustomOrdersForPaidOrder(t.db, second, { now: now() });
    await t.db.execute({
      sql: `UPDATE order_options SET canceled_cnt = order_cnt WHERE order_no = ? AND option_inputs <> '[]'`,
      args: [second],
    });
    expect(await moveOrder(t.db, second, 'ship', parcel)).toMatchObject({ orderStatus: 'DELIVERY_ING' });
  });
});

describe('following the print service', () => {
  it('the maintenance pass reads the status of every order the service has not delivered, and an owner’s change reads it at once', async () => {
    const design = await saveDesign(memberActor(alice));
    const orderNo = await paidOrder(alice, [{ designId: design.designId }]);
    const [custom] = (await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() })).customOrders;
    expect((await customOrdersOfOrder(t.db, orderNo))[0]).toMatchObject({ podStatus: 'RECEIVED' });
    clock += 61_000;
    const pass = await retryCustomOrders(t.db, { now: now() });
    expect(pass.synced).toBeGreaterThanOrEqual(1);
    expect((await customOrdersOfOrder(t.db, orderNo))[0]).toMatchObject({
      podStatus: 'IN_PRODUCTION',
      status: 'progress',
    });
    // the owner marks it made; the page's answer carries what the service says now
    clock += 120_000;
    const res = await api.raw(`/api/custom/orders/${custom!.customOrderNo}/status`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', accessToken: admin.accessToken },
      body: JSON.stringify({ status: 'completion', note: '완료' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { podStatus: string } }).data.podStatus).toBe('DELIVERED');
  });
});

describe('print service token and routes', () => {
  it('treats the token as expired 60 s early and renews it on demand', async () => {
    const state = await setPodToken(t.db, simulator, now());
    expect(state.expired).toBe(false);
    const issued = Date.parse(state.issuedAt!);
    expect((await podTokenState(t.db, simulator, new Date(issued + (3600 - 61) * 1000))).expired).toBe(false);
    expect((await podTokenState(t.db, simulator, new Date(issued + (3600 - 59) * 1000))).expired).toBe(true);
  });

  it('answers /api/pod routes with the right permissions', async () => {
    expect((await api.post('/api/pod/set-token', {}, alice)).status).toBe(403);
    const set = await api.post('/api/pod/set-token', {}, admin);
    expect(set.status).toBe(200);
    expect(set.body.data).not.toHaveProperty('accessToken');
    const check = await api.post('/api/pod/token-expiry-check', {});
    expect(check.body.data).toMatchObject({ expired: false });
    const variant = await api.get('/api/pod/admin?url=variant&productNo=100005', admin);
    expect(variant.body.data).toMatchObject({ variant_id: '100005-round-dampener-100' });
    expect(
      (await api.get('/api/pod/admin?url=design-templates', admin)).body.data.items.length,
    ).toBeGreaterThan(5);
    expect((await api.get('/api/pod/admin?url=variants', alice)).status).toBe(403);

    const design = await saveDesign(memberActor(alice));
    const orderNo = await paidOrder(alice, [{ designId: design.designId }]);
    await createCustomOrdersForPaidOrder(t.db, orderNo, { now: now() });
    const body = { projectId: design.designId, orders: [{ orderCode: orderNo, storeCustomerId: 'ignored' }] };
    const mine = await api.post('/api/pod/user', body, alice);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.orders[0]).toMatchObject({ orderCode: orderNo, projectId: design.designId });
    expect((await api.post('/api/pod/user', body, bob)).status).toBe(404);
    expect((await api.post('/api/pod/user', body, {})).status).toBe(401);
  });

  it('checks payloads like the real service', async () => {
    const { accessToken } = await simulator.issueToken();
    await expect(simulator.createOrders(accessToken, { orders: [] })).rejects.toMatchObject({ status: 400 });
    await expect(simulator.createOrders('nope', { orders: [] })).rejects.toMatchObject({ status: 401 });
    const order = {
      orderCode: 'X1',
      storeCustomerId: 'c',
      shippingAddress: {
        address: 'a',
        addressDetail: '',
        nationCode: 'US' as 'KR',
        phoneNumber: '1',
        postcode: '1',
        recipient: 'r',
      },
      orderEntries: [{ projectId: 'p', quantity: 1, productSellPrice: 1 }],
    };
    await expect(simulator.createOrders(accessToken, { orders: [order] })).rejects.toMatchObject({
      status: 400,
    });
  });
});
