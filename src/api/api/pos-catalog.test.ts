import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createApiApp, notFoundJson, onError } from '../app.ts';
import { authenticate } from '../middleware/auth.ts';
import { csrfProtection } from '../middleware/csrf.ts';
import { posCatalogRoutes } from './pos-catalog.ts';

/**
 * The whole API with the counter's catalogue routes at /api/pos/catalog: the app itself once
 * src/api/api/index.ts mounts them, until then the shop API beside them mounted here the same way.
 */
function api() {
  const app = createApiApp();
  if (app.routes.some((r) => r.path.startsWith('/api/pos/catalog'))) return app;
  const own = new Hono();
  own.use('*', authenticate());
  own.use('*', csrfProtection());
  own.route('/pos/catalog', posCatalogRoutes);
  const test = new Hono();
  test.route('/api', own);
  test.route('/', app);
  test.onError(onError);
  test.notFound(notFoundJson);
  return test as unknown as ReturnType<typeof createApiApp>;
}

let t: TestDb;
let staff: Client;
const app = api();
const BASE = '/api/pos/catalog';
const VALID = '8801234567893';

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  staff = new Client(app);
  expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
});
afterEach(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
const stockOf = async (optionNo: number) =>
  Number(
    (
      await t.db.execute({
        sql: 'SELECT stock_cnt FROM product_options WHERE option_no = ?',
        args: [optionNo],
      })
    ).rows[0]?.stock_cnt,
  );
async function expectError(res: Response, status: number, message: string | RegExp) {
  const body = await json(res.clone());
  expect(res.status, JSON.stringify(body)).toBe(status);
  if (typeof message === 'string') expect(body.message).toContain(message);
  else expect(body.message).toMatch(message);
  return body;
}

function newProduct(overrides: Record<string, unknown> = {}) {
  return {
    productName: '매장 등록 코스터',
    partnerNo: 1,
    deliveryTemplateNo: 100,
    categoryNos: [529105],
    salePrice: 12900,
    saleStatus: 'ONSALE',
    options: {
      dimensions: [{ label: '색상', values: ['초록', '노랑'] }],
      rows: [
        { values: ['초록'], addPrice: 0, stock: 4, barcode: VALID },
        { values: ['노랑'], addPrice: 0, stock: 2 },
      ],
    },
    ...overrides,
  };
}

describe('roles', () => {
  it('refuses visitors (401) and members (403) on every route; staff and administrators pass', async () => {
    const member = new Client(app);
    await member.joinAndLogin();
    const batch = { batchKey: 'R-test-0001', lines: [{ optionNo: 1011, quantity: 1 }] };
    const routes: [string, string, unknown?][] = [
      ['GET', `${BASE}/products`],
      ['GET', `${BASE}/form-options`],
      ['POST', `${BASE}/products`, newProduct()],
      ['GET', `${BASE}/products/101`],
      ['PUT', `${BASE}/products/101`, { version: 1, product: newProduct() }],
      ['GET', `${BASE}/products/101/stock-ledger`],
      ['POST', `${BASE}/products/101/in-house-barcodes`, {}],
      ['GET', `${BASE}/options?q=매트`],
      ['GET', `${BASE}/options/1011`],
      ['GET', `${BASE}/barcode?code=${VALID}`],
      ['PUT', `${BASE}/options/1011/barcode`, { barcode: VALID }],
      ['POST', `${BASE}/options/1011/barcode/in-house`, {}],
      ['GET', `${BASE}/stock/low`],
      ['POST', `${BASE}/stock/receive`, batch],
      ['POST', `${BASE}/stock/count`, { ...batch, lines: [{ optionNo: 1011, counted: 1, systemStock: 10 }] }],
    ];
    for (const [method, path, body] of routes) {
      expect((await new Client(app).call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await member.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
    }
    expect(await stockOf(1011)).toBe(10);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM products')).rows[0]?.n).toBe(9);
    expect((await staff.call(`${BASE}/products`)).status).toBe(200);
    const admin = new Client(app);
    await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    expect((await admin.call(`${BASE}/stock/low`)).status).toBe(200);
  });
});

describe('products at the counter', () => {
  it('lists products with each option’s price, stock and barcode, searched by name, number or barcode', async () => {
    await staff.call(`${BASE}/options/1031/barcode`, { method: 'PUT', body: { barcode: VALID } });
    const all = await json(await staff.call(`${BASE}/products?pageSize=50`));
    expect(all.totalCount).toBe(9);
    const yoga = all.items.find((p: { productNo: number }) => p.productNo === 103);
    expect(
      yoga.options.map((o: Record<string, unknown>) => [
        o.optionNo,
        o.optionLabel,
        o.unitPrice,
        o.stock,
        o.barcode,
      ]),
    ).toEqual([
      [1031, '보라 / 6mm', 39000, 7, VALID],
      [1032, '보라 / 10mm', 42000, 2, null],
      [1033, '회색 / 6mm', 39000, 4, null],
      [1034, '회색 / 10mm', 42000, 0, null],
    ]);
    for (const q of ['요가', '103', VALID]) {
      const found = await json(await staff.call(`${BASE}/products?q=${encodeURIComponent(q)}`));
      expect(
        found.items.map((p: { productNo: number }) => p.productNo),
        q,
      ).toEqual([103]);
    }
    await expectError(await staff.call(`${BASE}/products?stock=many`), 400, '재고 조건');
  });

  it('creates and edits a product through the back office’s service, version checked; the shop shows it', async () => {
    const created = await staff.call(`${BASE}/products`, { body: newProduct() });
    expect(created.status, await created.clone().text()).toBe(201);
    const { productNo } = await json(created);
    const product = await json(await staff.call(`${BASE}/products/${productNo}`));
    expect(product.options.rows.map((r: Record<string, unknown>) => [r.values, r.stock, r.barcode])).toEqual([
      [['초록'], 4, VALID],
      [['노랑'], 2, null],
    ]);
    const ledger = await json(await staff.call(`${BASE}/products/${productNo}/stock-ledger`));
    expect(ledger.items.map((l: Record<string, unknown>) => l.actorLabel)).toEqual(['매장직원', '매장직원']);

    const save = (version: number, over: Record<string, unknown>) =>
      staff.call(`${BASE}/products/${productNo}`, {
        method: 'PUT',
        body: { version, product: { ...product, slug: null, ...over } },
      });
    const saved = await save(product.version, { salePrice: 11900 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await json(saved)).toEqual({ version: product.version + 1 });
    const storefront = await json(await new Client(app).call(`/shop-api/products/${productNo}`));
    expect(storefront.price.salePrice).toBe(11900);

    const stale = await save(product.version, { salePrice: 9900 });
    expect((await expectError(stale, 409, '먼저 저장')).code).toBe('VERSION_CONFLICT');
    await expectError(await save(product.version + 1, { salePrice: -1 }), 400, '판매가는 0원 이상');
    await expectError(
      await staff.call(`${BASE}/products`, { body: newProduct({ productName: '' }) }),
      400,
      '상품명을 입력해 주세요.',
    );
    await expectError(await staff.call(`${BASE}/products/999999`), 404, '상품을 찾을 수 없습니다');
  });
});

describe('barcodes in the product form', () => {
  it('holds new and changed barcodes to the counter’s rule, listing the form’s other problems too', async () => {
    const bad = newProduct({
      productName: '',
      options: {
        dimensions: [{ label: '색상', values: ['초록', '노랑'] }],
        rows: [
          { values: ['초록'], addPrice: 0, stock: 1, barcode: '8801234567890' },
          { values: ['노랑'], addPrice: 0, stock: 1, barcode: 'PD00001011' },
        ],
      },
    });
    const body = await expectError(
      await staff.call(`${BASE}/products`, { body: bad }),
      400,
      '상품명을 입력해 주세요.',
    );
    expect(body.fields).toEqual([
      { path: 'productName', message: '상품명을 입력해 주세요.' },
      { path: 'options.rows.0.barcode', message: expect.stringContaining('검증 숫자는 3입니다') as string },
      { path: 'options.rows.1.barcode', message: expect.stringContaining('옵션을 저장한 뒤') as string },
    ]);
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM products')).rows[0]?.n).toBe(9);

    // a code set elsewhere before (not EAN-13) stays as long as it is not changed
    await t.db.execute("UPDATE product_options SET barcode = 'OLD-1011' WHERE option_no = 1011");
    const product = await json(await staff.call(`${BASE}/products/101`));
    const put = (barcode: string) =>
      staff.call(`${BASE}/products/101`, {
        method: 'PUT',
        body: {
          version: product.version,
          product: {
            ...product,
            slug: null,
            options: { ...product.options, rows: [{ ...product.options.rows[0], barcode }] },
          },
        },
      });
    await expectError(await put('OLD-1012'), 400, 'EAN-13');
    expect((await put('OLD-1011')).status).toBe(200);
  });
});

describe('barcodes', () => {
  it('registers an EAN-13, finds the option by it, changes and removes it', async () => {
    const put = (optionNo: number, body: unknown) =>
      staff.call(`${BASE}/options/${optionNo}/barcode`, { method: 'PUT', body });
    await expectError(await staff.call(`${BASE}/barcode?code=${VALID}`), 404, '등록되지 않은 바코드');

    const wrong = await expectError(
      await put(1021, { barcode: '8801234567890', previous: null }),
      400,
      '3입니다',
    );
    expect(wrong.fields).toEqual([
      { path: 'barcode', message: expect.stringContaining('검증 숫자') as string },
    ]);
    await expectError(
      await put(1021, { barcode: '', previous: null }),
      400,
      '바코드를 스캔하거나 입력해 주세요.',
    );
    await expectError(await put(1021, {}), 400, '바코드를 스캔하거나 입력해 주세요.');

    const ok = await put(1021, { barcode: VALID, previous: null });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json(ok)).toMatchObject({ optionNo: 1021, productName: '사각 방진 매트', barcode: VALID });

    const found = await json(await staff.call(`${BASE}/barcode?code=${VALID}`));
    expect(found).toMatchObject({
      productNo: 102,
      optionNo: 1021,
      optionLabel: '검정',
      unitPrice: 30000,
      stock: 5,
    });

    const taken = await expectError(
      await put(1031, { barcode: VALID, previous: null }),
      409,
      '사각 방진 매트 · 검정',
    );
    expect(taken.code).toBe('BARCODE_TAKEN');
    const stale = await expectError(await put(1021, { barcode: 'PD00001021', previous: null }), 409, VALID);
    expect(stale.code).toBe('VERSION_CONFLICT');

    const inHouse = await staff.call(`${BASE}/options/1021/barcode/in-house`, { body: { previous: VALID } });
    expect(await json(inHouse)).toMatchObject({ barcode: 'PD00001021' });
    expect((await json(await staff.call(`${BASE}/barcode?code=pd00001021`))).optionNo).toBe(1021);

    const removed = await put(1021, { barcode: null, previous: 'PD00001021' });
    expect((await json(removed)).barcode).toBeNull();
    await expectError(await staff.call(`${BASE}/barcode?code=PD00001021`), 404, '등록되지 않은 바코드');
    await expectError(await put(999999, { barcode: VALID }), 404, '옵션을 찾을 수 없습니다.');
  });

  it('gives every option of a product without a barcode its in-house code', async () => {
    const res = await json(await staff.call(`${BASE}/products/103/in-house-barcodes`, { body: {} }));
    expect(res.generated.map((i: { barcode: string }) => i.barcode)).toEqual([
      'PD00001031',
      'PD00001032',
      'PD00001033',
      'PD00001034',
    ]);
  });

  it('finds options to label or register by name', async () => {
    const res = await json(await staff.call(`${BASE}/options?q=${encodeURIComponent('요가')}`));
    expect(res.items).toHaveLength(4);
    await expectError(
      await staff.call(`${BASE}/options?q=`),
      400,
      '상품명, 상품 번호나 바코드를 입력해 주세요.',
    );
  });
});

describe('stock at the counter', () => {
  const ledgerOf = async (optionNo: number) =>
    (
      await t.db.execute({
        sql: `SELECT reason, channel, delta, stock_after, actor_label, memo FROM stock_ledger
          WHERE option_no = ? AND reason <> 'INITIAL' ORDER BY ledger_no`,
        args: [optionNo],
      })
    ).rows.map((r) => ({ ...r }));

  it('receives scanned goods as one RECEIVE line per option in the staff member’s name, once per batch', async () => {
    const body = {
      batchKey: 'R-20261125-ab12cd',
      memo: '거래처 납품',
      lines: [
        { optionNo: 1011, quantity: 2 },
        { optionNo: 1021, quantity: 3 },
        { optionNo: 1011, quantity: 1 },
      ],
    };
    const res = await staff.call(`${BASE}/stock/receive`, { body });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).lines).toEqual([
      { optionNo: 1011, status: 'APPLIED', stock: 13, delta: 3 },
      { optionNo: 1021, status: 'APPLIED', stock: 8, delta: 3 },
    ]);
    expect(await ledgerOf(1011)).toEqual([
      {
        reason: 'RECEIVE',
        channel: 'COUNTER',
        delta: 3,
        stock_after: 13,
        actor_label: '매장직원',
        memo: '거래처 납품 · 매장 입고 #R-20261125-ab12cd',
      },
    ]);
    // the same batch again (a retry after a lost answer) receives nothing twice
    const again = await json(await staff.call(`${BASE}/stock/receive`, { body }));
    expect(again.lines.map((l: { status: string }) => l.status)).toEqual(['ALREADY', 'ALREADY']);
    expect(await stockOf(1011)).toBe(13);
    // the web shop sells from the same stock
    const options = await json(await new Client(app).call('/shop-api/products/101/options'));
    expect(options.flatOptions[0].stockCnt).toBe(13);

    await expectError(
      await staff.call(`${BASE}/stock/receive`, { body: { batchKey: 'R-20261125-x1', lines: [] } }),
      400,
      '입고할 상품을 하나 이상 스캔해 주세요.',
    );
    await expectError(
      await staff.call(`${BASE}/stock/receive`, {
        body: { batchKey: 'R-20261125-x1', lines: [{ optionNo: 1011, quantity: 0 }] },
      }),
      400,
      '입고 수량은 1개 이상이어야 합니다.',
    );
    const gone = await json(
      await staff.call(`${BASE}/stock/receive`, {
        body: { batchKey: 'R-20261125-x2', lines: [{ optionNo: 999999, quantity: 1 }] },
      }),
    );
    expect(gone.lines[0]).toMatchObject({
      status: 'FAILED',
      message: expect.stringContaining('옵션을 찾을 수 없습니다'),
    });
  });

  it('applies a stocktake as COUNT lines, and leaves a line alone when the stock moved since it was counted', async () => {
    await t.db.execute('UPDATE product_options SET stock_cnt = 4 WHERE option_no = 1031'); // a sale meanwhile
    const body = {
      batchKey: 'C-20261125-ef34gh',
      lines: [
        { optionNo: 1011, counted: 8, systemStock: 10 },
        { optionNo: 1021, counted: 5, systemStock: 5 },
        { optionNo: 1031, counted: 6, systemStock: 7 },
      ],
    };
    const res = await json(await staff.call(`${BASE}/stock/count`, { body }));
    expect(res.lines).toEqual([
      { optionNo: 1011, status: 'APPLIED', stock: 8, delta: -2 },
      { optionNo: 1021, status: 'APPLIED', stock: 5, delta: 0 },
      {
        optionNo: 1031,
        status: 'CHANGED',
        stock: 4,
        delta: 0,
        message: expect.stringContaining('전산 7개 → 지금 4개') as string,
      },
    ]);
    expect(await ledgerOf(1011)).toEqual([
      {
        reason: 'COUNT',
        channel: 'COUNTER',
        delta: -2,
        stock_after: 8,
        actor_label: '매장직원',
        memo: '매장 재고 실사 #C-20261125-ef34gh',
      },
    ]);
    expect((await ledgerOf(1021))[0]).toMatchObject({ reason: 'COUNT', delta: 0 });
    expect(await ledgerOf(1031)).toEqual([]);
    await expectError(
      await staff.call(`${BASE}/stock/count`, {
        body: { batchKey: 'C-1', lines: [{ optionNo: 1011, counted: 1, systemStock: 8 }] },
      }),
      400,
      '입고·실사 번호',
    );
    await expectError(
      await staff.call(`${BASE}/stock/count`, {
        body: { batchKey: 'C-20261125-zz', lines: [{ optionNo: 1011, counted: -1, systemStock: 8 }] },
      }),
      400,
      '실사 수량은 0개 이상',
    );
  });

  it('lists options at or below their product’s threshold, sold out first, forced sold out left out', async () => {
    const res = await json(await staff.call(`${BASE}/stock/low`));
    const rows = res.items.map((i: Record<string, unknown>) => [i.optionNo, i.stock, i.lowStockThreshold]);
    expect(rows.slice(0, 4).every(([, stock]: [number, number]) => stock === 0)).toBe(true);
    expect(rows.map(([no]: [number]) => no)).toContain(1032); // 2 left of threshold 5
    expect(rows.map(([no]: [number]) => no)).not.toContain(1033); // forced sold out
    expect(rows.map(([no]: [number]) => no)).not.toContain(1011); // 10 left
  });
});
