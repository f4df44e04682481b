import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  getBanners,
  getCategories,
  getCategory,
  getDisplaySection,
  getDisplaySections,
  getMenuCategories,
  searchBrands,
} from './service.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('categories', () => {
  it('gives the menu tree and its flat form, without special display categories', async () => {
    const c = await getCategories(t.db);
    expect(c.multiLevelCategories.map((n) => [n.categoryNo, n.label, n.depth, n.parentCategoryNo])).toEqual([
      [529105, '방진패드', 1, null],
      [757067, '운동 액세서리', 1, null],
    ]);
    expect(
      c.multiLevelCategories[0]?.children.map((n) => [n.categoryNo, n.depth, n.parentCategoryNo]),
    ).toEqual([[529106, 2, 529105]]);
    expect(c.flatCategories.map((f) => f.fullCategoryName)).toEqual([
      '방진패드',
      '방진패드>세탁기 방진패드',
      '운동 액세서리',
    ]);
    expect(c.flatCategories[1]).toMatchObject({
      depth1CategoryNo: 529105,
      depth2CategoryNo: 529106,
      depth2Label: '세탁기 방진패드',
    });
  });

  it('filters by keyword, keeping the path to a match', async () => {
    const c = await getCategories(t.db, { keyword: '세탁기' });
    expect(c.multiLevelCategories.map((n) => [n.categoryNo, n.children.map((x) => x.categoryNo)])).toEqual([
      [529105, [529106]],
    ]);
  });

  it('gives one category with its path, subtree and brands', async () => {
    const child = await getCategory(t.db, 529106);
    expect(child?.extra.path).toEqual([
      { categoryNo: 529105, label: '방진패드', depth: 1 },
      { categoryNo: 529106, label: '세탁기 방진패드', depth: 2 },
    ]);
    expect(child?.flatCategories).toEqual([
      expect.objectContaining({ fullCategoryName: '방진패드>세탁기 방진패드', depth1CategoryNo: 529105 }),
    ]);
    const top = await getCategory(t.db, 529105);
    expect(top?.multiLevelCategories[0]?.children.map((n) => n.categoryNo)).toEqual([529106]);
    expect(top?.brands).toEqual([{ brandNo: 10, name: '포도', productCnt: 3 }]); // 101, 102, 107 (108 has no brand)
    expect((await getCategory(t.db, 178561))?.extra.category).toMatchObject({
      label: '신상품',
      isMenu: false,
    });
    expect(await getCategory(t.db, 1)).toBeNull();
  });

  it('leaves the brands out when asked (pages without a brand filter), the rest the same', async () => {
    const full = await getCategory(t.db, 529105);
    const light = await getCategory(t.db, 529105, { brands: false });
    expect(light).toEqual({ ...full, brands: [] });
    expect(await getCategory(t.db, 1, { brands: false })).toBeNull();
  });
});

describe('display sections', () => {
  const nos = (s: Awaited<ReturnType<typeof getDisplaySection>>) => s?.products.map((p) => p.productNo);

  it("keeps the manager's order and hides products that are not for sale", async () => {
    const s = await getDisplaySection(t.db, 1);
    expect(s).toMatchObject({
      sectionNo: 1,
      label: '베스트',
      sectionExplain: '많이 팔린 상품',
      productTotalCount: 3,
    });
    expect(nos(s)).toEqual([103, 101, 102]);
  });

  it('sorts on request and pages', async () => {
    expect(nos(await getDisplaySection(t.db, 1, { by: 'DISCOUNTED_PRICE', direction: 'ASC' }))).toEqual([
      101, 102, 103,
    ]);
    const page = await getDisplaySection(t.db, 2, { pageSize: 2, pageNumber: 2 });
    // section 2 sorts by sale start, newest first: 104, 103, 101
    expect([nos(page), page?.productTotalCount, page?.extra.pageCount]).toEqual([[101], 3, 2]);
  });

  it('can leave the count out (the home page), with the same products', async () => {
    const counted = await getDisplaySection(t.db, 2, { pageSize: 2 });
    const uncounted = await getDisplaySection(t.db, 2, { pageSize: 2 }, { count: false });
    expect(nos(uncounted)).toEqual(nos(counted));
    expect(uncounted?.products).toEqual(counted?.products);
    expect([uncounted?.productTotalCount, uncounted?.extra.pageCount]).toEqual([0, 0]);
  });

  it('reads several sections at once as each would answer alone without a count, in the order asked', async () => {
    const queries = [
      {},
      { pageSize: 2 },
      { pageSize: 2, pageNumber: 2 },
      { by: 'DISCOUNTED_PRICE', direction: 'ASC', hasOptionValues: true },
      { soldout: false, saleStatus: 'ONSALE' },
    ] as const;
    for (const query of queries) {
      const many = await getDisplaySections(t.db, [2, 3, 1, 404, 2], query);
      const one = async (no: number) => getDisplaySection(t.db, no, query, { count: false });
      expect(many, JSON.stringify(query)).toEqual([await one(2), null, await one(1), null, await one(2)]);
    }
    expect(nos((await getDisplaySections(t.db, [1]))[0] ?? null)).toEqual([103, 101, 102]);
    expect(await getDisplaySections(t.db, [])).toEqual([]);
    expect(await getDisplaySections(t.db, [3, -1])).toEqual([null, null]);
  });

  it('is null for an unknown or hidden section', async () => {
    expect(await getDisplaySection(t.db, 3)).toBeNull();
    expect(await getDisplaySection(t.db, 404)).toBeNull();
  });
});

describe('banners', () => {
  it('gives each known code with the banners visible now, in display order', async () => {
    const b = await getBanners(t.db, ['MAIN', 'NOPE', 'EMPTY']);
    expect(b.map((s) => [s.code, s.label, s.name])).toEqual([
      ['MAIN', '메인 배너', '메인 배너'],
      ['EMPTY', '빈 배너', '빈 배너'],
    ]);
    const banners = b[0]?.accounts[0]?.banners ?? [];
    expect(banners.map((x) => [x.bannerNo, x.name, x.landingUrl, x.browerTargetType])).toEqual([
      [2, '신상품', '/new', 'NEW'],
      [1, '봄 세일', '/best', 'CURRENT'],
    ]);
    expect(banners[1]).toMatchObject({
      imageUrl: '/uploads/banners/spring-1920w.webp',
      description: '최대 30%',
      extra: { width: 1920, height: 640 },
    });
    expect(banners[0]).toMatchObject({
      displayPeriodType: 'PERIOD',
      displayStartYmdt: '2020-01-01 09:00:00',
    });
    expect(b[1]?.accounts).toEqual([]);
  });
});

describe('brands', () => {
  it('searches by name and counts displayable products', async () => {
    expect(await searchBrands(t.db, { brandName: '핏' })).toEqual([
      {
        brandNo: 11,
        mainBrandName: '핏메이트',
        brandName: '핏메이트',
        brandNameKo: '핏메이트',
        brandNameEn: 'FITMATE',
        logoImageUrl: '',
        productCount: 3,
      },
    ]);
    expect((await searchBrands(t.db, { sortDirection: 'ASC' })).map((b) => b.brandNo)).toEqual([10, 11]);
    expect((await searchBrands(t.db, { sortCriterion: 'LIKE_COUNT' })).map((b) => b.brandNo)).toEqual([
      11, 10,
    ]);
    expect(await searchBrands(t.db, { brandName: '%' })).toEqual([]);
  });
});

describe('categories kept per catalogue version', () => {
  /** t.db, with every statement it runs written down, and which of them answered the categories. */
  function counting() {
    const sql: string[] = [];
    let categoryReads = 0;
    const db = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return async (stmt: string | { sql: string }, ...rest: unknown[]) => {
          sql.push(typeof stmt === 'string' ? stmt : stmt.sql);
          const rs = (await (target.execute as (...a: unknown[]) => Promise<unknown>)(stmt, ...rest)) as {
            rows: Record<string, unknown>[];
          };
          const values = Object.values(rs.rows[0] ?? {});
          if (values.some((v) => typeof v === 'string' && v.startsWith('[{"category_no"'))) categoryReads++;
          return rs;
        };
      },
    });
    return { db, sql, categoryReads: () => categoryReads };
  }

  it('reads the categories once while the catalogue does not change: the menu and the page share them', async () => {
    const c = counting();
    const menu = await getCategories(c.db);
    const page = await getCategory(c.db, 529105, { brands: false });
    const again = await getCategories(c.db);
    expect(c.categoryReads()).toBe(1);
    expect(c.sql).toHaveLength(3); // one statement each: the version, with the rows when it moved
    expect(again).toEqual(menu);
    expect(page?.extra.category.label).toBe('방진패드');
  });

  it('reads them again once any catalogue write moved the version, in this process or another', async () => {
    const c = counting();
    await getCategories(c.db);
    await t.db.execute(`UPDATE categories SET label = '방진패드·매트' WHERE category_no = 529105`);
    try {
      const menu = await getCategories(c.db);
      expect(menu.multiLevelCategories[0]?.label).toBe('방진패드·매트');
      expect((await getCategory(c.db, 529105, { brands: false }))?.extra.path[0]?.label).toBe(
        '방진패드·매트',
      );
      expect(c.categoryReads()).toBe(2);
    } finally {
      await t.db.execute(`UPDATE categories SET label = '방진패드' WHERE category_no = 529105`);
    }
    expect((await getCategories(c.db)).multiLevelCategories[0]?.label).toBe('방진패드');
  });

  it("gives the header menu's tree as one object until the version moves, then a new one", async () => {
    const c = counting();
    const first = await getMenuCategories(c.db);
    expect(first).toEqual((await getCategories(c.db)).multiLevelCategories);
    expect(await getMenuCategories(c.db)).toBe(first); // the menu's HTML is kept by this object
    expect(c.sql).toHaveLength(3); // still one version read per call
    await t.db.execute(`UPDATE categories SET label = '방진패드·매트' WHERE category_no = 529105`);
    try {
      const moved = await getMenuCategories(c.db);
      expect(moved).not.toBe(first);
      expect(moved[0]?.label).toBe('방진패드·매트');
      expect(await getMenuCategories(c.db)).toBe(moved);
    } finally {
      await t.db.execute(`UPDATE categories SET label = '방진패드' WHERE category_no = 529105`);
    }
  });
});
