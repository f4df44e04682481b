import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { updateSide } from '../../lib/design/sides.ts';
import { createPodHttpAdapter } from '../adapters/pod/http.ts';
import type { PodOrderPayload, PodPort } from '../adapters/pod/index.ts';
import { startPodStandIn, type PodStandIn } from '../adapters/pod/stand-in.test-helper.ts';
import { signPodWebhook } from '../adapters/pod/webhook.ts';
import { withAuditActor } from '../audit/index.ts';
import { createApiApp } from '../../api/app.ts';
import { resetEnvForTests } from '../platform/env.ts';
import { openDb } from '../db/client.ts';
import { seedDemo } from '../db/seed/index.ts';
import { createLocalStorage } from '../storage/local.ts';
import { useStorageForTests } from '../storage/index.ts';
import { customOrdersOfOrder } from './custom-orders.ts';
import { createCustomOrdersForPaidOrder } from './pod.ts';
import { backoffMs, POD_OUTBOX, podOutboxSummary, resendPodOrder, runPodOutbox } from './pod-outbox.ts';
import { selectRow } from './pod-outbox-repo.ts';
import { createDesign, type DesignActor } from './service.ts';

/** The print service's outbox against the HTTP stand-in: idempotent retries, backoff, 429, claims. */

let t: TestDb;
let dir: string;
let alice: Shopper;
let standIn: PodStandIn;
let pod: PodPort;
let clock = Date.parse('2026-11-26T01:00:00Z');
const now = () => new Date(clock);

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-pod-outbox-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '앨리스');
}, 120_000);
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});
beforeEach(async () => {
  standIn = await startPodStandIn();
  pod = createPodHttpAdapter({
    baseUrl: standIn.baseUrl,
    clientId: 'podo-client',
    clientSecret: 'podo-secret',
    timeoutMs: 250,
    now,
  });
  // every test starts with an empty outbox and no token of an earlier stand-in
  await t.db.execute('DELETE FROM pod_outbox');
  // earlier tests' orders still unsent are stopped, or the pass would enqueue them again
  await t.db.execute(
    "UPDATE custom_orders SET cancelled_at = '2026-11-26T00:00:00.000Z' WHERE pod_sent_at IS NULL",
  );
  await t.db.execute('DELETE FROM pod_tokens');
});
afterEach(async () => standIn.close());

const actor: () => DesignActor = () => ({
  member: { memberNo: alice.memberNo, memberId: null, isAdmin: false },
  guestToken: null,
});

let orderSeq = 0;
/** A paid order of alice with one design line of `qty` units of 24,900원. */
async function paidOrder(qty = 1): Promise<{ orderNo: string; designId: string }> {
  const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(s, newTextNode('round-dampener-100', { text: '보내기', fontFamily: 'jua' })),
  );
  const { designId } = await createDesign(t.db, actor(), { productNo: 100005, design: doc });
  orderSeq += 1;
  const orderNo = `2026112600000000${String(orderSeq).padStart(4, '0')}`;
  const at = '2026-11-26T00:00:00.000Z';
  await t.db.execute({
    sql: `INSERT INTO order_sheets (order_sheet_no, member_no, products, created_at, expires_at)
          VALUES (?, ?, '[]', ?, ?)`,
    args: [orderNo, alice.memberNo, at, at],
  });
  await t.db.execute({
    sql: `INSERT INTO orders (order_no, order_sheet_no, member_no, order_status, pay_type, pg_type,
            orderer_name, orderer_contact1, receiver_name, receiver_zip_cd, receiver_address, receiver_detail_address,
            receiver_contact1, standard_amt, pay_amt, ordered_at, paid_at, updated_at)
          VALUES (?, ?, ?, 'PAY_DONE', 'CREDIT_CARD', 'sandbox', '김포도', '010-1234-5678', '김포도', '06236',
            '서울특별시 강남구 테헤란로 123', '4층', '010-1234-5678', ?, ?, ?, ?, ?)`,
    args: [orderNo, orderNo, alice.memberNo, 24900 * qty, 24900 * qty, at, at, at],
  });
  const inputs = [{ inputNo: 0, inputLabel: DESIGN_INPUT_LABEL, inputValue: designId }];
  await t.db.execute({
    sql: `INSERT INTO order_options (order_no, product_no, option_no, product_name, order_cnt, sale_price, buy_price,
            buy_amt, option_inputs, partner_no, partner_name, delivery_template_no)
          VALUES (?, 100005, 10000501, '커스텀 원형 방진패드', ?, 24900, 24900, ?, ?, 1, '포도', 1)`,
    args: [orderNo, qty, 24900 * qty, JSON.stringify(inputs)],
  });
  return { orderNo, designId };
}

const record = (orderNo: string) => createCustomOrdersForPaidOrder(t.db, orderNo, { pod, now: now() });

describe('print service outbox', () => {
  it("sends a paid order's design lines in the spec's payload", async () => {
    const { orderNo, designId } = await paidOrder(2);
    const result = await record(orderNo);
    expect(result.pod).toEqual({ ok: true, orderCode: orderNo, status: 'RECEIVED' });
    const sent = JSON.parse(standIn.submissions()[0]!.body) as PodOrderPayload;
    expect(sent).toEqual({
      orders: [
        {
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
          orderEntries: [{ projectId: designId, quantity: 2, productSellPrice: 24900 }],
        },
      ],
    });
    expect(await selectRow(t.db, orderNo)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('after a timeout looks the order up before retrying, and never submits it twice', async () => {
    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'hang', ms: 1000 });
    const first = await record(orderNo);
    expect(first.pod).toMatchObject({ ok: false });
    // the service took it although its answer never came
    expect(standIn.orders.has(orderNo)).toBe(true);
    expect(await selectRow(t.db, orderNo)).toMatchObject({ state: 'pending', attempts: 1, lastHttp: 0 });

    clock += 31_000;
    const pass = await runPodOutbox(t.db, { pod, now: now() });
    expect(pass).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(standIn.submissions()).toHaveLength(1);
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/orders/${orderNo}`)).toBe(true);
    expect(await selectRow(t.db, orderNo)).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await customOrdersOfOrder(t.db, orderNo))[0]).toMatchObject({
      podOrderCode: orderNo,
      podStatus: 'RECEIVED',
      podError: null,
    });
  });

  it('submits on a retry when the lookup finds nothing (the first attempt never arrived)', async () => {
    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'status', status: 502 });
    await record(orderNo);
    clock += 31_000;
    await runPodOutbox(t.db, { pod, now: now() });
    expect(standIn.submissions()).toHaveLength(2);
    expect(standIn.orders.has(orderNo)).toBe(true);
  });

  it('waits an exponential backoff with jitter between failures, within its bounds', async () => {
    expect(backoffMs(1, () => 0)).toBe(15_000);
    expect(backoffMs(1, () => 1)).toBe(30_000);
    expect(backoffMs(2, () => 0)).toBe(30_000);
    expect(backoffMs(4, () => 1)).toBe(240_000);
    expect(backoffMs(30, () => 0)).toBe(POD_OUTBOX.maxDelayMs / 2);
    expect(backoffMs(30, () => 1)).toBe(POD_OUTBOX.maxDelayMs);
    for (let n = 1; n <= 10; n++) {
      const step = Math.min(POD_OUTBOX.maxDelayMs, POD_OUTBOX.baseDelayMs * 2 ** (n - 1));
      const wait = backoffMs(n);
      expect(wait).toBeGreaterThanOrEqual(step / 2);
      expect(wait).toBeLessThanOrEqual(step);
    }

    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'status', status: 503 }, 2);
    const start = clock;
    await createCustomOrdersForPaidOrder(t.db, orderNo, { pod, now: now() });
    const afterFirst = Date.parse((await selectRow(t.db, orderNo))!.nextAttemptAt) - start;
    expect(afterFirst).toBeGreaterThanOrEqual(15_000);
    expect(afterFirst).toBeLessThanOrEqual(30_000);
    // not due yet: nothing is claimed
    expect((await runPodOutbox(t.db, { pod, now: new Date(start + 14_000) })).claimed).toBe(0);
    clock = start + afterFirst;
    await runPodOutbox(t.db, { pod, now: now(), random: () => 0.5 });
    // second failure: a step of 60 s, half of it fixed and a quarter of jitter at 0.5
    expect(Date.parse((await selectRow(t.db, orderNo))!.nextAttemptAt) - clock).toBe(45_000);
  });

  it("honours a 429's Retry-After", async () => {
    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'rate-limit', retryAfter: '120' });
    const start = clock;
    await record(orderNo);
    expect(await selectRow(t.db, orderNo)).toMatchObject({
      state: 'pending',
      lastHttp: 429,
      nextAttemptAt: new Date(start + 120_000).toISOString(),
    });
    expect((await runPodOutbox(t.db, { pod, now: new Date(start + 119_000) })).claimed).toBe(0);
    expect(await runPodOutbox(t.db, { pod, now: new Date(start + 120_000) })).toMatchObject({ sent: 1 });
  });

  it('fails a refused payload at once; the owner sees it and resends it, with an audit line', async () => {
    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'status', status: 422 });
    await record(orderNo);
    const summary = await podOutboxSummary(t.db);
    expect(summary.counts.failed).toBe(1);
    expect(summary.troubled[0]).toMatchObject({ orderCode: orderNo, state: 'failed', lastHttp: 422 });
    expect(summary.troubled[0]!.lastError).toContain('422');
    // a failed row is not retried by the pass
    clock += 24 * 3600_000;
    expect((await runPodOutbox(t.db, { pod, now: now() })).claimed).toBe(0);

    await withAuditActor({ memberNo: 1, name: '관리자', role: 'ADMIN', ip: null, request: null }, () =>
      resendPodOrder(t.db, orderNo, now()),
    );
    const audit = await t.db.execute({
      sql: "SELECT actor_name, before_json FROM audit_log WHERE action = 'custom.pod_resend' AND target_id = ?",
      args: [orderNo],
    });
    expect(audit.rows[0]).toMatchObject({ actor_name: '관리자' });
    expect(await runPodOutbox(t.db, { pod, now: now() })).toMatchObject({ claimed: 1, sent: 1 });
    await expect(resendPodOrder(t.db, orderNo, now())).rejects.toMatchObject({ code: 'POD_NOT_FAILED' });
  });

  it(`gives up after ${POD_OUTBOX.maxFailures} failures in a row`, async () => {
    const { orderNo } = await paidOrder();
    standIn.trouble('POST /v1/orders', { kind: 'status', status: 500 }, 100);
    await record(orderNo);
    for (let i = 1; i < POD_OUTBOX.maxFailures; i++) {
      clock += POD_OUTBOX.maxDelayMs;
      await runPodOutbox(t.db, { pod, now: now() });
    }
    expect(await selectRow(t.db, orderNo)).toMatchObject({
      state: 'failed',
      attempts: POD_OUTBOX.maxFailures,
    });
  });

  it('lets two passes at once (two processes, two connections) claim each row once', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push((await paidOrder()).orderNo);
    // recorded without a send: the custom orders and their outbox rows, as after a stopped process
    standIn.trouble('*', { kind: 'status', status: 503 }, 100);
    for (const orderNo of orders) await record(orderNo);
    await t.db.execute({ sql: 'UPDATE pod_outbox SET next_attempt_at = ?', args: [now().toISOString()] });
    standIn.calm();
    const other = await openDb({ url: `file:${join(t.dir, 'shop.db')}` });
    try {
      const [a, b] = await Promise.all([
        runPodOutbox(t.db, { pod, now: now() }),
        runPodOutbox(other, { pod, now: now() }),
      ]);
      expect(a.claimed + b.claimed).toBe(4);
      expect(a.sent + b.sent).toBe(4);
      const codes = standIn
        .submissions()
        .flatMap((r) => (JSON.parse(r.body) as PodOrderPayload).orders.map((o) => o.orderCode));
      expect(codes.sort()).toEqual([...orders].sort());
    } finally {
      other.close();
    }
  });
});

describe('print service webhook', () => {
  const SECRET = 'w'.repeat(40);
  const app = createApiApp();
  beforeAll(() => {
    process.env.POD_WEBHOOK_SECRET = SECRET;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.POD_WEBHOOK_SECRET;
    resetEnvForTests();
  });

  const post = (body: string, headers: Record<string, string>) =>
    app.request('/api/pod/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    'X-Pod-Timestamp': String(at),
    'X-Pod-Signature': signPodWebhook(SECRET, String(at), body),
  });

  it('takes a signed status: the provider status beside the production status, which follows it', async () => {
    const { orderNo } = await paidOrder();
    await record(orderNo);
    const body = JSON.stringify({ orderCode: orderNo, status: 'IN_PRODUCTION' });
    const res = await post(body, signed(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { received: true, known: true } });
    expect((await customOrdersOfOrder(t.db, orderNo))[0]).toMatchObject({
      podStatus: 'IN_PRODUCTION',
      status: 'progress',
    });
    const unknown = JSON.stringify({ orderCode: 'NOPE', status: 'SHIPPED' });
    expect(await (await post(unknown, signed(unknown))).json()).toEqual({
      data: { received: true, known: false },
    });
  });

  it('refuses a wrong, missing or stale signature with 401 and changes nothing', async () => {
    const { orderNo } = await paidOrder();
    await record(orderNo);
    const body = JSON.stringify({ orderCode: orderNo, status: 'DELIVERED' });
    const wrong = {
      ...signed(body),
      'X-Pod-Signature': signPodWebhook('x'.repeat(40), String(Math.floor(Date.now() / 1000)), body),
    };
    const tampered = signed(JSON.stringify({ orderCode: orderNo, status: 'CANCELLED' }));
    const stale = signed(body, Math.floor(Date.now() / 1000) - 301);
    for (const headers of [wrong, tampered, stale, {}]) {
      const res = await post(body, headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        '인쇄 서비스 알림의 서명을 확인하지 못했습니다.',
      );
    }
    expect((await customOrdersOfOrder(t.db, orderNo))[0]).toMatchObject({
      podStatus: 'RECEIVED',
      status: 'request',
    });
    // a signed body that is not a status is a 400
    const junk = JSON.stringify({ orderCode: orderNo, status: 'LOST' });
    expect((await post(junk, signed(junk))).status).toBe(400);
  });

  it('does not exist without POD_WEBHOOK_SECRET', async () => {
    delete process.env.POD_WEBHOOK_SECRET;
    resetEnvForTests();
    try {
      const body = JSON.stringify({ orderCode: 'X', status: 'SHIPPED' });
      expect((await post(body, signed(body))).status).toBe(404);
    } finally {
      process.env.POD_WEBHOOK_SECRET = SECRET;
      resetEnvForTests();
    }
  });
});
