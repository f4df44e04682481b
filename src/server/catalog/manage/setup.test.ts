import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { AppError } from '../../platform/errors.ts';
import { getCategories, getCategory } from '../categories.ts';
import {
  createBrand,
  createCategory,
  createDeliveryTemplate,
  DeliveryTemplateInput,
  getAdminCategory,
  getCategoryTree,
  moveCategory,
  remoteAreaProblems,
  remoteAreasOf,
  updateBrand,
  updateCategory,
  updateDeliveryTemplate,
} from './setup.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

describe('category tree edits', () => {
  it('renumbers siblings on both sides of a move and keeps the subtree with it', async () => {
    const a = await createCategory(t.db, { parentNo: null, label: '가', isMenu: true, visible: true });
    const b = await createCategory(t.db, {
      parentNo: a.categoryNo,
      label: '가-1',
      isMenu: true,
      visible: true,
    });
    const c = await createCategory(t.db, {
      parentNo: a.categoryNo,
      label: '가-2',
      isMenu: true,
      visible: true,
    });
    const d = await createCategory(t.db, {
      parentNo: a.categoryNo,
      label: '가-3',
      isMenu: true,
      visible: true,
    });
    const leaf = await createCategory(t.db, {
      parentNo: c.categoryNo,
      label: '가-2-1',
      isMenu: true,
      visible: true,
    });
    expect([b.displayOrder, c.displayOrder, d.displayOrder]).toEqual([1, 2, 3]);

    // 가-3 first among its siblings
    await moveCategory(t.db, d.categoryNo, { version: d.version, parentNo: a.categoryNo, index: 0 });
    expect(
      (await getAdminCategory(t.db, a.categoryNo)).children.map((n) => [n.label, n.displayOrder]),
    ).toEqual([
      ['가-3', 1],
      ['가-1', 2],
      ['가-2', 3],
    ]);

    // 가-2 (with 가-2-1) under 방진패드 > 세탁기 방진패드, past the end: last
    const moved = await moveCategory(t.db, c.categoryNo, { version: c.version, parentNo: 529106, index: 99 });
    expect(moved).toMatchObject({ parentNo: 529106, depth: 3, displayOrder: 1 });
    expect(moved.children).toEqual([expect.objectContaining({ categoryNo: leaf.categoryNo, depth: 4 })]);
    expect(
      (await getAdminCategory(t.db, a.categoryNo)).children.map((n) => [n.label, n.displayOrder]),
    ).toEqual([
      ['가-3', 1],
      ['가-1', 2],
    ]);
    // siblings' versions stay: a rename the other manager started on 가-1 still saves
    expect((await updateCategory(t.db, b.categoryNo, { version: b.version, label: '가-하나' })).label).toBe(
      '가-하나',
    );
  });

  it('refuses the second of two managers who read the same version, keeping the first save', async () => {
    const cat = await createCategory(t.db, {
      parentNo: null,
      label: '동시 저장',
      isMenu: true,
      visible: true,
    });
    expect(await codeOf(updateCategory(t.db, cat.categoryNo, { version: cat.version, label: '첫째' }))).toBe(
      'ok',
    );
    expect(await codeOf(updateCategory(t.db, cat.categoryNo, { version: cat.version, visible: false }))).toBe(
      'VERSION_CONFLICT',
    );
    expect(
      await codeOf(moveCategory(t.db, cat.categoryNo, { version: cat.version, parentNo: 529105, index: 0 })),
    ).toBe('VERSION_CONFLICT');
    expect(await getAdminCategory(t.db, cat.categoryNo)).toMatchObject({
      label: '첫째',
      visible: true,
      parentNo: null,
      version: cat.version + 1,
    });
  });

  it('marks what a hidden parent hides, and the shop leaves it out of the menus but opens it by address', async () => {
    const top = await createCategory(t.db, {
      parentNo: null,
      label: '숨길 부모',
      isMenu: true,
      visible: false,
    });
    const child = await createCategory(t.db, {
      parentNo: top.categoryNo,
      label: '숨은 자식',
      isMenu: true,
      visible: true,
    });
    const hiddenChild = await createCategory(t.db, {
      parentNo: 529105,
      label: '숨긴 자식',
      isMenu: true,
      visible: false,
    });
    const tree = await getCategoryTree(t.db);
    const node = tree.menu.find((n) => n.categoryNo === top.categoryNo)!;
    expect(node).toMatchObject({ visible: false, hiddenInShop: true });
    expect(node.children[0]).toMatchObject({
      categoryNo: child.categoryNo,
      visible: true,
      hiddenInShop: true,
    });

    const shop = await getCategories(t.db);
    const shopNos = shop.flatCategories.flatMap((f) => [f.depth1CategoryNo, f.depth2CategoryNo]);
    expect(shopNos).not.toContain(top.categoryNo);
    expect(shopNos).not.toContain(child.categoryNo);
    expect(shopNos).not.toContain(hiddenChild.categoryNo);

    // by address: the hidden child of a visible parent answers with its path; the parent's subtree leaves it out
    const own = await getCategory(t.db, hiddenChild.categoryNo, { brands: false });
    expect(own?.extra.path.map((p) => p.categoryNo)).toEqual([529105, hiddenChild.categoryNo]);
    const parent = await getCategory(t.db, 529105, { brands: false });
    expect(parent?.multiLevelCategories[0]?.children.map((n) => n.categoryNo)).not.toContain(
      hiddenChild.categoryNo,
    );
    const underHidden = await getCategory(t.db, child.categoryNo, { brands: false });
    expect(underHidden?.extra.path.map((p) => p.label)).toEqual(['숨길 부모', '숨은 자식']);
  });
});

describe('brands', () => {
  it('treats names as taken whatever their case and outer spaces', async () => {
    const b = await createBrand(t.db, { name: 'Soft Step', nameKo: null, nameEn: null });
    expect(await codeOf(createBrand(t.db, { name: 'SOFT STEP' }))).toBe('BRAND_NAME_TAKEN');
    // renaming to its own name in another case is no clash with itself
    expect((await updateBrand(t.db, b.brandNo, { version: b.version, name: 'soft step' })).name).toBe(
      'soft step',
    );
  });
});

describe('delivery templates', () => {
  const input = (over: Partial<Record<string, unknown>> = {}) =>
    DeliveryTemplateInput.parse({
      name: '구간 배송',
      partnerNo: 1,
      deliveryType: 'PARCEL_DELIVERY',
      deliveryCompanyType: 'CJ',
      conditionType: 'FIXED_FEE',
      baseDeliveryAmt: 3000,
      returnDeliveryAmt: 3000,
      remoteDeliveryAmt: 3000,
      ...over,
    });

  it('keeps the ranges sorted and hands them to order pricing per template', async () => {
    const tpl = await createDeliveryTemplate(
      t.db,
      input({
        remoteAreas: [
          { zipFrom: '63000', zipTo: '63644', extraFee: 5000, label: '제주' },
          { zipFrom: '40200', zipTo: '40240', extraFee: 7000, label: '울릉' },
        ],
      }),
    );
    expect(tpl.remoteAreas.map((a) => a.zipFrom)).toEqual(['40200', '63000']);
    const ranges = await remoteAreasOf(t.db, [tpl.templateNo, 100, tpl.templateNo]);
    expect(ranges.get(tpl.templateNo)).toHaveLength(2);
    expect(ranges.has(100)).toBe(false);

    // a save that fails leaves the ranges as they were
    expect(
      await codeOf(
        updateDeliveryTemplate(t.db, tpl.templateNo, { ...input({ remoteAreas: [] }), version: 99 }),
      ),
    ).toBe('VERSION_CONFLICT');
    expect((await remoteAreasOf(t.db, [tpl.templateNo])).get(tpl.templateNo)).toHaveLength(2);
  });

  it('finds backwards and overlapping ranges, touching ones allowed only when they do not share a postcode', () => {
    const area = (zipFrom: string, zipTo: string) => ({ zipFrom, zipTo, extraFee: 0, label: '' });
    expect(remoteAreaProblems([area('10000', '10010'), area('10011', '10020')])).toEqual([]);
    expect(remoteAreaProblems([area('10000', '10010'), area('10010', '10020')])).toEqual([
      {
        path: 'remoteAreas.1.zipFrom',
        message: '2번째 구간(10010~10020)이 1번째 구간(10000~10010)과 겹칩니다.',
      },
    ]);
    // the later row is the one named, whichever comes first by postcode
    expect(remoteAreaProblems([area('20000', '20100'), area('19000', '20000')])[0]?.path).toBe(
      'remoteAreas.1.zipFrom',
    );
    expect(remoteAreaProblems([area('30000', '29999')])[0]?.path).toBe('remoteAreas.0.zipTo');
  });

  it('stores nothing a condition does not use', () => {
    expect(input({ conditionType: 'FREE', baseDeliveryAmt: 2500, aboveDeliveryAmt: 30000 })).toMatchObject({
      baseDeliveryAmt: 0,
      aboveDeliveryAmt: null,
    });
    expect(input({ aboveDeliveryAmt: 30000 }).aboveDeliveryAmt).toBeNull();
    expect(DeliveryTemplateInput.safeParse({ ...input(), conditionType: 'CONDITIONAL' }).success).toBe(false);
  });
});
