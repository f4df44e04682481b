import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { designAreas } from '../../lib/design/geometry.ts';
import { template } from '../../lib/design/templates.ts';
import { updateSide } from '../../lib/design/sides.ts';
import { createPodSimulator } from '../adapters/pod/simulator.ts';
import { usePodServiceForTests, type PodPort } from '../adapters/pod/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { DEMO_ACCOUNTS } from '../member/seed.ts';
import { cashierOf, openShift, recordSale, refundSale, type Cashier, type SaleBody } from '../pos/index.ts';
import { AppError } from '../platform/errors.ts';
import { createLocalStorage } from '../storage/local.ts';
import { ownerFolder, storage, useStorageForTests } from '../storage/index.ts';
import { customOrderDetail } from './admin.ts';
import {
  checkCounterDesignLines,
  counterCustomProducts,
  createCounterDesign,
  savedDesignsForCounter,
  type CounterCustomProduct,
} from './counter-designs.ts';
import {
  addWorkingDays,
  counterCustomOrderDetail,
  listCounterCustomOrders,
  pickupGuide,
} from './counter-orders.ts';
import { changeCustomOrderStatus, customOrdersOfOrder, listCustomOrders } from './custom-orders.ts';
import { retryCustomOrders, syncPodStatus } from './pod.ts';
import { createDesign } from './service.ts';

let t: TestDb;
let dir: string;
let clock = Date.now();
const now = () => new Date(clock);
let simulator: PodPort;
let cashier: Cashier;
let shiftNo: number;
let member: Shopper;
let dampener: CounterCustomProduct;
const STORE_ADDRESS = '(06236) 서울특별시 강남구 테헤란로 123, 1층';

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-counter-orders-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  simulator = createPodSimulator(async () => t.db, { stepMs: 60_000, tokenTtlSeconds: 3600, now });
  usePodServiceForTests(simulator);
  const staff = await t.db.execute({
    sql: 'SELECT member_no, member_name FROM members WHERE member_id = ?',
    args: [DEMO_ACCOUNTS.staff.memberId],
  });
  cashier = await cashierOf(t.db, {
    memberNo: Number(staff.rows[0]!.member_no),
    memberName: String(staff.rows[0]!.member_name),
    isAdmin: false,
  });
  shiftNo = (await openShift(t.db, cashier, 50_000)).shiftNo;
  member = await createShopper(t.db, '김고객');
  dampener = (await counterCustomProducts(t.db)).find((p) => p.productNo === 100005)!;
}, 120_000);
beforeEach(async () => {
  await t.db.execute({
    sql: 'UPDATE stores SET address = ?, phone = ? WHERE store_no = 1',
    args: [STORE_ADDRESS, '02-123-4567'],
  });
});
afterAll(() => {
  usePodServiceForTests(undefined);
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

/** A photo the staff uploaded into their own folder (as GET /api/upload + PUT leave it). */
async function staffImage(
  width = 1600,
  height = 1200,
  folder = ownerFolder({ kind: 'member', memberNo: cashier.memberNo }),
) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const key = `${folder}/pos-custom/${randomBytes(6).toString('hex')}.png`;
  await storage().put(key, new Uint8Array(png), 'image/png');
  return storage().publicUrl(key);
}

const option = (values: Record<string, string>) =>
  dampener.options.find((o) => Object.entries(values).every(([k, v]) => o.values[k] === v))!;

function sale(over: Partial<SaleBody> & Pick<SaleBody, 'lines' | 'payments'>): SaleBody {
  return {
    idempotencyKey: randomBytes(12).toString('hex'),
    shiftNo,
    memberNo: null,
    usePoints: 0,
    coupons: [],
    cashReceipt: null,
    soldAt: now().toISOString(),
    offline: false,
    ...over,
  };
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the counter’s customisable products', () => {
  it('lists the catalogue’s customisable products on sale, each option with its template and counter price', async () => {
    const products = await counterCustomProducts(t.db);
    expect(products.map((p) => p.productNo)).toEqual(expect.arrayContaining([100005, 100006]));
    expect(dampener).toMatchObject({ kind: 'dampener', sizeLabel: '사이즈', materialLabel: '재질' });
    const small = option({ 사이즈: '10cm', 재질: '고무' });
    const large = option({ 사이즈: '12cm', 재질: '실리콘' });
    expect(small).toMatchObject({ templateId: 'round-dampener-100', material: '고무' });
    expect(large).toMatchObject({ templateId: 'round-dampener-120', material: '실리콘' });
    expect(large.unitPrice - small.unitPrice).toBeGreaterThanOrEqual(5000);
  });
});

describe('a design from the customer’s image', () => {
  it('fills the print area of the option’s template with the image, sized from the stored file', async () => {
    const o = option({ 사이즈: '12cm', 재질: '실리콘' });
    const design = await createCounterDesign(
      t.db,
      { storeNo: 1, staffMemberNo: cashier.memberNo },
      { productNo: 100005, optionNo: o.optionNo, imageUrl: await staffImage(3000, 2000), fit: 'cover' },
    );
    expect(design).toMatchObject({ templateId: 'round-dampener-120', material: '실리콘', dpiWarning: null });
    const row = await t.db.execute({
      sql: 'SELECT * FROM designs WHERE design_id = ?',
      args: [design.designId],
    });
    expect(row.rows[0]).toMatchObject({
      store_no: 1,
      member_no: null,
      guest_token_hash: null,
      sales_channel: 'brand',
    });
    const doc = JSON.parse(String(row.rows[0]!.document));
    const node = doc.sides.front.nodes[0];
    const { print } = designAreas(template('round-dampener-120'));
    expect(node).toMatchObject({
      type: 'image',
      naturalWidth: 3000,
      naturalHeight: 2000,
      x: print.width / 2,
    });
    expect(node.height).toBeCloseTo(print.height);
    expect(node.width).toBeGreaterThan(print.width);
    expect(doc.frontBackSame).toBe(true);
    expect(await storage().get(storage().keyOfUrl(design.previewUrl!)!)).not.toBeNull();

    const small = await createCounterDesign(
      t.db,
      { storeNo: 1, staffMemberNo: cashier.memberNo },
      { productNo: 100005, optionNo: o.optionNo, imageUrl: await staffImage(200, 200), fit: 'contain' },
    );
    expect(small.dpiWarning).toContain('해상도가 낮아');
  });

  it('refuses an image outside the staff member’s folder, an option of another product and a plain product', async () => {
    const o = option({ 사이즈: '10cm' });
    const designer = { storeNo: 1, staffMemberNo: cashier.memberNo };
    const foreign = await staffImage(800, 800, ownerFolder({ kind: 'member', memberNo: member.memberNo }));
    const e1 = await failure(
      createCounterDesign(t.db, designer, {
        productNo: 100005,
        optionNo: o.optionNo,
        imageUrl: foreign,
        fit: 'cover',
      }),
    );
    expect(e1.code).toBe('DESIGN_IMAGE_FORBIDDEN');
    expect(e1.fields?.[0]).toMatchObject({ path: 'imageUrl' });
    const other = (await counterCustomProducts(t.db)).find((p) => p.productNo === 100006)!.options[0]!;
    const e2 = await failure(
      createCounterDesign(t.db, designer, {
        productNo: 100005,
        optionNo: other.optionNo,
        imageUrl: await staffImage(),
        fit: 'cover',
      }),
    );
    expect(e2.fields?.[0]).toMatchObject({ path: 'optionNo', message: '상품의 옵션을 골라 주세요.' });
    const e3 = await failure(
      createCounterDesign(t.db, designer, {
        productNo: 100001,
        optionNo: 1,
        imageUrl: await staffImage(),
        fit: 'cover',
      }),
    );
    expect(e3.code).toBe('DESIGN_PRODUCT_INVALID');
  });
});

describe('design lines of a counter sale', () => {
  it('accepts this store’s designs, the found member’s and the staff’s own, for the option’s template only', async () => {
    const ten = option({ 사이즈: '10cm' });
    const twelve = option({ 사이즈: '12cm' });
    const designer = { storeNo: 1, staffMemberNo: cashier.memberNo };
    const here = await createCounterDesign(t.db, designer, {
      productNo: 100005,
      optionNo: ten.optionNo,
      imageUrl: await staffImage(),
      fit: 'cover',
    });
    const elsewhere = await createCounterDesign(
      t.db,
      { ...designer, storeNo: 2 },
      {
        productNo: 100005,
        optionNo: ten.optionNo,
        imageUrl: await staffImage(),
        fit: 'cover',
      },
    ).catch(async (err: unknown) => {
      // store 2 may not exist in this shop: make one for the test
      if (!(err instanceof Error) || !/FOREIGN KEY/.test(err.message)) throw err;
      await t.db.execute("INSERT INTO stores (store_no, store_name, created_at) VALUES (2, '2호점', 'x')");
      return createCounterDesign(
        t.db,
        { ...designer, storeNo: 2 },
        {
          productNo: 100005,
          optionNo: ten.optionNo,
          imageUrl: await staffImage(),
          fit: 'cover',
        },
      );
    });
    const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
      addNode(s, newTextNode('round-dampener-100', { text: '우리집', fontFamily: 'jua' })),
    );
    const mine = await createDesign(
      t.db,
      { member: { memberNo: member.memberNo, memberId: null, isAdmin: false }, guestToken: null },
      { productNo: 100005, design: doc },
    );
    const staffs = await createDesign(
      t.db,
      { member: { memberNo: cashier.memberNo, memberId: null, isAdmin: false }, guestToken: null },
      { productNo: 100005, design: doc },
    );
    const line = (index: number, designId: string, optionNo = ten.optionNo, productNo = 100005) => ({
      index,
      designId,
      productNo,
      optionNo,
    });
    const owner = { storeNo: 1, staffMemberNo: cashier.memberNo, memberNo: member.memberNo };
    await checkCounterDesignLines(t.db, owner, [
      line(0, here.designId),
      line(1, mine.designId),
      line(2, staffs.designId),
    ]);

    const problems = await failure(
      checkCounterDesignLines(t.db, { ...owner, memberNo: null }, [
        line(0, elsewhere.designId),
        line(1, mine.designId),
        line(2, here.designId, twelve.optionNo),
        line(3, 'ZZZZZZZZZZZZZZZZZZZZZZ'),
        line(4, here.designId, ten.optionNo, 100006),
      ]),
    );
    expect(problems.status).toBe(400);
    expect(problems.fields).toEqual([
      {
        path: 'lines.0.designId',
        message: '이 매장에서 만든 디자인이나 찾은 회원이 저장한 디자인만 주문할 수 있습니다.',
      },
      {
        path: 'lines.1.designId',
        message: '이 매장에서 만든 디자인이나 찾은 회원이 저장한 디자인만 주문할 수 있습니다.',
      },
      {
        path: 'lines.2.designId',
        message: `'${here.name}' 디자인은 원형 방진패드 지름 10cm용이라 이 옵션(원형 방진패드 지름 12cm)에 쓸 수 없습니다.`,
      },
      { path: 'lines.3.designId', message: '디자인을 찾을 수 없습니다. 디자인을 다시 골라 주세요.' },
      { path: 'lines.4.designId', message: `'${here.name}' 디자인은 다른 상품의 디자인입니다.` },
    ]);
  });

  it('sells a saved design with the option it was saved with, and never with the placeholder text', async () => {
    const white = option({ 색상: '화이트', 사이즈: '12cm', 두께: '3cm', 재질: '실리콘' });
    const black = option({ 색상: '블랙', 사이즈: '12cm', 두께: '2cm', 재질: '실리콘' });
    const actor = { member: { memberNo: member.memberNo, memberId: null, isAdmin: false }, guestToken: null };
    const withText = (text: string) =>
      updateSide(newDesign('round-dampener-120'), 'front', (s) =>
        addNode(s, newTextNode('round-dampener-120', { text, fontFamily: 'jua' })),
      );
    const saved = await createDesign(t.db, actor, {
      productNo: 100005,
      optionNo: white.optionNo,
      name: '흰 패드',
      design: withText('우리집'),
    });
    const placeholder = await createDesign(t.db, actor, {
      productNo: 100005,
      optionNo: white.optionNo,
      name: '덜 된 패드',
      design: withText('문구를 입력하세요'),
    });
    // the counter's list says which option each design is sold with
    const listed = await savedDesignsForCounter(t.db, member.memberNo, 100005);
    expect(listed.find((d) => d.designId === saved.designId)?.optionNo).toBe(white.optionNo);

    const owner = { storeNo: 1, staffMemberNo: cashier.memberNo, memberNo: member.memberNo };
    const line = (index: number, designId: string, optionNo: number) => ({
      index,
      designId,
      productNo: 100005,
      optionNo,
    });
    await checkCounterDesignLines(t.db, owner, [line(0, saved.designId, white.optionNo)]);
    const problems = await failure(
      checkCounterDesignLines(t.db, owner, [
        line(0, saved.designId, black.optionNo),
        line(1, placeholder.designId, white.optionNo),
      ]),
    );
    expect(problems.fields).toEqual([
      {
        path: 'lines.0.designId',
        message:
          "'흰 패드' 디자인은 '색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘' 옵션으로 저장되었습니다. 그 옵션으로 주문해 주세요.",
      },
      {
        path: 'lines.1.designId',
        message:
          "'덜 된 패드' 디자인에 기본 문구 '문구를 입력하세요'가 남아 있습니다. 문구를 바꾼 뒤 주문해 주세요.",
      },
    ]);
  });
});

describe('a counter sale with a design line', () => {
  async function designFor(values: Record<string, string>) {
    const o = option(values);
    const design = await createCounterDesign(
      t.db,
      { storeNo: 1, staffMemberNo: cashier.memberNo },
      { productNo: 100005, optionNo: o.optionNo, imageUrl: await staffImage(), fit: 'cover' },
    );
    return { o, design };
  }

  it('records the custom order with the sale, sends it to the print service for the store, and the back office lists it as 매장', async () => {
    const { o, design } = await designFor({ 사이즈: '12cm', 재질: '실리콘' });
    const body = sale({
      lines: [{ optionNo: o.optionNo, qty: 2, designId: design.designId }],
      payments: [{ method: 'CARD', amount: o.unitPrice * 2 }],
      customer: { name: '박손님', phone: '01055556666' },
    });
    const { sale: recorded } = await recordSale(t.db, body, cashier);
    expect(recorded.lines[0]).toMatchObject({ designId: design.designId, qty: 2 });

    const [custom] = await customOrdersOfOrder(t.db, recorded.saleNo);
    expect(custom).toMatchObject({
      channel: 'store',
      orderNo: recorded.saleNo,
      orderOptionNo: null,
      saleNo: recorded.saleNo,
      saleLineNo: recorded.lines[0]!.lineNo,
      designId: design.designId,
      quantity: 2,
      unitPrice: o.unitPrice,
      status: 'request',
      customerName: '박손님',
      customerPhone: '01055556666',
      podOrderCode: recorded.saleNo,
      podStatus: 'RECEIVED',
      podError: null,
    });
    const sent = await t.db.execute({
      sql: 'SELECT payload FROM pod_simulator_orders WHERE order_code = ?',
      args: [recorded.saleNo],
    });
    expect(JSON.parse(String(sent.rows[0]!.payload))).toEqual({
      orderCode: recorded.saleNo,
      storeCustomerId: 'store-1',
      shippingAddress: {
        address: '서울특별시 강남구 테헤란로 123, 1층',
        addressDetail: '본점 매장 수령',
        nationCode: 'KR',
        phoneNumber: '01055556666',
        postcode: '06236',
        recipient: '박손님',
      },
      orderEntries: [{ projectId: design.designId, quantity: 2, productSellPrice: o.unitPrice }],
    });

    // sent again with the same key: the same sale, no second custom order
    const again = await recordSale(t.db, body, cashier);
    expect(again.replay).toBe(true);
    expect(await customOrdersOfOrder(t.db, recorded.saleNo)).toHaveLength(1);

    // the back office: channel 매장, the customer and the sale line
    const stores = await listCustomOrders(t.db, { salesChannel: 'store', pageNumber: 1, pageSize: 50 });
    expect(stores.items.find((i) => i.customOrderNo === custom!.customOrderNo)).toMatchObject({
      salesChannel: 'store',
      orderNo: recorded.saleNo,
      ordererName: '박손님',
      orderStatus: 'PAID',
      productName: expect.stringContaining('커스텀 원형 방진패드') as string,
      optionValue: o.label,
    });
    const web = await listCustomOrders(t.db, { salesChannel: 'brand', pageNumber: 1, pageSize: 50 });
    expect(web.items.some((i) => i.customOrderNo === custom!.customOrderNo)).toBe(false);
    const detail = (await customOrderDetail(t.db, custom!.customOrderNo))!;
    expect(detail.order).toBeNull();
    expect(detail.design?.salesChannel).toBe('store');
    expect(detail.counter).toMatchObject({
      customerName: '박손님',
      customerPhone: '01055556666',
      sale: {
        saleNo: recorded.saleNo,
        storeName: '본점',
        storeAddress: STORE_ADDRESS,
        paymentMethods: ['CARD'],
      },
      pickup: { ready: false },
    });

    // the print service's progress moves it along like a web order
    clock += 60_000;
    expect(await syncPodStatus(t.db, recorded.saleNo)).toBe('IN_PRODUCTION');
    clock += 120_000;
    expect(await syncPodStatus(t.db, recorded.saleNo)).toBe('DELIVERED');
    const done = (await counterCustomOrderDetail(t.db, 1, custom!.customOrderNo))!;
    expect(done).toMatchObject({ status: 'completion', podStatus: 'DELIVERED', pickup: { ready: true } });
    expect(done.events.map((e) => e.toStatus)).toEqual(['request', 'progress', 'completion']);
    expect(await counterCustomOrderDetail(t.db, 2, custom!.customOrderNo)).toBeNull();
  });

  it('a custom line refunded to its last unit stops its production and the print service’s entry; a part refund does not', async () => {
    const a = await designFor({ 사이즈: '12cm', 재질: '실리콘' });
    const b = await designFor({ 사이즈: '12cm', 재질: '실리콘' });
    const { sale: s } = await recordSale(
      t.db,
      sale({
        lines: [
          { optionNo: a.o.optionNo, qty: 1, designId: a.design.designId },
          { optionNo: b.o.optionNo, qty: 2, designId: b.design.designId },
        ],
        payments: [{ method: 'CASH', amount: a.o.unitPrice * 3, received: a.o.unitPrice * 3 }],
        customer: { name: '환불손님', phone: '01077778888' },
      }),
      cashier,
    );
    const [lineA, lineB] = s.lines;
    const customOf = async (designId: string) =>
      (await customOrdersOfOrder(t.db, s.saleNo)).find((c) => c.designId === designId)!;
    const simulated = async () => {
      const rs = await t.db.execute({
        sql: 'SELECT cancelled_entries, cancelled_at FROM pod_simulator_orders WHERE order_code = ?',
        args: [s.saleNo],
      });
      return {
        entries: JSON.parse(String(rs.rows[0]!.cancelled_entries)) as string[],
        cancelledAt: rs.rows[0]!.cancelled_at,
      };
    };

    const r1 = await refundSale(
      t.db,
      s.saleNo,
      { lines: [{ lineNo: lineA!.lineNo, qty: 1 }], reason: '고객 변심' },
      cashier,
    );
    const stoppedA = await customOf(a.design.designId);
    expect(r1.productionStopped).toEqual([stoppedA.customOrderNo]);
    expect(stoppedA).toMatchObject({ status: 'request', podError: null });
    expect(stoppedA.cancelledAt).not.toBeNull();
    expect(stoppedA.cancelReason).toContain('고객 변심');
    expect(await simulated()).toEqual({ entries: [a.design.designId], cancelledAt: null });
    await expect(
      changeCustomOrderStatus(t.db, stoppedA.customOrderNo, 'design_complete', { actorMemberNo: 1 }),
    ).rejects.toMatchObject({ code: 'CUSTOM_ORDER_CANCELLED', status: 409 });
    const detail = (await counterCustomOrderDetail(t.db, 1, stoppedA.customOrderNo))!;
    expect(detail.pickup.message).toContain('제작을 멈췄습니다');
    expect(detail.events.at(-1)?.note).toContain('환불로 제작 취소');

    // one of line B's two units: still made
    const r2 = await refundSale(
      t.db,
      s.saleNo,
      { lines: [{ lineNo: lineB!.lineNo, qty: 1 }], reason: '1개만' },
      cashier,
    );
    expect(r2.productionStopped).toEqual([]);
    expect((await customOf(b.design.designId)).cancelledAt).toBeNull();
    // … its last unit: stopped, and the print service's whole order with it
    const r3 = await refundSale(
      t.db,
      s.saleNo,
      { lines: [{ lineNo: lineB!.lineNo, qty: 1 }], reason: '나머지' },
      cashier,
    );
    expect(r3.productionStopped).toHaveLength(1);
    expect((await simulated()).cancelledAt).not.toBeNull();
    // the print service's progress never moves a stopped order
    clock += 300_000;
    await syncPodStatus(t.db, s.saleNo);
    expect((await customOf(b.design.designId)).status).toBe('request');
  });

  it('a custom line refunded after its order shipped is not stopped; the print service’s refusal is noted', async () => {
    const a = await designFor({ 사이즈: '12cm', 재질: '실리콘' });
    const b = await designFor({ 사이즈: '12cm', 재질: '실리콘' });
    const { sale: s } = await recordSale(
      t.db,
      sale({
        lines: [
          { optionNo: a.o.optionNo, qty: 1, designId: a.design.designId },
          { optionNo: b.o.optionNo, qty: 1, designId: b.design.designId },
        ],
        payments: [{ method: 'CASH', amount: a.o.unitPrice * 2, received: a.o.unitPrice * 2 }],
        customer: { name: '발송손님', phone: '01077779999' },
      }),
      cashier,
    );
    // the print service has shipped (SHIPPED after two steps) but Podo has not synced yet
    clock += 150_000;
    const r = await refundSale(
      t.db,
      s.saleNo,
      { lines: [{ lineNo: s.lines[0]!.lineNo, qty: 1 }], reason: '늦은 환불' },
      cashier,
    );
    expect(r.productionStopped).toHaveLength(1);
    const row = (await customOrdersOfOrder(t.db, s.saleNo)).find((c) => c.designId === a.design.designId)!;
    expect(row.podError).toContain('인쇄 서비스가 취소를 받지 않았습니다');
    // once synced, the other line is completed; refunding it then stops nothing
    await syncPodStatus(t.db, s.saleNo);
    const other = (await customOrdersOfOrder(t.db, s.saleNo)).find((c) => c.designId === b.design.designId)!;
    expect(other.status).toBe('completion');
    const late = await refundSale(
      t.db,
      s.saleNo,
      { lines: [{ lineNo: s.lines[1]!.lineNo, qty: 1 }], reason: '받고 환불' },
      cashier,
    );
    expect(late.productionStopped).toEqual([]);
    const detail = (await counterCustomOrderDetail(t.db, 1, other.customOrderNo))!;
    expect(detail.pickup.message).toBe('제작이 끝난 뒤 환불된 주문입니다.');
  });

  it('takes a found member’s name and phone when none is typed, and lists the store’s orders by phone or sale', async () => {
    const { o, design } = await designFor({ 사이즈: '10cm', 재질: '고무' });
    const { sale: recorded } = await recordSale(
      t.db,
      sale({
        memberNo: member.memberNo,
        lines: [{ optionNo: o.optionNo, qty: 1, designId: design.designId }],
        payments: [{ method: 'CASH', amount: o.unitPrice, received: o.unitPrice }],
      }),
      cashier,
    );
    const [custom] = await customOrdersOfOrder(t.db, recorded.saleNo);
    const phone = String(
      (
        await t.db.execute({
          sql: 'SELECT mobile_no FROM members WHERE member_no = ?',
          args: [member.memberNo],
        })
      ).rows[0]?.mobile_no,
    );
    expect(custom).toMatchObject({ customerName: '김고객', customerPhone: phone });
    const byPhone = await listCounterCustomOrders(t.db, 1, { phone, pageNumber: 1, pageSize: 20 });
    expect(byPhone.items.map((i) => i.saleNo)).toEqual([recorded.saleNo]);
    expect(byPhone.items[0]).toMatchObject({ statusLabel: '제작 요청', sale: { memberNo: member.memberNo } });
    const bySale = await listCounterCustomOrders(t.db, 1, {
      saleNo: recorded.saleNo,
      pageNumber: 1,
      pageSize: 20,
    });
    expect(bySale.totalCount).toBe(1);
    expect(
      (await listCounterCustomOrders(t.db, 2, { saleNo: recorded.saleNo, pageNumber: 1, pageSize: 20 }))
        .totalCount,
    ).toBe(0);
  });

  it('keeps a sale the print service cannot take yet (the store has no postcode) and sends it once the address is fixed', async () => {
    await t.db.execute("UPDATE stores SET address = '서울특별시 강남구 테헤란로 123' WHERE store_no = 1");
    const { o, design } = await designFor({ 사이즈: '10cm' });
    const { sale: recorded } = await recordSale(
      t.db,
      sale({
        lines: [{ optionNo: o.optionNo, qty: 1, designId: design.designId }],
        payments: [{ method: 'CARD', amount: o.unitPrice }],
        customer: { name: '이손님', phone: '01077778888' },
      }),
      cashier,
    );
    const [pending] = await customOrdersOfOrder(t.db, recorded.saleNo);
    expect(pending).toMatchObject({ podSentAt: null, podAttempts: 1 });
    expect(pending!.podError).toContain('우편번호가 없어');

    await t.db.execute({ sql: 'UPDATE stores SET address = ? WHERE store_no = 1', args: [STORE_ADDRESS] });
    const pass = await retryCustomOrders(t.db, { pod: simulator, now: now() });
    expect(pass.accepted).toBeGreaterThanOrEqual(1);
    const [sent] = await customOrdersOfOrder(t.db, recorded.saleNo);
    expect(sent).toMatchObject({ podOrderCode: recorded.saleNo, podError: null });
  });

  it('refuses a design line without anyone to pick it up, and records nothing', async () => {
    const { o, design } = await designFor({ 사이즈: '10cm' });
    const before = await t.db.execute('SELECT COUNT(*) AS n FROM pos_sales');
    // the route's schema asks for it; the workflow holds the same line without a member
    const err = await failure(
      recordSale(
        t.db,
        sale({
          lines: [{ optionNo: o.optionNo, qty: 1, designId: design.designId }],
          payments: [{ method: 'CARD', amount: o.unitPrice }],
        }),
        cashier,
      ),
    );
    expect(err.fields?.[0]).toMatchObject({ path: 'customer' });
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM pos_sales')).rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('pickup guidance', () => {
  it('counts working days in Seoul and says when the order is ready', () => {
    // Friday 2026-11-27 15:00 KST + 5 working days → Friday 2026-12-04
    expect(addWorkingDays(new Date('2026-11-27T06:00:00Z'), 5)).toBe('2026-12-04');
    // Saturday 00:30 KST (still Friday in UTC) counts from Saturday
    expect(addWorkingDays(new Date('2026-11-27T15:30:00Z'), 1)).toBe('2026-11-30');
    const at = '2026-11-27T06:00:00Z';
    const none = { cancelledAt: null };
    expect(pickupGuide({ ...none, status: 'request', podStatus: 'RECEIVED', createdAt: at })).toMatchObject({
      ready: false,
      expectedYmd: '2026-12-04',
    });
    expect(
      pickupGuide({ ...none, status: 'completion', podStatus: 'DELIVERED', createdAt: at }),
    ).toMatchObject({
      ready: true,
      expectedYmd: null,
    });
    expect(pickupGuide({ ...none, status: 'completion', podStatus: null, createdAt: at }, true).message).toBe(
      '제작이 끝난 뒤 환불된 주문입니다.',
    );
    expect(
      pickupGuide({ status: 'request', podStatus: 'RECEIVED', createdAt: at, cancelledAt: at }, true).message,
    ).toContain('제작을 멈췄습니다');
  });
});
