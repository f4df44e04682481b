import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiClient,
  createShopper,
  guestToken,
  returnParams,
  type Shopper,
  type Who,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  buy as buyWith,
  clearCart as clearCartOf,
  designInput,
  guestActor,
  memberActor,
  orderableOption,
  ROUND_DAMPENER,
  saveDesign as saveDesignIn,
} from '../../../tests/fixtures/designs.ts';
import type { TemplateId } from '../../lib/design/templates.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from '../../server/adapters/payment/config.ts';
import { PodError, usePodServiceForTests, type PodPort } from '../../server/adapters/pod/index.ts';
import { createPodSimulator } from '../../server/adapters/pod/simulator.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { adminMoves, customOrderDetail } from '../../server/design/admin.ts';
import { customOrdersOfOrder } from '../../server/design/custom-orders.ts';
import type { DesignActor } from '../../server/design/service.ts';
import { runCommerceMaintenance } from '../../server/payment/maintenance.ts';
import { confirmPayment } from '../../server/payment/workflows/confirm-payment.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';

/**
 * Paid orders with design lines: the payment confirmation (card-like approval and a virtual
 * account's deposit) makes one custom order in `request` per design line, once, and the
 * maintenance pass records what a stopped process left behind and re-sends to the print service.
 */

let t: TestDb;
let dir: string;
let alice: Shopper;
let bob: Shopper;
const api = apiClient(createApiApp());
const ROUND = ROUND_DAMPENER;
let roundOption: number;

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-design-lines-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
  roundOption = (await orderableOption(api, ROUND)).optionNo;
}, 120_000);
afterEach(() => {
  vi.restoreAllMocks();
  usePodServiceForTests(undefined);
  usePaymentConfigForTests(undefined);
});
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const member = memberActor;
const guest = guestActor;
/** A design saved with the option its lines are ordered with (a design keeps its option). */
const saveDesign = (actor: DesignActor, productNo = ROUND, templateId?: TemplateId) =>
  saveDesignIn(t.db, actor, productNo, templateId, productNo === ROUND ? roundOption : undefined);
const designLine = (designId: string, orderCnt = 1) => ({
  productNo: ROUND,
  optionNo: roundOption,
  orderCnt,
  optionInputs: designInput(designId),
});
const clearCart = (who: Shopper) => clearCartOf(api, who);
const buy = (who: Who, orderSheetNo: string, payType?: string) => buyWith(api, who, orderSheetNo, payType);

describe('paid orders with design lines', () => {
  it('make one custom order in request per design line; replays make no second one', async () => {
    await clearCart(alice);
    const design = await saveDesign(member(alice));
    const added = await api.post('/shop-api/cart', [designLine(design.designId, 2)], alice);
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [], cartNos: [added.body.extra.lines[0].cartNo] },
      alice,
    );
    const paid = await buy(alice, sheet.body.orderSheetNo);
    expect(paid.outcome).toMatchObject({ orderStatus: 'PAY_DONE', result: 'PAID' });

    const created = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      designId: design.designId,
      status: 'request',
      quantity: 2,
      podOrderCode: paid.orderNo,
    });
    // the browser's return again, the provider's webhook again, the maintenance pass
    const replay = await api.post('/shop-api/payments/confirm', returnParams(paid.returnUrl));
    expect(replay.body).toMatchObject({ orderStatus: 'PAY_DONE' });
    await confirmPayment(t.db, paid.orderNo, paid.paymentId, { source: 'webhook' });
    await runCommerceMaintenance(t.db);
    expect(await customOrdersOfOrder(t.db, paid.orderNo)).toHaveLength(1);
    // my page / order detail show the design
    const detail = await api.get(`/shop-api/profile/orders/${paid.orderNo}`, alice);
    const option = detail.body.orderOptionsGroupByPartner[0].orderOptionsGroupByDelivery[0].orderOptions[0];
    expect(option.extra.design).toMatchObject({ designId: design.designId, name: '세탁기 패드' });
  });

  it('a guest virtual account: the custom order comes with the deposit', async () => {
    const token = guestToken();
    const design = await saveDesign(guest(token));
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [designLine(design.designId)] },
      { guestToken: token },
    );
    const issued = await buy({ guestToken: token }, sheet.body.orderSheetNo, 'VIRTUAL_ACCOUNT');
    expect(issued.outcome).toMatchObject({ orderStatus: 'DEPOSIT_WAIT' });
    expect(await customOrdersOfOrder(t.db, issued.orderNo)).toHaveLength(0);
    const deposit = await api.post(`/api/payment-sandbox/payments/${issued.paymentId}/deposit`, {});
    expect(deposit.status).toBe(200);
    const [custom] = await customOrdersOfOrder(t.db, issued.orderNo);
    expect(custom).toMatchObject({ designId: design.designId, status: 'request' });
    await confirmPayment(t.db, issued.orderNo, issued.paymentId, { source: 'reconcile' });
    expect(await customOrdersOfOrder(t.db, issued.orderNo)).toHaveLength(1);
  });

  it('keeps the payment when the print service is down, and the maintenance pass sends it later', async () => {
    const real = createPodSimulator(async () => t.db);
    const down: PodPort = {
      ...real,
      createOrders: async () => {
        throw new PodError('print service down', 503);
      },
    };
    usePodServiceForTests(down);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const design = await saveDesign(member(bob));
    const sheet = await api.post('/shop-api/order-sheets', { products: [designLine(design.designId)] }, bob);
    const paid = await buy(bob, sheet.body.orderSheetNo);
    expect(paid.outcome).toMatchObject({ orderStatus: 'PAY_DONE' });
    const [pending] = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(pending).toMatchObject({ status: 'request', podSentAt: null, podAttempts: 1 });

    usePodServiceForTests(undefined);
    // the outbox retries after its backoff (at most 30 seconds after a first failure; decision 027)
    expect((await runCommerceMaintenance(t.db)).customOrders).toMatchObject({ resent: 0 });
    const pass = await runCommerceMaintenance(t.db, new Date(Date.now() + 31_000));
    expect(pass.customOrders).toMatchObject({ resent: 1, accepted: 1 });
    const [sent] = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(sent?.podSentAt).not.toBeNull();
    expect(sent?.podOrderCode).toBe(paid.orderNo);
  });

  it('a cancelled order stops the production of its custom lines and tells the print service', async () => {
    const pod = createPodSimulator(async () => t.db);
    const cancelEntries = vi.spyOn(pod, 'cancelEntries');
    usePodServiceForTests(pod);
    await clearCart(alice);
    const design = await saveDesign(member(alice));
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [designLine(design.designId)] },
      alice,
    );
    const paid = await buy(alice, sheet.body.orderSheetNo);
    const [sent] = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(sent).toMatchObject({ status: 'request', cancelledAt: null });
    expect(sent?.podSentAt).not.toBeNull();

    const res = await api.post(
      `/shop-api/profile/orders/${paid.orderNo}/claims/cancel`,
      { claimReasonType: 'CHANGE_MIND', claimReasonDetail: '마음이 바뀌었어요' },
      alice,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [stopped] = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(stopped?.cancelledAt).not.toBeNull();
    expect(cancelEntries).toHaveBeenCalledTimes(1);
    expect(cancelEntries.mock.calls[0]?.slice(1)).toEqual([paid.orderNo, [design.designId]]);
    // the maintenance pass sends nothing more for it
    const pass = await runCommerceMaintenance(t.db, new Date(Date.now() + 3_600_000));
    expect(pass.customOrders).toMatchObject({ resent: 0 });
  });

  it('records the custom orders a stopped process left behind on the next maintenance pass', async () => {
    usePaymentConfigForTests({ ...loadPaymentConfig(), sandboxWebhook: 'off' });
    const design = await saveDesign(member(bob));
    const sheet = await api.post('/shop-api/order-sheets', { products: [designLine(design.designId)] }, bob);
    const paid = await buy(bob, sheet.body.orderSheetNo);
    // as if the process had stopped between the payment's commit and the custom orders
    await t.db.execute({ sql: 'DELETE FROM custom_orders WHERE order_no = ?', args: [paid.orderNo] });
    const pass = await runCommerceMaintenance(t.db);
    expect(pass.customOrders?.recorded).toBeGreaterThanOrEqual(1);
    expect(await customOrdersOfOrder(t.db, paid.orderNo)).toHaveLength(1);
  });
});

describe('the back office of custom orders', () => {
  it('lists by status, channel and Seoul dates, shows one order with its moves, and draws the paid copy', async () => {
    const admin = await createShopper(t.db, '관리자');
    await t.db.execute({
      sql: "INSERT INTO member_group_members (group_no, member_no, added_at) VALUES (1, ?, '2026-01-01T00:00:00Z')",
      args: [admin.memberNo],
    });
    const design = await saveDesign(member(alice));
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [designLine(design.designId)] },
      alice,
    );
    const paid = await buy(alice, sheet.body.orderSheetNo);
    const [custom] = await customOrdersOfOrder(t.db, paid.orderNo);
    const no = custom!.customOrderNo;

    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const list = (q: string) => api.get(`/api/custom/orders?${q}`, admin);
    const found = await list(`status=request&salesChannel=podo&startYmd=${today}&endYmd=${today}`);
    expect(found.status).toBe(200);
    expect(found.body.data.items.map((i: { customOrderNo: number }) => i.customOrderNo)).toContain(no);
    expect(
      found.body.data.items.find((i: { customOrderNo: number }) => i.customOrderNo === no),
    ).toMatchObject({
      designName: '세탁기 패드',
      salesChannel: 'brand',
      ordererName: '홍길동',
      previewUrl: design.previewUrls.front,
    });
    expect((await list('salesChannel=smartstore')).body.data.totalCount).toBe(0);
    expect((await list('salesChannel=nowhere')).body.data.totalCount).toBe(0);
    expect((await list('startYmd=2020-01-01&endYmd=2020-01-31')).body.data.totalCount).toBe(0);
    expect((await list('status=completion')).body.data.items).toEqual([]);
    expect((await api.get('/api/custom/orders', alice)).status).toBe(403);

    const detail = await customOrderDetail(t.db, no);
    expect(detail).toMatchObject({
      sides: ['front'],
      moves: [{ to: 'design_complete' }],
      design: { name: '세탁기 패드', guest: false, deleted: false },
      order: { orderNo: paid.orderNo, receiverName: '홍길동' },
      line: { orderCnt: 1, optionInputs: designInput(design.designId) },
      events: [{ fromStatus: null, toStatus: 'request' }],
    });
    expect(adminMoves('progress').map((m) => m.to)).toEqual(['completion', 'design_complete']);
    expect(await customOrderDetail(t.db, 999_999)).toBeNull();

    const preview = await api.raw(`/api/custom/orders/${no}/preview/front.png`, {
      headers: { accessToken: admin.accessToken },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('Content-Type')).toBe('image/png');
    const json = await api.raw(`/api/custom/orders/${no}/print/design.json`, {
      headers: { accessToken: admin.accessToken },
    });
    expect(json.headers.get('Content-Disposition')).toMatch(/attachment; filename=".+-design\.json"/);
    expect((await api.raw(`/api/custom/orders/${no}/preview/front.png`, {})).status).toBe(401);
  });
});
