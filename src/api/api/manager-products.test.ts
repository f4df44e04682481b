import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';

let t: TestDb;
let storageDir: string;
let admin: Client;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  storageDir = mkdtempSync(join(tmpdir(), 'podo-manager-products-'));
  useStorageForTests(createLocalStorage({ dir: storageDir, bucket: 'test-uploads' }));
  admin = new Client();
  const login = await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
  expect(login.status).toBe(200);
});
afterEach(() => {
  useStorageForTests(undefined);
  rmSync(storageDir, { recursive: true, force: true });
  t.close();
});

const BASE = '/api/manager/products';

/** A product with two option dimensions, stock on each combination and a required text input. */
function newProduct(overrides: Record<string, unknown> = {}) {
  return {
    productName: '관리자 등록 방진매트',
    productManagementCd: 'MAT-001',
    partnerNo: 1,
    brandNo: 10,
    deliveryTemplateNo: 100,
    categoryNos: [529105],
    salePrice: 19900,
    saleStatus: 'ONSALE',
    searchKeywords: ['방진매트', '층간소음'],
    content: '## 소개\n\n**두꺼운** 매트입니다.<script>alert(1)</script>',
    dutyInfo: [{ label: '제조국', value: '대한민국' }],
    options: {
      dimensions: [
        { label: '색상', values: ['화이트', '블랙'] },
        { label: '크기', values: ['10cm', '12cm'] },
      ],
      rows: [
        { values: ['화이트', '10cm'], addPrice: 0, stock: 5, barcode: '8800000000011' },
        { values: ['화이트', '12cm'], addPrice: 1500, stock: 3 },
        { values: ['블랙', '10cm'], addPrice: 0, stock: 0 },
        { values: ['블랙', '12cm'], addPrice: 1500, stock: 7 },
      ],
    },
    inputs: [{ inputLabel: '각인 문구', required: true, maxLength: 20 }],
    ...overrides,
  };
}

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

interface Managed {
  productNo: number;
  version: number;
  slug: string;
  salePrice: number;
  options: {
    dimensions: { label: string; values: string[] }[];
    rows: { optionNo: number; values: string[]; addPrice: number; stock: number; barcode: string | null }[];
  };
  [k: string]: unknown;
}

async function create(body = newProduct()): Promise<Managed> {
  const res = await admin.call(BASE, { body });
  expect(res.status, await res.clone().text()).toBe(201);
  const { productNo } = await json<{ productNo: number }>(res);
  return json<Managed>(await admin.call(`${BASE}/${productNo}`));
}

/** The editor's save body from what GET answered (what the island sends back). */
function saveBody(p: Managed, changes: Record<string, unknown> = {}) {
  const { version, ...product } = p;
  return { version, product: { ...product, ...changes } };
}

describe('roles', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', BASE],
    ['GET', `${BASE}/form-options`],
    ['GET', `${BASE}/export.csv`],
    ['POST', BASE, newProduct()],
    ['GET', `${BASE}/101`],
    ['PUT', `${BASE}/101`, { version: 1, product: newProduct() }],
    ['DELETE', `${BASE}/101?version=1`],
    ['POST', `${BASE}/101/copy`, {}],
    [
      'POST',
      `${BASE}/bulk`,
      { items: [{ productNo: 101, version: 1 }], change: { action: 'display', frontDisplay: false } },
    ],
    ['GET', `${BASE}/101/images`],
    ['PUT', `${BASE}/101/images/order`, { imageNos: [1] }],
    ['DELETE', `${BASE}/101/images/1`],
    ['POST', `${BASE}/101/options/10101/stock`, { kind: 'RECEIVE', quantity: 1 }],
    ['GET', `${BASE}/101/stock-ledger`],
  ];

  it('refuses visitors (401), members (403) and point-of-sale staff (403) on every route, and changes nothing', async () => {
    const ledgerLines = async () => (await t.db.execute('SELECT COUNT(*) AS n FROM stock_ledger')).rows[0]?.n;
    const linesBefore = await ledgerLines();
    const member = new Client();
    await member.joinAndLogin();
    const staff = new Client();
    expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
    for (const [method, path, body] of routes) {
      expect((await new Client().call(path, { method, body })).status, `${method} ${path} visitor`).toBe(401);
      const m = await member.call(path, { method, body });
      expect(m.status, `${method} ${path} member`).toBe(403);
      expect(await m.text()).toContain('관리자');
      expect((await staff.call(path, { method, body })).status, `${method} ${path} staff`).toBe(403);
    }
    const rs = await t.db.execute(
      'SELECT version, front_display, deleted_ymdt FROM products WHERE product_no = 101',
    );
    expect(rs.rows[0]).toMatchObject({ version: 1, front_display: 1, deleted_ymdt: null });
    expect(await ledgerLines()).toBe(linesBefore);
  });
});

describe('creating a product', () => {
  it('saves two option dimensions, stock with ledger lines, a text input and sanitised content; the shop shows it at once', async () => {
    const p = await create();
    expect(p.options.dimensions).toEqual([
      { label: '색상', values: ['화이트', '블랙'] },
      { label: '크기', values: ['10cm', '12cm'] },
    ]);
    expect(p.options.rows.map((r) => [r.values.join('/'), r.stock])).toEqual([
      ['화이트/10cm', 5],
      ['화이트/12cm', 3],
      ['블랙/10cm', 0],
      ['블랙/12cm', 7],
    ]);
    const html = (
      await t.db.execute({ sql: 'SELECT content FROM products WHERE product_no = ?', args: [p.productNo] })
    ).rows[0]?.content;
    expect(html).toContain('<strong>두꺼운</strong>');
    expect(html).not.toContain('<script');

    const shopper = new Client();
    const search = await json<{ items: { productNo: number }[] }>(
      await shopper.call('/shop-api/products/search?filter.keywords=%EB%B0%A9%EC%A7%84%EB%A7%A4%ED%8A%B8'),
    );
    expect(search.items.map((i) => i.productNo)).toContain(p.productNo);
    const inCategory = await json<{ items: { productNo: number }[] }>(
      await shopper.call('/shop-api/products/search?categoryNos=529105&pageSize=50'),
    );
    expect(inCategory.items.map((i) => i.productNo)).toContain(p.productNo);
    const options = await json<{
      flatOptions: { optionNo: number; value: string; stockCnt: number }[];
      inputs: unknown[];
    }>(await shopper.call(`/shop-api/products/${p.productNo}/options`));
    expect(options.flatOptions.map((o) => [o.value, o.stockCnt])).toEqual([
      ['화이트|10cm', 5],
      ['화이트|12cm', 3],
      ['블랙|10cm', 0],
      ['블랙|12cm', 7],
    ]);
    expect(options.inputs).toHaveLength(1);

    const ledger = await json<{ items: { reason: string; delta: number; actorLabel: string }[] }>(
      await admin.call(`${BASE}/${p.productNo}/stock-ledger`),
    );
    expect(ledger.items.map((l) => [l.reason, l.delta])).toEqual([
      ['INITIAL', 7],
      ['INITIAL', 0],
      ['INITIAL', 3],
      ['INITIAL', 5],
    ]);
  });

  it('answers 400 with a Korean message for every bad field and writes nothing', async () => {
    const res = await admin.call(BASE, {
      body: newProduct({
        productName: '',
        salePrice: -1,
        partnerNo: 999,
        options: {
          dimensions: [{ label: '색상', values: ['화이트', '화이트'] }],
          rows: [{ values: ['화이트'], addPrice: 0, stock: 1, barcode: '12' }],
        },
      }),
    });
    expect(res.status).toBe(400);
    const body = await json<{ code: string; message: string; fields: { path: string; message: string }[] }>(
      res,
    );
    expect(body.code).toBe('PRODUCT_INVALID');
    const byPath = Object.fromEntries(body.fields.map((f) => [f.path, f.message]));
    expect(byPath.productName).toBe('상품명을 입력해 주세요.');
    expect(byPath.salePrice).toBe('판매가는 0원 이상으로 입력해 주세요.');
    expect(byPath['options.rows.0.barcode']).toBe('바코드는 숫자와 영문 4~32자로 입력해 주세요.');
    expect((await t.db.execute('SELECT COUNT(*) AS n FROM products')).rows[0]?.n).toBe(9);

    // the database's checks: an unknown partner, a repeated option value, a barcode already taken
    const second = await admin.call(BASE, {
      body: newProduct({
        partnerNo: 999,
        options: {
          dimensions: [{ label: '색상', values: ['화이트', '화이트'] }],
          rows: [{ values: ['화이트'], addPrice: 0, stock: 1 }],
        },
      }),
    });
    expect(second.status).toBe(400);
    const messages = (await json<{ fields: { message: string }[] }>(second)).fields.map((f) => f.message);
    expect(messages).toContain('옵션값 화이트가 두 번 있습니다.');

    await create();
    const dup = await admin.call(BASE, { body: newProduct({ productManagementCd: 'MAT-002' }) });
    expect(dup.status).toBe(400);
    const dupFields = (await json<{ fields: { path: string; message: string }[] }>(dup)).fields;
    expect(dupFields).toContainEqual({
      path: 'options.rows.0.barcode',
      message: expect.stringContaining('바코드 8800000000011는 이미 상품') as string,
    });
  });
});

describe('saving a product', () => {
  it('keeps every optionNo across edits: a renamed value keeps its number, a dropped combination is retired', async () => {
    const p = await create();
    const [w10, w12, b10, b12] = p.options.rows;
    // rename 블랙 → 차콜, drop 12cm, add 14cm
    const body = saveBody(p, {
      options: {
        dimensions: [
          { label: '색상', values: ['화이트', '차콜'] },
          { label: '크기', values: ['10cm', '14cm'] },
        ],
        rows: [
          { optionNo: w10!.optionNo, values: ['화이트', '10cm'], addPrice: 0, barcode: w10!.barcode },
          { values: ['화이트', '14cm'], addPrice: 3000, stock: 2 },
          { optionNo: b10!.optionNo, values: ['차콜', '10cm'], addPrice: 500 },
          { values: ['차콜', '14cm'], addPrice: 3000, stock: 1 },
        ],
      },
    });
    const res = await admin.call(`${BASE}/${p.productNo}`, { method: 'PUT', body });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toEqual({ version: 2 });
    const after = await json<Managed>(await admin.call(`${BASE}/${p.productNo}`));
    expect(
      after.options.rows.map((r) => [
        r.optionNo === w10!.optionNo,
        r.optionNo === b10!.optionNo,
        r.values.join('/'),
      ]),
    ).toEqual([
      [true, false, '화이트/10cm'],
      [false, false, '화이트/14cm'],
      [false, true, '차콜/10cm'],
      [false, false, '차콜/14cm'],
    ]);
    expect(after.options.rows[0]!.stock).toBe(5); // stock of kept options moves only by the ledger
    const retired = await t.db.execute({
      sql: 'SELECT option_no, retired FROM product_options WHERE option_no IN (?, ?)',
      args: [w12!.optionNo, b12!.optionNo],
    });
    expect(retired.rows.map((r) => r.retired)).toEqual([1, 1]);
    const shop = await json<{ flatOptions: { optionNo: number }[] }>(
      await new Client().call(`/shop-api/products/${p.productNo}/options`),
    );
    expect(shop.flatOptions.map((o) => o.optionNo)).not.toContain(w12!.optionNo);
    expect(shop.flatOptions).toHaveLength(4);
  });

  it('refuses the second of two managers saving the same version (409) and keeps the first one’s change', async () => {
    const p = await create();
    const first = await admin.call(`${BASE}/${p.productNo}`, {
      method: 'PUT',
      body: saveBody(p, { salePrice: 25000 }),
    });
    expect(first.status).toBe(200);
    const second = await admin.call(`${BASE}/${p.productNo}`, {
      method: 'PUT',
      body: saveBody(p, { productName: '덮어쓰려는 이름' }),
    });
    expect(second.status).toBe(409);
    expect(await json(second)).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: expect.stringContaining('다른 관리자') as string,
    });
    const now = await json<Managed>(await admin.call(`${BASE}/${p.productNo}`));
    expect(now).toMatchObject({ version: 2, salePrice: 25000, productName: '관리자 등록 방진매트' });
  });

  it('shows a new price on the storefront at once', async () => {
    const p = await create();
    await admin.call(`${BASE}/${p.productNo}`, { method: 'PUT', body: saveBody(p, { salePrice: 17900 }) });
    const detail = await json<{ price: { salePrice: number } }>(
      await new Client().call(`/shop-api/products/${p.productNo}`),
    );
    expect(detail.price.salePrice).toBe(17900);
  });
});

describe('stock', () => {
  it('moves stock only by ledger lines: receive, adjust with a reason, count; never below zero', async () => {
    const p = await create();
    const option = p.options.rows[0]!;
    const path = `${BASE}/${p.productNo}/options/${option.optionNo}/stock`;
    expect(
      await json(await admin.call(path, { body: { kind: 'RECEIVE', quantity: 10, memo: '11월 입고' } })),
    ).toEqual({
      stock: 15,
      delta: 10,
    });
    const noReason = await admin.call(path, { body: { kind: 'ADJUST', delta: -2, memo: '' } });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('조정 사유를 입력해 주세요.');
    expect(await json(await admin.call(path, { body: { kind: 'ADJUST', delta: -2, memo: '파손' } }))).toEqual(
      {
        stock: 13,
        delta: -2,
      },
    );
    expect(await json(await admin.call(path, { body: { kind: 'COUNT', counted: 11 } }))).toEqual({
      stock: 11,
      delta: -2,
    });
    const below = await admin.call(path, { body: { kind: 'ADJUST', delta: -12, memo: '분실' } });
    expect(below.status).toBe(409);
    expect((await json(below)).message).toContain('지금 11개');
    const ledger = await json<{
      totalCount: number;
      items: { reason: string; delta: number; stockAfter: number; memo: string }[];
    }>(await admin.call(`${BASE}/${p.productNo}/stock-ledger?optionNo=${option.optionNo}`));
    expect(ledger.items.map((l) => [l.reason, l.delta, l.stockAfter, l.memo])).toEqual([
      ['COUNT', -2, 11, ''],
      ['ADJUST', -2, 13, '파손'],
      ['RECEIVE', 10, 15, '11월 입고'],
      ['INITIAL', 5, 5, '옵션 등록'],
    ]);
    const other = await admin.call(`${BASE}/101/options/${option.optionNo}/stock`, {
      body: { kind: 'RECEIVE', quantity: 1 },
    });
    expect(other.status).toBe(400);
  });
});

describe('copy, delete and bulk actions', () => {
  it('deleting stops selling: gone from the shop and the list, still readable, its options kept for orders', async () => {
    const p = await create();
    const stale = await admin.call(`${BASE}/${p.productNo}?version=99`, { method: 'DELETE' });
    expect(stale.status).toBe(409);
    expect(
      (await admin.call(`${BASE}/${p.productNo}?version=${p.version}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await new Client().call(`/shop-api/products/${p.productNo}`)).status).toBe(404);
    const list = await json<{ items: { productNo: number }[] }>(await admin.call(`${BASE}?q=MAT-001`));
    expect(list.items).toEqual([]);
    const deleted = await json<{ items: { productNo: number; deleted: boolean }[] }>(
      await admin.call(`${BASE}?q=MAT-001&deleted=1`),
    );
    expect(deleted.items).toMatchObject([{ productNo: p.productNo, deleted: true }]);
    expect(
      (
        await t.db.execute({
          sql: 'SELECT COUNT(*) AS n FROM product_options WHERE product_no = ?',
          args: [p.productNo],
        })
      ).rows[0]?.n,
    ).toBe(4);
  });

  it('copies a product as a hidden draft with new option numbers and no stock', async () => {
    const p = await create();
    const res = await admin.call(`${BASE}/${p.productNo}/copy`, { body: {} });
    expect(res.status).toBe(201);
    const copy = await json<Managed>(
      await admin.call(`${BASE}/${(await json<{ productNo: number }>(res)).productNo}`),
    );
    expect(copy).toMatchObject({
      productName: '관리자 등록 방진매트 (복사본)',
      saleStatus: 'READY',
      frontDisplay: false,
    });
    expect(copy.options.rows.map((r) => r.stock)).toEqual([0, 0, 0, 0]);
    expect(copy.options.rows.map((r) => r.optionNo)).not.toContain(p.options.rows[0]!.optionNo);
  });

  it('bulk changes skip products saved meanwhile and report them', async () => {
    const res = await admin.call(`${BASE}/bulk`, {
      body: {
        items: [
          { productNo: 101, version: 1 },
          { productNo: 102, version: 7 },
        ],
        change: { action: 'display', frontDisplay: false },
      },
    });
    expect(await json(res)).toEqual({ changed: [101], conflicts: [102] });
    const shop = await json<{ items: { productNo: number }[] }>(
      await new Client().call('/shop-api/products/search?pageSize=50'),
    );
    expect(shop.items.map((i) => i.productNo)).not.toContain(101);
    expect(shop.items.map((i) => i.productNo)).toContain(102);
  });
});

describe('list', () => {
  it('searches by name, number, code and barcode; filters sold out and low stock; sorts and pages', async () => {
    const p = await create();
    const nos = async (query: string) =>
      (await json<{ items: { productNo: number }[] }>(await admin.call(`${BASE}?${query}`))).items.map(
        (i) => i.productNo,
      );
    expect(await nos('q=%EC%9A%94%EA%B0%80')).toEqual([103]); // 요가
    expect(await nos('q=104')).toEqual([104]);
    expect(await nos('q=8800000000011')).toEqual([p.productNo]);
    expect(await nos('stock=soldout&sort=oldest')).toEqual([105, 107]);
    expect(await nos('stock=low&sort=oldest')).toContain(103);
    expect(await nos('sort=priceDesc&pageSize=2')).toEqual([108, 103]);
    const bad = await admin.call(`${BASE}?sort=cheapest`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('정렬 기준을 확인해 주세요.');
  });
});

describe('images', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a5cff' } })
      .png()
      .toBuffer();

  async function upload(productNo: number, alt: string) {
    const form = new FormData();
    form.set('file', new File([await png()], 'photo.png', { type: 'image/png' }));
    form.set('alt', alt);
    const res = await admin.api.request(`http://localhost${BASE}/${productNo}/images`, {
      method: 'POST',
      body: form,
      headers: {
        Origin: 'http://localhost:4321',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: admin.jar.header(),
      },
    });
    return res;
  }

  it('stores every width, reorders, sets the main image and deletes the files with the image', async () => {
    const p = await create();
    const a = await upload(p.productNo, '정면');
    expect(a.status, await a.clone().text()).toBe(201);
    const first = await json<{ imageNo: number; main: boolean; variants: { url: string }[] }>(a);
    expect(first.main).toBe(true);
    expect(first.variants.map((v) => v.url.replace(/.*-(\d+)w\.webp$/, '$1'))).toEqual([
      '320',
      '640',
      '960',
      '1280',
    ]);
    const files = first.variants.map((v) => join(storageDir, v.url.replace(/^\/uploads\//, '')));
    expect(files.every((f) => existsSync(f))).toBe(true);
    const second = await json<{ imageNo: number }>(await upload(p.productNo, '측면'));

    const reordered = await json<{ imageNo: number; main: boolean }[]>(
      await admin.call(`${BASE}/${p.productNo}/images/order`, {
        method: 'PUT',
        body: { imageNos: [second.imageNo, first.imageNo] },
      }),
    );
    expect(reordered.map((i) => [i.imageNo, i.main])).toEqual([
      [second.imageNo, true],
      [first.imageNo, false],
    ]);
    const stale = await admin.call(`${BASE}/${p.productNo}/images/order`, {
      method: 'PUT',
      body: { imageNos: [first.imageNo] },
    });
    expect(stale.status).toBe(409);

    const detail = await json<{ baseInfo: { imageUrls: string[] } }>(
      await new Client().call(`/shop-api/products/${p.productNo}`),
    );
    expect(detail.baseInfo.imageUrls[0]).toContain('/uploads/catalog/managed/products/');

    const del = await admin.call(`${BASE}/${p.productNo}/images/${first.imageNo}`, { method: 'DELETE' });
    expect((await json<{ filesDeleted: number }>(del)).filesDeleted).toBe(4);
    expect(files.some((f) => existsSync(f))).toBe(false);

    const notImage = new FormData();
    notImage.set('file', new File(['hello'], 'a.png', { type: 'image/png' }));
    const refused = await admin.api.request(`http://localhost${BASE}/${p.productNo}/images`, {
      method: 'POST',
      body: notImage,
      headers: {
        Origin: 'http://localhost:4321',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: admin.jar.header(),
      },
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe('이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다.');
  });
});

describe('CSV', () => {
  async function importCsv(csv: string, dryRun: boolean) {
    const form = new FormData();
    form.set('file', new File([csv], 'products.csv', { type: 'text/csv' }));
    form.set('dryRun', dryRun ? '1' : '0');
    return admin.api.request(`http://localhost${BASE}/import`, {
      method: 'POST',
      body: form,
      headers: {
        Origin: 'http://localhost:4321',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: admin.jar.header(),
      },
    });
  }

  it('exports options with stock, and a dry run lists every row’s problem before anything is written', async () => {
    const p = await create();
    const bytes = new Uint8Array(await (await admin.call(`${BASE}/export.csv?q=MAT-001`)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM spreadsheets need for Korean
    const csv = new TextDecoder().decode(bytes);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      '상품번호,버전,상품명,상품 관리코드,판매가,판매 상태,전시,브랜드 번호,거래처 번호,배송비 템플릿 번호,카테고리 번호,검색어,옵션명,옵션값,옵션 번호,옵션 추가금액,재고,옵션 관리코드,바코드,옵션 품절',
    );
    expect(lines).toHaveLength(5);

    // change the price on every row and count 9 units of the first option; add a broken new product
    const edited = lines
      .map((l, i) => (i === 0 ? l : l.replace(',19900,', ',21000,')))
      .map((l, i) => (i === 1 ? l.replace(',5,,8800000000011,', ',9,,8800000000011,') : l));
    const broken = [
      ...edited,
      ',,새 상품,,비싸요,판매중,Y,,1,100,,,,,,,3,,,N',
      ',,다른 상품,,1000,없는상태,Y,,1,100,,,,,,,1,,,N',
    ];

    const dry = await importCsv(broken.join('\r\n'), true);
    expect(dry.status).toBe(200);
    const report = await json<{ problems: { row: number; message: string }[]; updated: number }>(dry);
    expect(report.problems).toEqual([
      { row: 6, message: '판매가는 숫자로 입력해 주세요.' },
      { row: 7, message: '판매 상태 없는상태를 알 수 없습니다 (판매중, 판매대기, 판매중지, 판매종료).' },
    ]);
    expect((await json<Managed>(await admin.call(`${BASE}/${p.productNo}`))).salePrice).toBe(19900);

    const refused = await importCsv(broken.join('\r\n'), false);
    expect(refused.status).toBe(422);
    expect((await json<Managed>(await admin.call(`${BASE}/${p.productNo}`))).salePrice).toBe(19900);

    const fine = await importCsv(edited.join('\r\n'), true);
    expect(await json(fine)).toMatchObject({ dryRun: true, updated: 1, stockChanges: 1, problems: [] });
    const done = await importCsv(edited.join('\r\n'), false);
    expect(await json(done)).toMatchObject({ dryRun: false, updated: 1, stockChanges: 1, problems: [] });
    const after = await json<Managed>(await admin.call(`${BASE}/${p.productNo}`));
    expect(after.salePrice).toBe(21000);
    expect(after.options.rows[0]!.stock).toBe(9);
    const ledger = await json<{ items: { reason: string; channel: string; delta: number; ref: string }[] }>(
      await admin.call(`${BASE}/${p.productNo}/stock-ledger`),
    );
    expect(ledger.items[0]).toMatchObject({
      reason: 'COUNT',
      channel: 'IMPORT',
      delta: 4,
      ref: 'products.csv',
    });

    // the same file again: its version is old now
    const again = await json<{ problems: { row: number; message: string }[] }>(
      await importCsv(edited.join('\r\n'), true),
    );
    expect(again.problems[0]?.message).toContain('파일을 내보낸 뒤 수정되었습니다');

    // a fresh export imported as it is changes nothing: no save, the version stays
    const fresh = new TextDecoder().decode(
      new Uint8Array(await (await admin.call(`${BASE}/export.csv?q=MAT-001`)).arrayBuffer()),
    );
    expect(fresh).toContain(',판매중,');
    const same = await importCsv(fresh, false);
    expect(await json(same)).toMatchObject({ updated: 0, unchanged: 1, stockChanges: 0, problems: [] });
    expect((await json<Managed>(await admin.call(`${BASE}/${p.productNo}`))).version).toBe(after.version);
  });
});
