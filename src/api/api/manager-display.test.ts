import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, ORIGIN } from '../../../tests/fixtures/members.ts';
import { getHomeSections } from '../../server/catalog/service.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';

/**
 * /api/manager/display: home banners and display sections. Administrators only; every edit names
 * its version; the storefront (GET /shop-api/display/banners/MAIN, /shop-api/display/sections/{no}
 * and the home page's sections) shows each change on the next request.
 */

const BASE = '/api/manager/display';
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

const png = (width: number, height: number, background = '#7a5cff') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(bannerNo: number, kind: string, version: number | string, bytes?: Buffer) {
  const form = new FormData();
  const file = bytes ?? (await png(90, 30));
  form.set('file', new File([new Uint8Array(file)], 'banner.png', { type: 'image/png' }));
  form.set('version', String(version));
  const res = await admin.api.request(`http://localhost${BASE}/banners/${bannerNo}/image?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: admin.jar.header() },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** The storage file of a public `/uploads/…` address. */
const fileOf = (url: string) => join(storageDir, url.replace(/^\/uploads\//, ''));
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
      )
    : [];

async function shopBanners(): Promise<any[]> {
  const res = await shop.get('/shop-api/display/banners/MAIN');
  expect(res.status).toBe(200);
  return res.body[0]?.accounts[0]?.banners ?? [];
}
const shopSection = (no: number, query = '') => shop.get(`/shop-api/display/sections/${no}${query}`);
const productNos = (section: any): number[] => section.products.map((p: any) => p.productNo);

beforeAll(async () => {
  t = await createTestDb();
  storageDir = mkdtempSync(join(tmpdir(), 'podo-display-storage-'));
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

describe('who may use /api/manager/display', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/banners'],
    ['POST', '/banners', { groupNo: 1, name: '배너', landingUrl: '/' }],
    ['PATCH', '/banners/1', { version: 1, name: 'x' }],
    ['POST', '/banners/1/image?kind=desktop', {}],
    ['DELETE', '/banners/1/image?kind=mobile&version=1'],
    ['POST', '/banners/reorder', { groupNo: 1, bannerNos: [1, 2, 3, 4] }],
    ['DELETE', '/banners/1?version=1'],
    ['GET', '/sections'],
    ['GET', '/sections/1'],
    ['POST', '/sections', { label: '섹션' }],
    ['PATCH', '/sections/1', { version: 1, label: 'x' }],
    ['PUT', '/sections/1/products', { version: 1, productNos: [101] }],
    ['POST', '/sections/reorder', { sectionNos: [1, 2, 3] }],
    ['DELETE', '/sections/1?version=1'],
    ['GET', '/product-search?q=101'],
  ];

  it('refuses visitors (401), members and point-of-sale staff (403) on every route, changing nothing', async () => {
    const member = new Client(admin.api);
    await member.joinAndLogin();
    const staff = new Client(admin.api);
    expect((await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password)).status).toBe(200);
    for (const [method, path, body] of routes) {
      expect((await call(new Client(admin.api), method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(member, method, path, body)).status, `${method} ${path} member`).toBe(403);
      expect((await call(staff, method, path, body)).status, `${method} ${path} staff`).toBe(403);
    }
    const list = await get('/banners');
    expect(list.body.banners.map((b: any) => [b.bannerNo, b.version])).toEqual([
      [3, 1],
      [4, 1],
      [2, 1],
      [1, 1],
    ]);
  });

  it('answers administrators without caching', async () => {
    const res = await admin.call(`${BASE}/sections`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('banners', () => {
  it('lists the groups and a group’s banners with their state', async () => {
    const list = await get('/banners');
    expect(list.body.groups).toEqual([
      { groupNo: 1, code: 'MAIN', name: '메인 배너', bannerCount: 4, onHome: true },
      { groupNo: 2, code: 'EMPTY', name: '빈 배너', bannerCount: 0, onHome: false },
    ]);
    expect(list.body.groupNo).toBe(1);
    expect(list.body.banners.map((b: any) => [b.name, b.state, b.stateLabel])).toEqual([
      ['지난 행사', 'ENDED', '기간 종료'],
      ['숨긴 배너', 'HIDDEN', '숨김'],
      ['신상품', 'SHOWING', '노출 중'],
      ['봄 세일', 'SHOWING', '노출 중'],
    ]);
    expect(list.body.banners[3]).toMatchObject({
      landingUrl: '/best',
      newWindow: false,
      thumbnailUrl: '/uploads/banners/spring-640w.webp',
    });
    expect((await get('/banners?groupNo=2')).body.banners).toEqual([]);
    expect((await get('/banners?groupNo=99')).status).toBe(404);
    expect((await get('/banners?groupNo=abc')).status).toBe(400);
  });

  it('validates every field with a Korean message next to it', async () => {
    const bad = await post('/banners', {
      groupNo: 1,
      name: ' ',
      landingUrl: 'javascript:alert(1)',
      displayStart: '2026-02-30T10:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('DISPLAY_INVALID');
    expect(bad.body.fields).toEqual([
      { path: 'name', message: '배너 이름을 입력해 주세요.' },
      {
        path: 'landingUrl',
        message:
          '배너 링크는 /product/100001처럼 쇼핑몰 안의 주소나 https://로 시작하는 주소만 쓸 수 있습니다.',
      },
      {
        path: 'displayStart',
        message: '노출 시작 일시를 2026-05-01T09:00 형식의 올바른 날짜로 입력해 주세요.',
      },
    ]);
    expect(bad.body.message).toBe('배너 이름을 입력해 주세요.');

    const late = await post('/banners', {
      groupNo: 1,
      name: '기간',
      landingUrl: '/',
      displayStart: '2026-05-02T00:00',
      displayEnd: '2026-05-01T00:00',
    });
    expect(late.body.fields).toEqual([
      { path: 'displayEnd', message: '노출 종료 일시는 시작 일시보다 뒤여야 합니다.' },
    ]);
    const group = await post('/banners', { groupNo: 99, name: '그룹', landingUrl: '/' });
    expect([group.status, group.body.fields?.[0]?.path]).toEqual([400, 'groupNo']);
    const missing = await post('/banners', {});
    expect(missing.body.fields.map((f: any) => f.path)).toEqual(['groupNo', 'name', 'landingUrl']);
    expect(missing.body.fields[0].message).toBe('배너 그룹을 숫자로 보내 주세요.');
  });

  it('takes a path on this shop or an https address as the link, nothing else', async () => {
    const link = async (landingUrl: string) => {
      const res = await post('/banners', { groupNo: 2, name: '링크 검사', landingUrl });
      return res.status === 201 ? res.body.landingUrl : res.status;
    };
    expect(await link('/product/100001')).toBe('/product/100001');
    expect(await link(' /categories/529105?sort=new ')).toBe('/categories/529105?sort=new');
    expect(await link('https://example.com/event?a=1')).toBe('https://example.com/event?a=1');
    for (const refused of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'http://example.com/',
      '//evil.example.com/',
      '/\\evil.example.com',
      '/%2F%2Fevil.example.com',
      'https://user:pass@example.com/',
      'https://localhost/',
      'ftp://example.com/',
      'product/100001',
    ]) {
      expect(await link(refused), refused).toBe(400);
    }
    const list = await get('/banners?groupNo=2');
    for (const b of list.body.banners)
      expect((await del(`/banners/${b.bannerNo}?version=${b.version}`)).status).toBe(200);
  });

  it('creates a banner that shows on the shop once its image is uploaded, at once', async () => {
    const created = await post('/banners', {
      groupNo: 1,
      name: '여름 세일',
      description: '최대 50%',
      landingUrl: '/product/101',
      newWindow: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '여름 세일',
      groupNo: 1,
      imageUrl: null,
      state: 'DRAFT',
      stateLabel: '이미지 없음',
      visible: true,
      version: 1,
      displayOrder: 3,
    });
    const no = created.body.bannerNo as number;
    expect((await shopBanners()).map((b) => b.bannerNo)).not.toContain(no);

    const up = await upload(no, 'desktop', 1, await png(900, 600));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ state: 'SHOWING', version: 2 });
    expect(up.body.imageUrl).toMatch(/^\/uploads\/catalog\/managed\/banners\/[0-9a-f]{16}\/img-1920w\.webp$/);
    const folder = join(storageDir, 'catalog/managed/banners');
    expect(
      filesUnder(folder)
        .map((f) => f.replace(/.*\//, ''))
        .sort(),
    ).toEqual(['img-1280w.webp', 'img-1920w.webp', 'img-640w.webp']);
    const meta = await sharp(fileOf(up.body.imageUrl)).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 640]);

    const shown = (await shopBanners()).find((b) => b.bannerNo === no);
    expect(shown).toMatchObject({
      name: '여름 세일',
      landingUrl: '/product/101',
      browerTargetType: 'NEW',
      imageUrl: up.body.imageUrl,
      extra: { width: 1920, height: 640, mobileImageUrl: null },
    });
    expect(shown.extra.variants.map((v: any) => v.width)).toEqual([640, 1280, 1920]);

    // a phone image: 4:3, shown to phones through extra.mobileImageUrl
    const mobile = await upload(no, 'mobile', 2, await png(400, 300));
    expect(mobile.status).toBe(200);
    const mobileMeta = await sharp(fileOf(mobile.body.mobileImageUrl)).metadata();
    expect([mobileMeta.width, mobileMeta.height]).toEqual([1920, 1440]);
    expect((await shopBanners()).find((b) => b.bannerNo === no)?.extra.mobileImageUrl).toBe(
      mobile.body.mobileImageUrl,
    );
    expect(filesUnder(folder)).toHaveLength(6);

    // replacing the desktop image deletes the old files
    const oldFiles = [640, 1280, 1920].map((w) => fileOf(up.body.imageUrl.replace('1920w', `${w}w`)));
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);
    const replaced = await upload(no, 'desktop', 3);
    expect(replaced.status).toBe(200);
    expect(oldFiles.some((f) => existsSync(f))).toBe(false);
    expect(filesUnder(folder)).toHaveLength(6);

    // the phone image off: its files go, phones get the desktop image
    const stale = await del(`/banners/${no}/image?kind=mobile&version=3`);
    expect(stale.status).toBe(409);
    const off = await del(`/banners/${no}/image?kind=mobile&version=4`);
    expect(off.status).toBe(200);
    expect(off.body.mobileImageUrl).toBeNull();
    expect(filesUnder(folder)).toHaveLength(3);
    expect((await del(`/banners/${no}/image?kind=desktop&version=5`)).status).toBe(400);

    // deleting the banner deletes its files
    expect((await del(`/banners/${no}?version=4`)).status).toBe(409);
    const gone = await del(`/banners/${no}?version=5`);
    expect(gone.status).toBe(200);
    expect(gone.body.deletedFiles).toBe(3);
    expect(filesUnder(folder)).toEqual([]);
    expect((await shopBanners()).map((b) => b.bannerNo)).not.toContain(no);
    expect((await patch(`/banners/${no}`, { version: 5, name: 'x' })).status).toBe(404);
  });

  it('refuses what is not an image and a stale version, leaving no files behind', async () => {
    const b = (await post('/banners', { groupNo: 2, name: '파일 검사', landingUrl: '/' })).body;
    const notImage = await upload(b.bannerNo, 'desktop', 1, Buffer.from('hello'));
    expect([notImage.status, notImage.body.message]).toEqual([
      400,
      '이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다.',
    ]);
    const stale = await upload(b.bannerNo, 'desktop', 7);
    expect([stale.status, stale.body.code]).toEqual([409, 'VERSION_CONFLICT']);
    const kind = await upload(b.bannerNo, 'tablet', 1);
    expect([kind.status, kind.body.fields[0].path]).toEqual([400, 'kind']);
    expect(filesUnder(join(storageDir, 'catalog/managed/banners'))).toEqual([]);
    expect((await del(`/banners/${b.bannerNo}?version=1`)).body.deletedFiles).toBe(0);
  });

  it('saves edits over the version read, tells the second manager (409), and the shop follows at once', async () => {
    const first = await patch('/banners/1', {
      version: 1,
      name: '봄 세일 연장',
      landingUrl: 'https://example.com/spring',
      displayEnd: '2099-12-31T23:59',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      name: '봄 세일 연장',
      version: 2,
      displayEnd: '2099-12-31T14:59:00.000Z',
      description: '최대 30%',
    });
    const second = await patch('/banners/1', { version: 1, name: '다른 관리자의 이름' });
    expect([second.status, second.body.code]).toEqual([409, 'VERSION_CONFLICT']);
    expect(second.body.message).toBe(
      '다른 관리자가 먼저 저장한 내용이 있습니다. 새로 불러온 뒤 다시 저장해 주세요.',
    );
    expect((await shopBanners()).find((b) => b.bannerNo === 1)).toMatchObject({
      name: '봄 세일 연장',
      landingUrl: 'https://example.com/spring',
      displayEndYmdt: '2099-12-31 23:59:00',
    });

    // a start in the future (Seoul time) takes it off the shop until then
    const later = await patch('/banners/1', { version: 2, displayStart: '2099-01-01T09:00' });
    expect(later.body).toMatchObject({ displayStart: '2099-01-01T00:00:00.000Z', state: 'SCHEDULED' });
    expect((await shopBanners()).map((b) => b.bannerNo)).toEqual([2]);
    const bad = await patch('/banners/1', { version: 3, displayEnd: '2098-01-01T00:00' });
    expect(bad.body.fields).toEqual([
      { path: 'displayEnd', message: '노출 종료 일시는 시작 일시보다 뒤여야 합니다.' },
    ]);
    const hidden = await patch('/banners/1', { version: 3, displayStart: null, visible: false });
    expect(hidden.body).toMatchObject({ state: 'HIDDEN', version: 4 });
    expect((await shopBanners()).map((b) => b.bannerNo)).toEqual([2]);
    const back = await patch('/banners/1', { version: 4, visible: true });
    expect(back.body.state).toBe('SHOWING');
    expect((await patch('/banners/1', { name: 'x' })).body.fields[0].path).toBe('version');
  });

  it('reorders a group: the whole list, at the versions read, and the shop follows', async () => {
    const list = (await get('/banners')).body.banners as any[];
    const nos = list.map((b) => b.bannerNo);
    expect(nos).toEqual([3, 4, 2, 1]);
    const wanted = [1, 2, 3, 4];
    const versions = wanted.map((no) => list.find((b) => b.bannerNo === no).version);
    const partial = await post('/banners/reorder', { groupNo: 1, bannerNos: [1, 2, 3] });
    expect([partial.status, partial.body.code]).toEqual([409, 'DISPLAY_LIST_CHANGED']);
    const stale = await post('/banners/reorder', {
      groupNo: 1,
      bannerNos: wanted,
      versions: versions.map(() => 1),
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'VERSION_CONFLICT']);
    const twice = await post('/banners/reorder', { groupNo: 1, bannerNos: [1, 1, 2, 3] });
    expect(twice.body.fields[0]).toEqual({ path: 'bannerNos', message: '같은 배너가 두 번 들어 있습니다.' });

    const done = await post('/banners/reorder', { groupNo: 1, bannerNos: wanted, versions });
    expect(done.status).toBe(200);
    expect(done.body.banners.map((b: any) => [b.bannerNo, b.displayOrder])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect((await shopBanners()).map((b) => b.bannerNo)).toEqual([1, 2]);
    // the versions moved on: a second manager's reorder from the old screen is told
    const again = await post('/banners/reorder', { groupNo: 1, bannerNos: [2, 1, 3, 4], versions });
    expect(again.status).toBe(409);
  });
});

describe('display sections', () => {
  it('lists sections with their rule, home flag, period and state', async () => {
    const list = await get('/sections');
    expect(list.status).toBe(200);
    expect(
      list.body.sections.map((s: any) => [
        s.sectionNo,
        s.label,
        s.ruleType,
        s.onHome,
        s.state,
        s.productCount,
      ]),
    ).toEqual([
      [1, '베스트', 'MANUAL', false, 'SHOWING', 4],
      [2, '새로 나온 상품', 'MANUAL', false, 'SHOWING', 3],
      [3, '숨긴 섹션', 'MANUAL', false, 'HIDDEN', 1],
    ]);
    const one = await get('/sections/1');
    expect(one.body.products.map((p: any) => [p.productNo, p.saleStatusLabel, p.listable])).toEqual([
      [103, '판매중', true],
      [106, '판매중지', false],
      [101, '판매중', true],
      [102, '판매중', true],
    ]);
    expect(one.body.products[0].imageUrl).toBe('/uploads/catalog/products/103-1-320w.webp');
    expect((await get('/sections/404')).status).toBe(404);
  });

  it('validates a section with Korean messages per field', async () => {
    const bad = await post('/sections', { label: '', ruleType: 'RANDOM', ruleLimit: 0, onHome: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { path: 'label', message: '섹션 이름을 입력해 주세요.' },
      { path: 'ruleType', message: '진열 방식을 골라 주세요.' },
      { path: 'ruleLimit', message: '보여 줄 상품 수는 1개에서 100개 사이로 입력해 주세요.' },
      { path: 'onHome', message: '홈 화면 노출 여부를 골라 주세요.' },
    ]);
    const noCategory = await post('/sections', { label: '카테고리', ruleType: 'CATEGORY' });
    expect(noCategory.body.fields).toEqual([
      { path: 'ruleCategoryNo', message: '상품을 가져올 카테고리를 골라 주세요.' },
    ]);
    const unknown = await post('/sections', { label: '카테고리', ruleType: 'CATEGORY', ruleCategoryNo: 999 });
    expect([unknown.status, unknown.body.fields[0].path]).toEqual([400, 'ruleCategoryNo']);
    const patched = await patch('/sections/2', { version: 1, ruleType: 'CATEGORY' });
    expect(patched.body.fields[0].path).toBe('ruleCategoryNo');
    expect((await get('/sections/2')).body.section.version).toBe(1);
  });

  it('makes a manual section with chosen products, puts it on the home page, and the shop shows it at once', async () => {
    const created = await post('/sections', {
      label: '여름 추천',
      sectionExplain: '더위를 잊게 하는 상품',
      onHome: true,
    });
    expect(created.status).toBe(201);
    const no = created.body.section.sectionNo as number;
    expect(created.body.section).toMatchObject({
      ruleType: 'MANUAL',
      sortType: 'ADMIN_SETTING',
      version: 1,
      displayOrder: 1,
    });
    expect(productNos((await shopSection(no)).body)).toEqual([]);

    const missing = await put(`/sections/${no}/products`, { version: 1, productNos: [104, 999] });
    expect(missing.body.fields).toEqual([
      { path: 'productNos.1', message: '999번 상품을 찾을 수 없습니다. 목록에서 빼 주세요.' },
    ]);
    const twice = await put(`/sections/${no}/products`, { version: 1, productNos: [104, 104] });
    expect(twice.body.fields[0].message).toBe('같은 상품이 두 번 들어 있습니다. 하나만 남겨 주세요.');
    const saved = await put(`/sections/${no}/products`, { version: 1, productNos: [104, 101] });
    expect(saved.status).toBe(200);
    expect(saved.body.section).toMatchObject({ version: 2, productCount: 2 });
    const stale = await put(`/sections/${no}/products`, { version: 1, productNos: [101] });
    expect([stale.status, stale.body.code]).toEqual([409, 'VERSION_CONFLICT']);

    const shown = await shopSection(no);
    expect(shown.status).toBe(200);
    expect([shown.body.label, shown.body.sectionExplain, productNos(shown.body)]).toEqual([
      '여름 추천',
      '더위를 잊게 하는 상품',
      [104, 101],
    ]);
    const home = await getHomeSections(t.db, { pageSize: 8 });
    expect(home.map((h) => [h.section.sectionNo, productNos(h.section)])).toEqual([[no, [104, 101]]]);

    // another order: put section 1 on the home page before it
    const one = (await get('/sections/1')).body.section;
    await patch('/sections/1', { version: one.version, onHome: true });
    const order = (await get('/sections')).body.sections as any[];
    const wanted = [1, no, ...order.map((s) => s.sectionNo).filter((n) => n !== 1 && n !== no)];
    const reordered = await post('/sections/reorder', {
      sectionNos: wanted,
      versions: wanted.map((n) => order.find((s) => s.sectionNo === n).version),
    });
    expect(reordered.status).toBe(200);
    expect((await getHomeSections(t.db)).map((h) => h.section.sectionNo)).toEqual([1, no]);
    expect((await post('/sections/reorder', { sectionNos: [1, no] })).body.code).toBe('DISPLAY_LIST_CHANGED');

    // a period that has not started takes it off the home page and the API
    const current = (await get(`/sections/${no}`)).body.section;
    const later = await patch(`/sections/${no}`, {
      version: current.version,
      displayStart: '2099-01-01T00:00',
    });
    expect(later.body.section.state).toBe('SCHEDULED');
    expect((await shopSection(no)).status).toBe(404);
    expect((await getHomeSections(t.db)).map((h) => h.section.sectionNo)).toEqual([1]);

    expect((await del(`/sections/${no}?version=${current.version}`)).status).toBe(409);
    expect((await del(`/sections/${no}?version=${later.body.section.version}`)).status).toBe(200);
    expect((await get(`/sections/${no}`)).status).toBe(404);
    const s1 = (await get('/sections/1')).body.section;
    await patch('/sections/1', { version: s1.version, onHome: false });
    expect(await getHomeSections(t.db)).toEqual([]);
  });

  it('fills rule sections from the listable products: best, new and a category, capped by the limit', async () => {
    const best = await post('/sections', { label: '베스트 3', ruleType: 'BEST', ruleLimit: 3, onHome: true });
    const no = best.body.section.sectionNo as number;
    expect(best.body.preview.map((p: any) => p.productNo)).toEqual([103, 101, 102]);
    let shown = await shopSection(no);
    expect([productNos(shown.body), shown.body.productTotalCount, shown.body.extra.pageCount]).toEqual([
      [103, 101, 102],
      3,
      1,
    ]);
    // pages stop at the limit; a sort on request sorts the rule's picks
    shown = await shopSection(no, '?pageSize=2&pageNumber=2');
    expect([productNos(shown.body), shown.body.productTotalCount, shown.body.extra.pageCount]).toEqual([
      [102],
      3,
      2,
    ]);
    shown = await shopSection(no, '?by=DISCOUNTED_PRICE&direction=ASC');
    expect(productNos(shown.body)).toEqual([101, 102, 103]);
    expect((await shopSection(no, '?pageNumber=3&pageSize=2')).body.products).toEqual([]);

    const manual = await put(`/sections/${no}/products`, { version: 1, productNos: [101] });
    expect([manual.status, manual.body.code]).toEqual([409, 'SECTION_NOT_MANUAL']);

    const fresh = await patch(`/sections/${no}`, { version: 1, ruleType: 'NEW' });
    expect(productNos((await shopSection(no)).body)).toEqual([108, 107, 105]);
    const category = await patch(`/sections/${no}`, {
      version: fresh.body.section.version,
      ruleType: 'CATEGORY',
      ruleCategoryNo: 529105,
      ruleLimit: 10,
    });
    expect(category.body.section).toMatchObject({ ruleCategoryNo: 529105, ruleCategoryLabel: '방진패드' });
    // the category and the ones below it, listable only (106 stopped, 109 not listed), by popularity
    shown = await shopSection(no);
    expect([productNos(shown.body), shown.body.productTotalCount]).toEqual([[101, 102, 107, 108], 4]);
    const home = await getHomeSections(t.db, { pageSize: 2 });
    expect(
      home.map((h) => [h.section.sectionNo, h.ruleType, h.ruleCategoryNo, productNos(h.section)]),
    ).toEqual([[no, 'CATEGORY', 529105, [101, 102]]]);

    // back to a manual list: the category is let go
    const back = await patch(`/sections/${no}`, {
      version: category.body.section.version,
      ruleType: 'MANUAL',
    });
    expect(back.body.section).toMatchObject({ ruleType: 'MANUAL', ruleCategoryNo: null });
    await del(`/sections/${no}?version=${back.body.section.version}`);
  });
});

describe('product search', () => {
  it('finds products by number, management code or name (up to 20), with sale status and image', async () => {
    const byNo = await get('/product-search?q=106');
    expect(byNo.body.items[0]).toEqual({
      productNo: 106,
      productName: '판매중지 댐퍼',
      saleStatus: 'STOP',
      saleStatusLabel: '판매중지',
      listable: false,
      salePrice: 15000,
      imageUrl: '/uploads/catalog/products/106-1-320w.webp',
    });
    expect((await get('/product-search?q=PMC-103')).body.items.map((p: any) => p.productNo)).toEqual([103]);
    expect((await get('/product-search?q=매트')).body.items.map((p: any) => p.productNo)).toEqual([103, 102]);
    expect((await get('/product-search?q=%25')).body.items).toEqual([]);
    const empty = await get('/product-search?q=');
    expect([empty.status, empty.body.message]).toEqual([400, '상품명이나 상품 번호를 입력해 주세요.']);
    await t.db.execute(
      "UPDATE products SET deleted_ymdt = '2024-03-01T00:00:00.000Z' WHERE product_no = 102",
    );
    expect((await get('/product-search?q=매트')).body.items.map((p: any) => p.productNo)).toEqual([103]);
    const withDeleted = await post('/sections', { label: '삭제 상품 검사' });
    const refused = await put(`/sections/${withDeleted.body.section.sectionNo}/products`, {
      version: 1,
      productNos: [102],
    });
    expect(refused.body.fields[0].path).toBe('productNos.0');
    await t.db.execute('UPDATE products SET deleted_ymdt = NULL WHERE product_no = 102');
  });
});
