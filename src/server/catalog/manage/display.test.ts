import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { getDisplaySection, getDisplaySections, getHomeSections } from '../service.ts';
import { createSection, listSections, updateSection } from './display.ts';
import { isoToSeoulLocal, landingUrlOf, periodTimeToIso, seoulLocalToIso } from './display-schema.ts';

describe('banner links', () => {
  it('keeps paths on this shop and https addresses, re-serialised', () => {
    expect(landingUrlOf('/product/100001')).toBe('/product/100001');
    expect(landingUrlOf('/search?keyword=방진')).toBe('/search?keyword=%EB%B0%A9%EC%A7%84');
    expect(landingUrlOf('https://Example.com/a b'.replace(' ', '%20'))).toBe('https://example.com/a%20b');
    expect(landingUrlOf('HTTPS://example.com')).toBe('https://example.com/');
  });

  it('refuses every other scheme and anything that would leave the shop by a trick', () => {
    for (const url of [
      '',
      ' ',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://example.com',
      '//example.com',
      '/\\example.com',
      '/%5Cexample.com',
      '/%2F%2Fexample.com',
      'https://example.com/a b',
      'https://a:b@example.com/',
      'https://intranet/',
      'mailto:a@example.com',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(landingUrlOf(url), url).toBeNull();
    }
  });
});

describe('periods in Seoul time', () => {
  it('reads a datetime-local value as Seoul time and stores UTC', () => {
    expect(seoulLocalToIso('2026-05-01T09:00')).toBe('2026-05-01T00:00:00.000Z');
    expect(seoulLocalToIso('2026-01-01T00:30:15')).toBe('2025-12-31T15:30:15.000Z');
    expect(isoToSeoulLocal('2025-12-31T15:30:15.000Z')).toBe('2026-01-01T00:30');
    expect(isoToSeoulLocal(null)).toBeNull();
  });

  it('takes ISO times with their offset too, as the rest of the manager API does', () => {
    expect(periodTimeToIso('2026-05-01T09:00')).toBe('2026-05-01T00:00:00.000Z');
    expect(periodTimeToIso('2026-05-01T09:00:00+09:00')).toBe('2026-05-01T00:00:00.000Z');
    expect(periodTimeToIso('2026-05-01T00:00:00.000Z')).toBe('2026-05-01T00:00:00.000Z');
    expect(periodTimeToIso('2026-02-30T00:00:00Z')).toBeNull();
    expect(periodTimeToIso('2026-05-01T09:00+9')).toBeNull();
  });

  it('refuses dates that do not exist or are not in the form', () => {
    for (const v of [
      '2026-02-30T10:00',
      '2026-13-01T00:00',
      '2026-05-01T24:00',
      '2026-05-01',
      '1999-01-01T00:00',
      'x',
    ])
      expect(seoulLocalToIso(v), v).toBeNull();
  });
});

describe('rule sections on the storefront', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seedCatalogFixture(t.db);
  });
  afterAll(() => t.close());

  it('reads several sections at once as each alone, rule sections and sorts on request included', async () => {
    const base = { label: '규칙', onHome: true, ruleLimit: 3 } as const;
    const best = (await createSection(t.db, { ...fill(base), ruleType: 'BEST' })).section.sectionNo;
    const fresh = (await createSection(t.db, { ...fill(base), ruleType: 'NEW' })).section.sectionNo;
    const cat = (
      await createSection(t.db, { ...fill(base), ruleType: 'CATEGORY', ruleCategoryNo: 757067, ruleLimit: 2 })
    ).section.sectionNo;
    const queries = [
      {},
      { pageSize: 2 },
      { pageSize: 2, pageNumber: 2 },
      { by: 'DISCOUNTED_PRICE', direction: 'ASC', hasOptionValues: true },
      { direction: 'ASC' },
      { soldout: false, saleStatus: 'ONSALE' },
    ] as const;
    for (const query of queries) {
      const many = await getDisplaySections(t.db, [best, 1, fresh, cat, 3], query);
      const one = (no: number) => getDisplaySection(t.db, no, query, { count: false });
      expect(many, JSON.stringify(query)).toEqual([
        await one(best),
        await one(1),
        await one(fresh),
        await one(cat),
        null,
      ]);
    }
    const nos = async (no: number, query = {}) =>
      (await getDisplaySection(t.db, no, query))?.products.map((p) => p.productNo);
    expect(await nos(best)).toEqual([103, 101, 102]);
    // the rule picks the top 3, the asked direction turns them round
    expect(await nos(best, { direction: 'ASC' })).toEqual([102, 101, 103]);
    // sold-out products left out on request: the rule picks from what is left
    expect(await nos(fresh, { soldout: false })).toEqual([108, 104, 103]);
    expect(await nos(cat)).toEqual([103, 104]);
    expect((await getDisplaySection(t.db, cat))?.extra.sortType).toBe('POPULAR');

    const home = await getHomeSections(t.db, { pageSize: 2 });
    expect(home.map((h) => [h.section.sectionNo, h.ruleType, h.section.products.length])).toEqual([
      [best, 'BEST', 2],
      [fresh, 'NEW', 2],
      [cat, 'CATEGORY', 2],
    ]);
    const hidden = (await listSections(t.db)).sections.find((s) => s.sectionNo === fresh)!;
    await updateSection(t.db, fresh, { version: hidden.version, visible: false });
    expect((await getHomeSections(t.db)).map((h) => h.section.sectionNo)).toEqual([best, cat]);
  });
});

/** A section input with the defaults the schema would give. */
function fill<T extends object>(v: T) {
  return {
    sectionExplain: '',
    ruleType: 'MANUAL' as const,
    ruleCategoryNo: null,
    ruleLimit: 12,
    sortType: 'ADMIN_SETTING' as const,
    onHome: false,
    visible: true,
    displayStart: null,
    displayEnd: null,
    label: '',
    ...v,
  };
}
