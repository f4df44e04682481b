import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { updateSide } from '../../lib/design/sides.ts';
import { createPodSimulator } from '../../server/adapters/pod/simulator.ts';
import { usePodServiceForTests } from '../../server/adapters/pod/index.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { createDesign } from '../../server/design/service.ts';
import { DEMO_ACCOUNTS } from '../../server/member/seed.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp, notFoundJson, onError } from '../app.ts';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';
import { posCustomRoutes } from './pos-custom.ts';

/**
 * /api/pos/custom and custom order lines of POST /api/pos/sales. Until src/api/api/index.ts mounts
 * `posCustomRoutes` at /pos/custom, the test app mounts it in front of the whole API, with the same
 * middleware /api has.
 */
function apiWithCounterCustom() {
  const custom = new Hono();
  custom.use('*', authenticate());
  custom.use('*', csrfProtection());
  custom.route('/', posCustomRoutes);
  const app = new Hono();
  app.route('/api/pos/custom', custom);
  app.route('/', createApiApp());
  app.onError(onError);
  app.notFound(notFoundJson);
  return app;
}

let t: TestDb;
let dir: string;
let staff: Client;
let admin: Client;
let member: Client;
let memberNo: number;
let shiftNo: number;
const api = apiWithCounterCustom();
const client = () => new Client(api);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-pos-custom-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  usePodServiceForTests(createPodSimulator(async () => t.db));
  await t.db.execute(
    "UPDATE stores SET address = '(06236) 서울특별시 강남구 테헤란로 123', phone = '02-123-4567'",
  );
  staff = client();
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
  admin = client();
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  member = client();
  const joined = await member.joinAndLogin({ mobileNo: '01024681357' });
  memberNo = Number(
    (
      await t.db.execute({
        sql: 'SELECT member_no FROM members WHERE member_id = ?',
        args: [joined.memberId],
      })
    ).rows[0]?.member_no,
  );
  const opened = await staff.call('/api/pos/shifts', { body: { openingCash: 100_000 } });
  expect(opened.status, await opened.clone().text()).toBe(201);
  shiftNo = (await json(opened)).shiftNo as number;
}, 120_000);
afterAll(() => {
  usePodServiceForTests(undefined);
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

interface Option {
  optionNo: number;
  values: Record<string, string>;
  unitPrice: number;
  templateId: string;
}

async function dampenerOption(size: string): Promise<Option> {
  const { products } = await json<{ products: { productNo: number; options: Option[] }[] }>(
    await staff.call('/api/pos/custom/products'),
  );
  return products.find((p) => p.productNo === 100005)!.options.find((o) => o.values['사이즈'] === size)!;
}

/** The customer's photo, uploaded by the staff as the counter screen does (signed URL, then PUT). */
async function uploadPhoto(who: Client = staff): Promise<string> {
  const signed = await json(
    await who.call('/api/upload?fileName=photo.png&fileType=image%2Fpng&path=pos-custom&createName=true'),
  );
  const png = await sharp({ create: { width: 1800, height: 1800, channels: 3, background: '#e35' } })
    .png()
    .toBuffer();
  const put = await api.request(`http://localhost${signed.url as string}`, {
    method: 'PUT',
    body: new Uint8Array(png),
    headers: {
      'Content-Type': 'image/png',
      Cookie: who.jar.header(),
      Origin: 'http://localhost',
      'Sec-Fetch-Site': 'same-origin',
    },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return (await json(put)).url as string;
}

const key = () => randomBytes(12).toString('hex');

function saleBody(option: Option, designId: string, over: Record<string, unknown> = {}) {
  return {
    idempotencyKey: key(),
    shiftNo,
    lines: [{ optionNo: option.optionNo, qty: 1, designId }],
    payments: [{ method: 'CASH', amount: option.unitPrice, received: option.unitPrice + 10_000 }],
    customer: { name: '최손님', phone: '010-3333-4444' },
    soldAt: new Date().toISOString(),
    ...over,
  };
}

describe('roles', () => {
  it('refuses visitors (401) and members (403) on every route; staff and administrators get in', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/pos/custom/products'],
      ['POST', '/api/pos/custom/designs', { productNo: 100005, optionNo: 1, imageUrl: '/uploads/x.png' }],
      ['GET', '/api/pos/custom/designs?productNo=100005'],
      ['GET', '/api/pos/custom/orders'],
      ['GET', '/api/pos/custom/orders/1'],
      ['GET', '/api/pos/custom/orders/1/preview/front.png'],
      ['POST', '/api/pos/custom/orders/1/print-service', {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await client().call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await member.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await staff.call('/api/pos/custom/products')).status).toBe(200);
    expect((await admin.call('/api/pos/custom/orders')).status).toBe(200);
  });
});

describe('a custom order at the counter', () => {
  it('makes a design from the customer’s photo, sells it, and the order enters production (counter and back office)', async () => {
    const option = await dampenerOption('12cm');
    const imageUrl = await uploadPhoto();
    const made = await staff.call('/api/pos/custom/designs', {
      body: { productNo: 100005, optionNo: option.optionNo, imageUrl },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { design } = await json(made);
    expect(design).toMatchObject({ templateId: 'round-dampener-120', dpiWarning: null });

    const sold = await staff.call('/api/pos/sales', { body: saleBody(option, design.designId) });
    expect(sold.status, await sold.clone().text()).toBe(201);
    const { sale } = await json(sold);
    expect(sale.lines[0]).toMatchObject({ designId: design.designId, unitPrice: option.unitPrice });

    const list = await json(await staff.call(`/api/pos/custom/orders?saleNo=${sale.saleNo}`));
    expect(list.totalCount).toBe(1);
    const item = list.items[0];
    expect(item).toMatchObject({
      channel: 'store',
      saleNo: sale.saleNo,
      status: 'request',
      statusLabel: '제작 요청',
      customerName: '최손님',
      customerPhone: '01033334444',
      podOrderCode: sale.saleNo,
      sale: { storeName: '본점', saleStatus: 'PAID' },
      pickup: { ready: false, expectedYmd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string },
    });
    expect(item.document).toBeUndefined();
    expect((await json(await staff.call('/api/pos/custom/orders?phone=010-3333-4444'))).totalCount).toBe(1);

    const detail = await json(await staff.call(`/api/pos/custom/orders/${item.customOrderNo}`));
    expect(detail.events).toEqual([expect.objectContaining({ toStatus: 'request', note: '매장 결제 완료' })]);
    const preview = await staff.call(`/api/pos/custom/orders/${item.customOrderNo}/preview/front.png`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('Content-Type')).toBe('image/png');
    const synced = await staff.call(`/api/pos/custom/orders/${item.customOrderNo}/print-service`, {
      body: {},
    });
    expect(synced.status, await synced.clone().text()).toBe(200);
    expect(await json(synced)).toMatchObject({ podStatus: 'RECEIVED' });

    // the back office's production workflow sees it as a counter order
    const office = await json(await admin.call('/api/custom/orders?salesChannel=store&pageSize=100'));
    expect(
      office.data.items.find((i: { customOrderNo: number }) => i.customOrderNo === item.customOrderNo),
    ).toMatchObject({
      salesChannel: 'store',
      orderNo: sale.saleNo,
      ordererName: '최손님',
      orderStatus: 'PAID',
    });
    const moved = await admin.call(`/api/custom/orders/${item.customOrderNo}/status`, {
      method: 'PATCH',
      body: { status: 'design_complete' },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await json(moved)).data.printFiles.front).toMatch(/300dpi\.png$/);
    expect((await json(await staff.call(`/api/pos/custom/orders/${item.customOrderNo}`))).status).toBe(
      'design_complete',
    );
  });

  it('sells a found member’s saved design with the member’s contact, and refuses it without the member', async () => {
    const option = await dampenerOption('10cm');
    const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) =>
      addNode(s, newTextNode('round-dampener-100', { text: '우리 가게', fontFamily: 'jua' })),
    );
    const saved = await createDesign(
      t.db,
      { member: { memberNo, memberId: null, isAdmin: false }, guestToken: null },
      { productNo: 100005, design: doc, name: '가게 로고' },
    );
    const found = await json(await staff.call('/api/pos/members?phone=010-2468-1357'));
    expect(found.members[0].memberNo).toBe(memberNo);
    const choices = await json(
      await staff.call(`/api/pos/custom/designs?productNo=100005&memberNo=${memberNo}`),
    );
    expect(choices.member).toEqual([
      expect.objectContaining({ designId: saved.designId, name: '가게 로고' }),
    ]);

    const without = await staff.call('/api/pos/sales', { body: saleBody(option, saved.designId) });
    expect(without.status).toBe(400);
    expect(await json(without)).toMatchObject({
      code: 'DESIGN_NOT_ORDERABLE',
      message: '이 매장에서 만든 디자인이나 찾은 회원이 저장한 디자인만 주문할 수 있습니다.',
      fields: [{ path: 'lines.0.designId' }],
    });
    const other = await dampenerOption('12cm');
    const wrongSize = await staff.call('/api/pos/sales', {
      body: saleBody(other, saved.designId, { memberNo }),
    });
    expect(wrongSize.status).toBe(400);
    expect((await json(wrongSize)).message).toContain('이 옵션(원형 방진패드 지름 12cm)에 쓸 수 없습니다');

    const sold = await staff.call('/api/pos/sales', {
      body: saleBody(option, saved.designId, { memberNo, customer: undefined }),
    });
    expect(sold.status, await sold.clone().text()).toBe(201);
    const { sale } = await json(sold);
    const list = await json(await staff.call(`/api/pos/custom/orders?saleNo=${sale.saleNo}`));
    expect(list.items[0]).toMatchObject({ customerPhone: '01024681357', designId: saved.designId });
  });

  it('answers 400 with the field’s Korean message, and 404 for what this store does not have', async () => {
    const option = await dampenerOption('10cm');
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/pos/custom/designs',
        { productNo: 100005, optionNo: option.optionNo },
        '고객 이미지를 올려 주세요.',
      ],
      [
        'POST',
        '/api/pos/custom/designs',
        { productNo: 100005, optionNo: option.optionNo, imageUrl: '/uploads/a.png', fit: 'stretch' },
        '이미지 배치(가득 채우기 또는 여백 두기)를 골라 주세요.',
      ],
      ['POST', '/api/pos/custom/designs', { optionNo: 1, imageUrl: '/uploads/a.png' }, '상품을 골라 주세요.'],
      ['GET', '/api/pos/custom/designs', undefined, '상품을 골라 주세요.'],
      [
        'GET',
        '/api/pos/custom/orders?phone=123',
        undefined,
        '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.',
      ],
      [
        'GET',
        '/api/pos/custom/orders?saleNo=abc',
        undefined,
        '매장 판매 번호를 P20261125-0001처럼 입력해 주세요.',
      ],
      ['GET', '/api/pos/custom/orders/abc', undefined, '제작 주문 번호를 확인해 주세요.'],
      ['GET', '/api/pos/custom/orders/1/preview/side.png', undefined, '미리보기 면을 확인해 주세요.'],
      [
        'POST',
        '/api/pos/sales',
        saleBody(option, 'not-a-design'),
        '디자인 번호(designId)가 올바르지 않습니다.',
      ],
      [
        'POST',
        '/api/pos/sales',
        saleBody(option, 'AAAAAAAAAAAAAAAAAAAAAA', { customer: undefined }),
        '커스텀 주문을 찾아가실 분의 이름과 휴대폰 번호를 입력해 주세요.',
      ],
      [
        'POST',
        '/api/pos/sales',
        saleBody(option, 'AAAAAAAAAAAAAAAAAAAAAA', { customer: { name: '김', phone: '12' } }),
        '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.',
      ],
      [
        'POST',
        '/api/pos/sales',
        saleBody(option, 'AAAAAAAAAAAAAAAAAAAAAA', { offline: true }),
        '커스텀 주문은 연결된 상태에서만 받을 수 있습니다.',
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await staff.call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect((await json(res)).message, `${method} ${path}`).toBe(message);
    }
    // an image from someone else's folder
    const foreign = await uploadPhoto(member);
    const refused = await staff.call('/api/pos/custom/designs', {
      body: { productNo: 100005, optionNo: option.optionNo, imageUrl: foreign },
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe(
      '이 화면에서 올린 고객 이미지만 쓸 수 있습니다. 이미지를 다시 올려 주세요.',
    );

    const unknownMember = await staff.call('/api/pos/custom/designs?productNo=100005&memberNo=999999');
    expect(unknownMember.status).toBe(404);
    expect((await staff.call('/api/pos/custom/orders/999999')).status).toBe(404);
    // a web custom order is not the counter's
    await t.db.execute(
      "INSERT INTO stores (store_no, store_name, created_at) VALUES (9, '다른 매장', '2026-01-01T00:00:00Z')",
    );
    const mine = (await json(await staff.call('/api/pos/custom/orders'))).items[0];
    await t.db.execute({
      sql: 'UPDATE staff_accounts SET store_no = 9 WHERE member_no = (SELECT member_no FROM members WHERE member_id = ?)',
      args: [DEMO_ACCOUNTS.staff.memberId],
    });
    try {
      expect((await staff.call(`/api/pos/custom/orders/${mine.customOrderNo}`)).status).toBe(404);
      expect((await json(await staff.call('/api/pos/custom/orders'))).totalCount).toBe(0);
    } finally {
      await t.db.execute({
        sql: 'UPDATE staff_accounts SET store_no = NULL WHERE member_no = (SELECT member_no FROM members WHERE member_id = ?)',
        args: [DEMO_ACCOUNTS.staff.memberId],
      });
    }
  });
});
