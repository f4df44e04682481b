import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, guestToken, SHOP_HEADERS } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, ORIGIN } from '../../../tests/fixtures/members.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';

/**
 * /api/manager/catalog: categories, brands, partners and delivery templates. Administrators only;
 * every write checks the version; the storefront (GET /shop-api/categories, brand search, order
 * sheets) shows each change on the next request.
 */

const BASE = '/api/manager/catalog';
let t: TestDb;
let storageDir: string;
const admin = new Client();
const shop = apiClient(admin.api);

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies freely */
async function call(client: Client, method: string, path: string, body?: unknown) {
  const res = await client.call(`${BASE}${path}`, { method, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}
const get = (path: string) => call(admin, 'GET', path);
const post = (path: string, body: unknown) => call(admin, 'POST', path, body);
const patch = (path: string, body: unknown) => call(admin, 'PATCH', path, body);
const put = (path: string, body: unknown) => call(admin, 'PUT', path, body);
const del = (path: string) => call(admin, 'DELETE', path);

async function shopCategories(): Promise<any> {
  const res = await admin.api.request('/shop-api/categories', { headers: SHOP_HEADERS });
  expect(res.status).toBe(200);
  return res.json();
}
const labelsOf = (nodes: any[]): string[] => nodes.flatMap((n) => [n.label, ...labelsOf(n.children)]);

beforeAll(async () => {
  t = await createTestDb();
  storageDir = mkdtempSync(join(tmpdir(), 'podo-setup-storage-'));
  useStorageForTests(createLocalStorage({ dir: storageDir, bucket: 'podo-test' }));
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  const login = await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
  expect(login.status).toBe(200);
});
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(storageDir, { recursive: true, force: true });
  t.close();
});

describe('who may use /api/manager/catalog', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/categories'],
    ['POST', '/categories', { label: '새 카테고리' }],
    ['GET', '/categories/529105'],
    ['PATCH', '/categories/529105', { version: 1, label: '바뀐 이름' }],
    ['POST', '/categories/529106/move', { version: 1, parentNo: null, index: 0 }],
    ['DELETE', '/categories/529106?version=1'],
    ['GET', '/brands'],
    ['POST', '/brands', { name: '새 브랜드' }],
    ['GET', '/brands/10'],
    ['PUT', '/brands/10', { version: 1, name: 'x', nameKo: null, nameEn: null, displayOrder: 1 }],
    ['PATCH', '/brands/10', { version: 1, name: 'x' }],
    ['DELETE', '/brands/10?version=1'],
    ['POST', '/brands/10/logo', {}],
    ['DELETE', '/brands/10/logo?version=1'],
    ['GET', '/partners'],
    ['POST', '/partners', { name: '새 거래처' }],
    ['GET', '/partners/1'],
    ['PATCH', '/partners/2', { version: 1, name: 'x' }],
    ['DELETE', '/partners/2?version=1'],
    ['GET', '/delivery-templates'],
    ['POST', '/delivery-templates', {}],
    ['GET', '/delivery-templates/100'],
    ['PUT', '/delivery-templates/100', {}],
    ['DELETE', '/delivery-templates/100?version=1'],
  ];

  it('refuses visitors (401), members (403) and point-of-sale staff (403) on every route, changing nothing', async () => {
    const visitor = new Client();
    const member = new Client();
    await member.joinAndLogin();
    const staff = new Client();
    expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
    for (const [method, path, body] of routes) {
      expect((await call(visitor, method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      const asMember = await call(member, method, path, body);
      expect(asMember.status, `${method} ${path} member`).toBe(403);
      expect(asMember.body.message).toMatch(/[가-힣]/);
      expect((await call(staff, method, path, body)).status, `${method} ${path} staff`).toBe(403);
    }
    expect((await get('/categories/529105')).body).toMatchObject({ label: '방진패드', version: 1 });
    expect((await get('/brands/10')).body).toMatchObject({ name: '포도', version: 1 });
  });

  it('answers administrators without caching', async () => {
    const res = await admin.call(`${BASE}/categories`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('categories', () => {
  it('lists the menu tree and the display categories with product counts', async () => {
    const { status, body } = await get('/categories');
    expect(status).toBe(200);
    const dampeners = body.menu.find((n: any) => n.categoryNo === 529105);
    expect(dampeners).toMatchObject({ label: '방진패드', depth: 1, isMenu: true, visible: true, version: 1 });
    // 102, 106, 107, 109 are linked to 529105 itself
    expect(dampeners.productCount).toBe(4);
    expect(dampeners.children.map((c: any) => [c.categoryNo, c.productCount])).toEqual([[529106, 2]]);
    expect(body.display).toEqual([
      expect.objectContaining({
        categoryNo: 178561,
        label: '신상품',
        isMenu: false,
        productCount: 1,
        reserved: true,
      }),
    ]);
  });

  it('checks a new category field by field, in Korean', async () => {
    const empty = await post('/categories', { label: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'SETUP_INVALID', message: '카테고리 이름을 입력해 주세요.' });
    expect(empty.body.fields).toEqual([{ path: 'label', message: '카테고리 이름을 입력해 주세요.' }]);
    const long = await post('/categories', { label: '가'.repeat(31) });
    expect(long.body.message).toBe('카테고리 이름은 30자까지 쓸 수 있습니다.');
    const noParent = await post('/categories', { label: '고아', parentNo: 999999 });
    expect(noParent).toMatchObject({ status: 400, body: { code: 'CATEGORY_PARENT_NOT_FOUND' } });
    const underDisplay = await post('/categories', { label: '아래', parentNo: 178561 });
    expect(underDisplay).toMatchObject({ status: 400, body: { code: 'CATEGORY_DISPLAY_FLAT' } });
    const twin = await post('/categories', { label: '세탁기 방진패드', parentNo: 529105 });
    expect(twin).toMatchObject({ status: 409, body: { code: 'CATEGORY_LABEL_TAKEN' } });
    expect((await post('/categories', { label: 'x', extra: 1 })).status).toBe(400);
  });

  it('adds top-level and child categories up to four levels, and shows them in the shop at once', async () => {
    const top = await post('/categories', { label: '캠핑 용품' });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({
      label: '캠핑 용품',
      depth: 1,
      parentNo: null,
      version: 1,
      productCount: 0,
    });
    let parent = top.body.categoryNo;
    for (const depth of [2, 3, 4]) {
      const child = await post('/categories', { label: `캠핑 ${depth}단계`, parentNo: parent });
      expect(child.status).toBe(201);
      expect(child.body.depth).toBe(depth);
      parent = child.body.categoryNo;
    }
    const tooDeep = await post('/categories', { label: '캠핑 5단계', parentNo: parent });
    expect(tooDeep).toMatchObject({ status: 400, body: { code: 'CATEGORY_TOO_DEEP' } });
    expect(tooDeep.body.message).toContain('4단계');
    const shopTree = await shopCategories();
    expect(labelsOf(shopTree.multiLevelCategories)).toEqual(
      expect.arrayContaining(['캠핑 용품', '캠핑 2단계', '캠핑 3단계', '캠핑 4단계']),
    );
    expect(shopTree.flatCategories.map((f: any) => f.fullCategoryName)).toContain(
      '캠핑 용품>캠핑 2단계>캠핑 3단계>캠핑 4단계',
    );
  });

  it('renames with a version check, and the shop shows the new name on its next request', async () => {
    const before = (await get('/categories/757067')).body;
    const renamed = await patch('/categories/757067', { version: before.version, label: '  홈트 용품  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ label: '홈트 용품', version: before.version + 1 });
    expect(labelsOf((await shopCategories()).multiLevelCategories)).toContain('홈트 용품');

    const stale = await patch('/categories/757067', { version: before.version, label: '덮어쓰기' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(stale.body.message).toContain('다른 관리자가 먼저 저장한');
    expect((await get('/categories/757067')).body.label).toBe('홈트 용품');
    expect((await patch('/categories/757067', { label: '버전 없음' })).body.message).toContain(
      '버전(version)',
    );
    expect((await patch('/categories/757067', { version: renamed.body.version })).status).toBe(400);
    expect((await patch('/categories/999999', { version: 1, label: 'x' })).status).toBe(404);
  });

  it("hides a category (and what is under it) from the shop's tree; its products keep their links", async () => {
    const tree = await shopCategories();
    expect(labelsOf(tree.multiLevelCategories)).toContain('세탁기 방진패드');
    const row = (await get('/categories/529105')).body;
    const hidden = await patch('/categories/529105', { version: row.version, visible: false });
    expect(hidden.body).toMatchObject({ visible: false, hiddenInShop: true });
    expect((await get('/categories/529106')).body).toMatchObject({ visible: true, hiddenInShop: true });

    const after = await shopCategories();
    expect(labelsOf(after.multiLevelCategories)).not.toContain('방진패드');
    expect(labelsOf(after.multiLevelCategories)).not.toContain('세탁기 방진패드');
    expect(after.flatCategories.some((f: any) => f.depth1CategoryNo === 529105)).toBe(false);
    // the category's own address and its products still answer
    const one = await admin.api.request('/shop-api/categories/529106', { headers: SHOP_HEADERS });
    expect(one.status).toBe(200);
    const product = await admin.api.request('/shop-api/products/101', { headers: SHOP_HEADERS });
    expect(product.status).toBe(200);

    const shown = await patch('/categories/529105', { version: hidden.body.version, visible: true });
    expect(shown.body.visible).toBe(true);
    expect(labelsOf((await shopCategories()).multiLevelCategories)).toContain('방진패드');
  });

  it('moves a category with its subtree, keeping depths right and refusing cycles and a fifth level', async () => {
    const a = (await post('/categories', { label: '이동 A' })).body;
    const b = (await post('/categories', { label: '이동 B', parentNo: a.categoryNo })).body;
    const c = (await post('/categories', { label: '이동 C', parentNo: b.categoryNo })).body;
    const target = (await post('/categories', { label: '이동 목적지' })).body;

    const cycle = await post(`/categories/${a.categoryNo}/move`, {
      version: a.version,
      parentNo: c.categoryNo,
      index: 0,
    });
    expect(cycle).toMatchObject({ status: 400, body: { code: 'CATEGORY_MOVE_CYCLE' } });
    const self = await post(`/categories/${a.categoryNo}/move`, {
      version: a.version,
      parentNo: a.categoryNo,
      index: 0,
    });
    expect(self.body.code).toBe('CATEGORY_MOVE_CYCLE');

    const moved = await post(`/categories/${a.categoryNo}/move`, {
      version: a.version,
      parentNo: target.categoryNo,
      index: 0,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ parentNo: target.categoryNo, depth: 2, version: a.version + 1 });
    expect(moved.body.children[0]).toMatchObject({ categoryNo: b.categoryNo, depth: 3 });
    expect(moved.body.children[0].children[0]).toMatchObject({ categoryNo: c.categoryNo, depth: 4 });
    expect((await shopCategories()).flatCategories.map((f: any) => f.fullCategoryName)).toContain(
      '이동 목적지>이동 A>이동 B>이동 C',
    );

    // one more level under the target would push 이동 C to depth 5
    const deeper = (await post('/categories', { label: '이동 깊게', parentNo: target.categoryNo })).body;
    const tooDeep = await post(`/categories/${a.categoryNo}/move`, {
      version: moved.body.version,
      parentNo: deeper.categoryNo,
      index: 0,
    });
    expect(tooDeep).toMatchObject({ status: 400, body: { code: 'CATEGORY_TOO_DEEP' } });

    const stale = await post(`/categories/${a.categoryNo}/move`, {
      version: a.version,
      parentNo: null,
      index: 0,
    });
    expect(stale.status).toBe(409);

    // back to the top, first of all menu categories
    const top = await post(`/categories/${a.categoryNo}/move`, {
      version: moved.body.version,
      parentNo: null,
      index: 0,
    });
    expect(top.body).toMatchObject({ depth: 1, parentNo: null });
    expect(top.body.children[0].children[0].depth).toBe(3);
    const tree = (await get('/categories')).body;
    expect(tree.menu[0].categoryNo).toBe(a.categoryNo);
    expect(tree.menu.map((n: any) => n.displayOrder)).toEqual(
      tree.menu.map((_: unknown, i: number) => i + 1),
    );
    expect((await shopCategories()).multiLevelCategories[0].label).toBe('이동 A');
  });

  it('reorders siblings: the shop lists them in the new order', async () => {
    const tree = (await get('/categories')).body;
    const last = tree.menu[tree.menu.length - 1];
    const moved = await post(`/categories/${last.categoryNo}/move`, {
      version: last.version,
      parentNo: null,
      index: 1,
    });
    expect(moved.status).toBe(200);
    const shopRoots = (await shopCategories()).multiLevelCategories.map((n: any) => n.categoryNo);
    const adminRoots = (await get('/categories')).body.menu
      .filter((n: any) => !n.hiddenInShop)
      .map((n: any) => n.categoryNo);
    expect(shopRoots).toEqual(adminRoots);
    expect(adminRoots[1]).toBe(last.categoryNo);
  });

  it('keeps display categories flat', async () => {
    const created = await post('/categories', { label: '기획전', isMenu: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isMenu: false, depth: 1 });
    expect(labelsOf((await shopCategories()).multiLevelCategories)).not.toContain('기획전');
    const underMenu = await post(`/categories/${created.body.categoryNo}/move`, {
      version: 1,
      parentNo: 529105,
      index: 0,
    });
    expect(underMenu).toMatchObject({ status: 400, body: { code: 'CATEGORY_DISPLAY_FLAT' } });
    const menuUnderDisplay = await post('/categories/757067/move', {
      version: (await get('/categories/757067')).body.version,
      parentNo: created.body.categoryNo,
      index: 0,
    });
    expect(menuUnderDisplay.body.code).toBe('CATEGORY_DISPLAY_FLAT');
    const renamed = await patch('/categories/178561', { version: 1, label: '새로 나온 상품' });
    expect(renamed.body.label).toBe('새로 나온 상품');
    const shopNew = await admin.api.request('/shop-api/categories/178561', { headers: SHOP_HEADERS });
    expect(((await shopNew.json()) as any).extra.category.label).toBe('새로 나온 상품');
  });

  it('deletes only an empty category, saying in Korean why not otherwise', async () => {
    const withProducts = await del('/categories/529106?version=1');
    expect(withProducts.status).toBe(409);
    expect(withProducts.body).toMatchObject({ code: 'CATEGORY_HAS_PRODUCTS' });
    expect(withProducts.body.message).toContain('상품 2개');
    const parent = (await get('/categories/529105')).body;
    const withChildren = await del(`/categories/529105?version=${parent.version}`);
    expect(withChildren).toMatchObject({ status: 409, body: { code: 'CATEGORY_HAS_CHILDREN' } });
    expect(withChildren.body.message).toContain('하위 카테고리가 1개');
    const reserved = await del(
      `/categories/178561?version=${(await get('/categories/178561')).body.version}`,
    );
    expect(reserved).toMatchObject({ status: 409, body: { code: 'CATEGORY_RESERVED' } });

    const empty = (await post('/categories', { label: '지울 카테고리' })).body;
    expect((await del(`/categories/${empty.categoryNo}`)).status).toBe(400);
    expect((await del(`/categories/${empty.categoryNo}?version=${empty.version + 1}`)).status).toBe(409);
    expect((await del(`/categories/${empty.categoryNo}?version=${empty.version}`)).status).toBe(204);
    expect((await get(`/categories/${empty.categoryNo}`)).status).toBe(404);
    expect(labelsOf((await shopCategories()).multiLevelCategories)).not.toContain('지울 카테고리');
  });
});

describe('brands', () => {
  it('lists brands with their product counts', async () => {
    const { body } = await get('/brands');
    expect(body.items.map((b: any) => [b.brandNo, b.name, b.productCount])).toEqual([
      [10, '포도', 5],
      [11, '핏메이트', 3],
    ]);
  });

  it('adds, checks and renames a brand; the shop finds it under its new name at once', async () => {
    const bad = await post('/brands', { name: '', nameEn: 'x'.repeat(51) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { path: 'name', message: '브랜드 이름을 입력해 주세요.' },
      { path: 'nameEn', message: '영문 브랜드 이름은 50자까지 쓸 수 있습니다.' },
    ]);
    const taken = await post('/brands', { name: '  핏메이트 ' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'BRAND_NAME_TAKEN' } });
    const latin = await post('/brands', { name: 'Calm Sleep', nameKo: '캄 슬립', nameEn: '' });
    expect(latin.status).toBe(201);
    expect(latin.body).toMatchObject({
      name: 'Calm Sleep',
      nameKo: '캄 슬립',
      nameEn: null,
      productCount: 0,
    });
    expect((await post('/brands', { name: 'calm sleep' })).status).toBe(409);

    const renamed = await patch('/brands/11', {
      version: 1,
      name: '핏메이트 스포츠',
      nameEn: 'FITMATE SPORTS',
    });
    expect(renamed.body).toMatchObject({
      name: '핏메이트 스포츠',
      nameEn: 'FITMATE SPORTS',
      nameKo: '핏메이트',
      version: 2,
    });
    const stale = await put('/brands/11', {
      version: 1,
      name: '덮어쓰기',
      nameKo: null,
      nameEn: null,
      displayOrder: 1,
    });
    expect(stale).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    const search = await shop.get('/shop-api/display/brands/search?brandName=%EC%8A%A4%ED%8F%AC%EC%B8%A0');
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('핏메이트 스포츠');
  });

  it('stores a logo at the brand ladder and replaces it, deleting the old files', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#6b2bd9' } })
      .png()
      .toBuffer();
    const upload = (brandNo: number, version: number | null, bytes: Buffer | null) => {
      const form = new FormData();
      if (bytes) form.set('file', new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' }));
      if (version !== null) form.set('version', String(version));
      return admin.api.request(
        new Request(`http://localhost${BASE}/brands/${brandNo}/logo`, {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: admin.jar.header() },
          body: form,
        }),
      );
    };
    const brand = (await post('/brands', { name: '로고 브랜드' })).body;
    const missing = await upload(brand.brandNo, brand.version, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).message).toBe('로고 이미지 파일을 골라 주세요.');
    const notImage = await upload(brand.brandNo, brand.version, Buffer.from('not an image'));
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as any).code).toBe('CATALOG_IMAGE_INVALID');

    const first = await upload(brand.brandNo, brand.version, png);
    expect(first.status).toBe(200);
    const withLogo = (await first.json()) as any;
    expect(withLogo.logoImageUrl).toMatch(/\/catalog\/managed\/brands\/[0-9a-f]+\/img-320w\.webp$/);
    expect(withLogo.version).toBe(brand.version + 1);
    const fileOf = (url: string) => join(storageDir, url.replace(/^.*?\/catalog\//, 'catalog/'));
    const firstFiles = [160, 320].map((w) => fileOf(withLogo.logoImageUrl.replace('320w', `${w}w`)));
    for (const f of firstFiles) expect(existsSync(f), f).toBe(true);
    const meta = await sharp(firstFiles[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([160, 160]);

    expect((await upload(brand.brandNo, brand.version, png)).status).toBe(409);
    const second = (await (await upload(brand.brandNo, withLogo.version, png)).json()) as any;
    expect(second.logoImageUrl).not.toBe(withLogo.logoImageUrl);
    for (const f of firstFiles) expect(existsSync(f)).toBe(false);

    const removed = await del(`/brands/${brand.brandNo}/logo?version=${second.version}`);
    expect(removed.body).toMatchObject({ logoImageUrl: null });
    expect(existsSync(fileOf(second.logoImageUrl))).toBe(false);
  });

  it('deletes only a brand no product uses', async () => {
    const used = await del('/brands/10?version=1');
    expect(used).toMatchObject({ status: 409, body: { code: 'BRAND_IN_USE' } });
    expect(used.body.message).toContain('상품 5개');
    const unused = (await post('/brands', { name: '지울 브랜드' })).body;
    expect((await del(`/brands/${unused.brandNo}?version=9`)).status).toBe(409);
    expect((await del(`/brands/${unused.brandNo}?version=${unused.version}`)).status).toBe(204);
    expect((await get(`/brands/${unused.brandNo}`)).status).toBe(404);
  });
});

describe('partners', () => {
  it('lists, adds, renames and deletes only unused partners', async () => {
    const list = (await get('/partners')).body.items;
    expect(
      list.map((p: any) => [p.partnerNo, p.name, p.isBrandSelf, p.productCount, p.templateCount]),
    ).toEqual([
      [1, '포도', true, 6, 2],
      [2, '바른스포츠', false, 3, 1],
    ]);
    expect((await post('/partners', { name: ' ' })).body.message).toBe('거래처 이름을 입력해 주세요.');
    expect((await post('/partners', { name: '바른스포츠' })).body.code).toBe('PARTNER_NAME_TAKEN');
    const created = await post('/partners', { name: '새 거래처' });
    expect(created.status).toBe(201);
    const renamed = await patch(`/partners/${created.body.partnerNo}`, {
      version: 1,
      name: '새 이름 거래처',
    });
    expect(renamed.body).toMatchObject({ name: '새 이름 거래처', version: 2 });
    expect((await patch(`/partners/${created.body.partnerNo}`, { version: 1, name: 'x' })).status).toBe(409);

    const used = await del('/partners/2?version=1');
    expect(used).toMatchObject({ status: 409, body: { code: 'PARTNER_IN_USE' } });
    expect(used.body.message).toContain('상품 3개, 배송비 템플릿 1개');
    expect((await del('/partners/1?version=1')).body.code).toBe('PARTNER_SELF');
    expect((await del(`/partners/${created.body.partnerNo}?version=2`)).status).toBe(204);
  });
});

describe('delivery templates', () => {
  const template = (over: Record<string, unknown> = {}) => ({
    name: '새 배송',
    partnerNo: 2,
    deliveryType: 'PARCEL_DELIVERY',
    deliveryCompanyType: 'HANJIN',
    conditionType: 'CONDITIONAL',
    baseDeliveryAmt: 3500,
    aboveDeliveryAmt: 40000,
    returnDeliveryAmt: 3500,
    remoteDeliveryAmt: 4000,
    remoteAreas: [],
    ...over,
  });

  it('lists templates with partner, ranges and product counts', async () => {
    const { body } = await get('/delivery-templates');
    expect(body.items.find((x: any) => x.templateNo === 100)).toMatchObject({
      name: '기본 배송',
      partnerName: '포도',
      conditionType: 'CONDITIONAL',
      aboveDeliveryAmt: 50000,
      remoteAreas: [],
      productCount: 5,
    });
  });

  it('checks every field and the postcode ranges, naming each problem', async () => {
    const noThreshold = await post('/delivery-templates', template({ aboveDeliveryAmt: null }));
    expect(noThreshold.status).toBe(400);
    expect(noThreshold.body.code).toBe('DELIVERY_TEMPLATE_INVALID');
    expect(noThreshold.body.fields).toEqual([
      {
        path: 'aboveDeliveryAmt',
        message: '조건부 무료배송이면 무료배송 기준 금액을 1원 이상으로 입력해 주세요.',
      },
    ]);
    const many = await post(
      '/delivery-templates',
      template({
        name: '',
        deliveryCompanyType: 'PIGEON',
        baseDeliveryAmt: -1,
        remoteAreas: [
          { zipFrom: '63000', zipTo: '63644', extraFee: 3000, label: '제주' },
          { zipFrom: '63500', zipTo: '63700', extraFee: 3000, label: '겹침' },
          { zipFrom: '40240', zipTo: '40200', extraFee: 5000, label: '거꾸로' },
          { zipFrom: '1234', zipTo: '12345', extraFee: 5000 },
        ],
      }),
    );
    expect(many.status).toBe(400);
    const byPath = Object.fromEntries(many.body.fields.map((f: any) => [f.path, f.message]));
    expect(byPath).toMatchObject({
      name: '템플릿 이름을 입력해 주세요.',
      deliveryCompanyType: '택배사를 목록에서 골라 주세요.',
      baseDeliveryAmt: '기본 배송비는 0원 이상이어야 합니다.',
      'remoteAreas.3.zipFrom': '시작 우편번호는 숫자 5자리로 입력해 주세요.',
    });
    const ranges = await post(
      '/delivery-templates',
      template({
        remoteAreas: [
          { zipFrom: '63000', zipTo: '63644', extraFee: 3000, label: '제주' },
          { zipFrom: '63500', zipTo: '63700', extraFee: 3000, label: '겹침' },
          { zipFrom: '40240', zipTo: '40200', extraFee: 5000, label: '거꾸로' },
        ],
      }),
    );
    expect(ranges.body.fields).toEqual([
      {
        path: 'remoteAreas.2.zipTo',
        message: '3번째 구간: 끝 우편번호는 시작 우편번호보다 작을 수 없습니다.',
      },
      {
        path: 'remoteAreas.1.zipFrom',
        message: '2번째 구간(63500~63700)이 1번째 구간(63000~63644)과 겹칩니다.',
      },
    ]);
    const noPartner = await post('/delivery-templates', template({ partnerNo: 999 }));
    expect(noPartner).toMatchObject({ status: 404, body: { code: 'PARTNER_NOT_FOUND' } });
  });

  it('creates, edits with a version check and deletes an unused template', async () => {
    const created = await post(
      '/delivery-templates',
      template({ remoteAreas: [{ zipFrom: '63000', zipTo: '63644', extraFee: 6000, label: '제주' }] }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '새 배송',
      partnerName: '바른스포츠',
      shippingAreaType: 'PARTNER',
      remoteAreas: [{ zipFrom: '63000', zipTo: '63644', extraFee: 6000, label: '제주' }],
      version: 1,
    });
    const no = created.body.templateNo;
    const free = await put(
      `/delivery-templates/${no}`,
      template({ version: 1, conditionType: 'FREE', partnerNo: 1 }),
    );
    expect(free.status).toBe(200);
    // a free template keeps no base fee or threshold; the shop's own partner ships as the mall
    expect(free.body).toMatchObject({
      conditionType: 'FREE',
      baseDeliveryAmt: 0,
      aboveDeliveryAmt: null,
      remoteAreas: [],
      shippingAreaType: 'MALL',
      version: 2,
    });
    expect((await put(`/delivery-templates/${no}`, template({ version: 1 }))).status).toBe(409);
    expect((await get(`/delivery-templates/${no}`)).body.conditionType).toBe('FREE');

    const used = await del('/delivery-templates/100?version=1');
    expect(used).toMatchObject({ status: 409, body: { code: 'DELIVERY_TEMPLATE_IN_USE' } });
    const otherPartner = await put('/delivery-templates/101', template({ version: 1, partnerNo: 1 }));
    expect(otherPartner.body.fields[0].path).toBe('partnerNo');
    expect((await del(`/delivery-templates/${no}?version=2`)).status).toBe(204);
    expect((await get(`/delivery-templates/${no}`)).status).toBe(404);
  });

  it("changes the next order sheet's fees at once, remote-area ranges by postcode included", async () => {
    const guest = { guestToken: guestToken() };
    const sheet = await shop.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
      guest,
    );
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const calc = async (zipCd: string) => {
      const res = await shop.post(
        `/shop-api/order-sheets/${sheet.body.orderSheetNo}/calculate`,
        { addressRequest: { receiverZipCd: zipCd }, accumulationUseAmt: 0 },
        guest,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.paymentInfo as { deliveryAmt: number; remoteDeliveryAmt: number; paymentAmt: number };
    };
    // template 100: 3,000원 under 50,000원, common table with 3,000원 for Jeju and the islands
    expect(await calc('06236')).toMatchObject({ deliveryAmt: 3000, remoteDeliveryAmt: 0, paymentAmt: 21000 });
    expect(await calc('63000')).toMatchObject({ deliveryAmt: 3000, remoteDeliveryAmt: 3000 });
    expect(await calc('23100')).toMatchObject({ remoteDeliveryAmt: 3000 });

    const t100 = (await get('/delivery-templates/100')).body;
    const saved = await put('/delivery-templates/100', {
      version: t100.version,
      name: t100.name,
      partnerNo: t100.partnerNo,
      deliveryType: t100.deliveryType,
      deliveryCompanyType: t100.deliveryCompanyType,
      conditionType: 'CONDITIONAL',
      baseDeliveryAmt: 4000,
      aboveDeliveryAmt: 50000,
      returnDeliveryAmt: 3000,
      remoteDeliveryAmt: 3000,
      remoteAreas: [
        { zipFrom: '63000', zipTo: '63644', extraFee: 7000, label: '제주' },
        { zipFrom: '40200', zipTo: '40240', extraFee: 9000, label: '울릉' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await calc('06236')).toMatchObject({ deliveryAmt: 4000, remoteDeliveryAmt: 0, paymentAmt: 22000 });
    expect(await calc('63000')).toMatchObject({
      deliveryAmt: 4000,
      remoteDeliveryAmt: 7000,
      paymentAmt: 29000,
    });
    expect(await calc('40200')).toMatchObject({ remoteDeliveryAmt: 9000 });
    // Ongjin is in the common table but not in the template's own ranges
    expect(await calc('23100')).toMatchObject({ remoteDeliveryAmt: 0 });

    const groups = await shop.post(
      `/shop-api/order-sheets/${sheet.body.orderSheetNo}/calculate`,
      { addressRequest: { receiverZipCd: '63000' }, accumulationUseAmt: 0 },
      guest,
    );
    expect(groups.body.deliveryGroups[0]).toMatchObject({ deliveryAmt: 4000, remoteDeliveryAmt: 7000 });

    // the product page names the template's own areas and their highest fee
    const detail = await shop.get('/shop-api/products/101');
    expect(detail.body.deliveryFee).toMatchObject({
      remoteDeliveryAmt: 9000,
      remoteAreas: [
        { label: '울릉', zipFrom: '40200', zipTo: '40240', extraFee: 9000 },
        { label: '제주', zipFrom: '63000', zipTo: '63644', extraFee: 7000 },
      ],
    });
  });
});
