import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { recordingSql } from '../../../tests/fixtures/statements.ts';
import type { Db } from '../db/client.ts';
import { keptSummariesSettled } from './list-repo.ts';
import {
  allowedDistance,
  candidateWords,
  chooseCorrection,
  closestCandidates,
  correctKeyword,
  hangulFromQwerty,
  isCorrectable,
  sampleQueries,
  typoDistance,
} from './search-correction.ts';
import { listCatalog, searchProducts } from './service.ts';

/** "Did you mean" for a search that finds nothing (decision 069). */

/** Products whose words the searches below misspell (the fixture holds 방진 and 매트 products too). */
async function addTypoProducts(db: Db): Promise<void> {
  await db.batch(
    [
      [301, '세탁기 방진패드 4개입', 5],
      [302, '원형 방진패드', 1],
      [303, '방진매트 대형', 2],
      [304, 'Silent Pad Insulator', 3],
    ].map(([no, name, sales]) => ({
      sql: `INSERT INTO products (product_no, slug, product_name, search_keywords, partner_no, brand_no,
            delivery_template_no, sale_start_ymdt, sale_price, sale_cnt, register_ymdt, updated_ymdt)
          VALUES (?, ?, ?, '', 1, 10, 100, '2024-01-01T00:00:00.000Z', 10000, ?, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
      args: [no!, `typo-${no}`, name!, sales!],
    })),
    'write',
  );
  await db.execute(
    `INSERT INTO product_options (product_no, stock_cnt, is_default) SELECT product_no, 5, 1 FROM products WHERE product_no BETWEEN 301 AND 304`,
  );
}

describe('the distance between a typed word and a known one, over jamo', () => {
  it('counts jamo, with Koreans’ usual vowel and Shift slips at half', () => {
    // 펫 = ㅍㅔㅅ, 패 = ㅍㅐ: ㅔ for ㅐ (0.5) and a ㅅ too many (1)
    expect(typoDistance('방진펫드', '방진패드')).toBe(1.5);
    expect(typoDistance('방진페드', '방진패드')).toBe(0.5);
    expect(typoDistance('빵진패드', '방진패드')).toBe(0.5); // ㅃ for ㅂ: Shift held
    expect(typoDistance('방진매드', '방진매트')).toBe(1);
    expect(typoDistance('방진패드', '방진패드')).toBe(0);
    // two neighbours swapped cost one, in Latin as in jamo
    expect(typoDistance('insualtor', 'insulator')).toBe(1);
    expect(typoDistance('Insulater', 'insulator')).toBe(1);
    expect(typoDistance('방진패드', '요가매트')).toBeGreaterThan(4);
  });

  it('allows more for longer words, nothing for words too short to guess', () => {
    expect(allowedDistance('매트')).toBe(1); // ㅁㅐㅌㅡ
    expect(allowedDistance('방진패드')).toBe(2); // 10 jamo
    expect(allowedDistance('세탁기방진패드')).toBe(3);
    expect(allowedDistance('pad')).toBe(0);
    expect(allowedDistance('yoga')).toBe(1);
  });

  it('leaves 초성, numbers, one syllable and short Latin words alone', () => {
    for (const typed of ['ㅂㅈㅍㄷ', 'ㅂㅈ', '4개입', '패', 'xl', 'pad', 'a1b2'])
      expect(isCorrectable(typed)).toBe(false);
    for (const typed of ['방진펫드', '메트', 'insulater']) expect(isCorrectable(typed)).toBe(true);
  });
});

describe('candidates and the choice', () => {
  it('offers the pieces of the catalogue’s words around the typed length, and neighbours written together', () => {
    const words = candidateWords('세탁기방진펫드', [
      '프리미엄 세탁기 방진패드 4개입',
      '세탁기 방진패드 원형',
    ]);
    expect(words).toContainEqual({ term: '세탁기방진패드', products: 2 });
    const short = candidateWords('방진펫드', ['원형세탁기방진패드']).map((w) => w.term);
    expect(short).toContain('방진패드');
    expect(short.every((t) => [...t].length >= 3 && [...t].length <= 5)).toBe(true);
    expect(candidateWords('insulater', ['Silent Pad Insulator XL']).map((w) => w.term)).toEqual([
      'insulator',
    ]);
  });

  it('takes the closest word, and of equally close ones the one in the most products', () => {
    const words = [
      { term: '방진매트', products: 2 },
      { term: '방진패드', products: 5 },
      { term: '방석', products: 9 },
    ];
    const closest = closestCandidates('방진매드', words);
    expect(closest.map((w) => w.term).sort()).toEqual(['방진매트', '방진패드']);
    expect(chooseCorrection(closest)).toBe('방진패드');
    expect(chooseCorrection(closestCandidates('방진메트', words))).toBe('방진매트');
    // nothing within the threshold: no correction
    expect(closestCandidates('가나다라', words)).toEqual([]);
    expect(chooseCorrection([])).toBeNull();
  });

  it('reads a Latin word typed in English mode as Hangul only when it makes whole syllables', () => {
    expect(hangulFromQwerty('qkdwlsvoem')).toBe('방진패드');
    expect(hangulFromQwerty('yoga')).toBeNull();
    expect(hangulFromQwerty('방진')).toBeNull();
  });

  it('samples the products holding the word with each syllable left out', () => {
    expect(sampleQueries('방진펫드')).toEqual([
      'grams : "진펫 펫드"',
      'grams : "방" * AND grams : "펫드"',
      'grams : "방진" AND grams : "드" *',
      'grams : "방진 진펫"',
    ]);
  });
});

describe('a search that finds nothing', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seedCatalogFixture(t.db);
    await addTypoProducts(t.db);
  });
  afterAll(async () => {
    await keptSummariesSettled();
    t.close();
  });

  const search = (keywords: string, correctTypos = true, more: Parameters<typeof listCatalog>[1] = {}) =>
    listCatalog(t.db, { keywords, pageSize: 50, ...more }, { correctTypos });
  const nos = (page: { items: { productNo: number }[] }) => page.items.map((i) => i.productNo).sort();

  it('is searched again with the closest known word, and says which', async () => {
    const corrected = await search('방진펫드');
    expect(corrected.correctedKeyword).toBe('방진패드');
    expect(nos(corrected)).toEqual(nos(await search('방진패드')));
    expect(corrected.totalCount).toBeGreaterThan(0);
    // a word of several, a word written with its neighbour, a Latin word
    expect((await search('세탁기 방진펫드')).correctedKeyword).toBe('세탁기 방진패드');
    expect((await search('세탁기방진펫드')).correctedKeyword).toBe('세탁기방진패드');
    expect((await search('insulater')).correctedKeyword).toBe('insulator');
    expect(nos(await search('insulater'))).toEqual([304]);
    // typed in English mode
    expect((await search('qkdwlsvoem')).correctedKeyword).toBe('방진패드');
  });

  it('prefers, of equally close words, the one that finds the most products', async () => {
    // 매드 → 매트 and 매드 → 패드 are one jamo each; 방진패드 finds 4 products here, 방진매트 2
    expect((await search('방진매드')).correctedKeyword).toBe('방진패드');
    expect(await correctKeyword(t.db, '방진매드')).toBe('방진패드');
  });

  it('is not corrected when something is found, when nothing is close, or for 초성', async () => {
    for (const keyword of ['방진패드', '방진', '매트', 'ㅂㅈㅍㄷ']) {
      const page = await search(keyword);
      expect(page.totalCount, keyword).toBeGreaterThan(0);
      expect(page.correctedKeyword, keyword).toBeNull();
    }
    for (const keyword of ['없는상품이름', 'ㅂㅈㅍㅌ', 'zzzzzz', '가나다라']) {
      const page = await search(keyword);
      expect(page.totalCount, keyword).toBe(0);
      expect(page.correctedKeyword, keyword).toBeNull();
    }
  });

  it('is not corrected when asked for the text as typed, or when the filters found nothing', async () => {
    const asTyped = await search('방진펫드', false);
    expect(asTyped).toMatchObject({ totalCount: 0, correctedKeyword: null });
    // 방진패드 is known: the category is why nothing was found
    expect(await search('방진패드', true, { categoryNos: [757067] })).toMatchObject({
      totalCount: 0,
      correctedKeyword: null,
    });
    expect(await correctKeyword(t.db, '방진패드')).toBeNull();
  });

  it('fills Shopby’s correctedKeyword in the search API’s answer, keeping its shape', async () => {
    const corrected = await searchProducts(t.db, { keywords: '방진펫드' }, { correctTypos: true });
    const direct = await searchProducts(t.db, { keywords: '방진패드' });
    expect(corrected).toEqual({ ...direct, correctedKeyword: '방진패드' });
    expect((await searchProducts(t.db, { keywords: '방진펫드' })).correctedKeyword).toBeNull();
  });
});

describe('a correction kept with the summary of the search as typed (decision 076)', () => {
  let t: TestDb;
  let db: Db;
  let statements: string[] = [];
  beforeAll(async () => {
    t = await createTestDb();
    await seedCatalogFixture(t.db);
    await addTypoProducts(t.db);
    // every statement the searches run, one by one or in a batch
    ({ db, sql: statements } = recordingSql(t.db));
  });
  afterAll(async () => {
    await keptSummariesSettled();
    t.close();
  });
  beforeEach(async () => {
    await keptSummariesSettled();
    await t.db.execute('DELETE FROM list_summaries');
    statements.length = 0;
  });

  const search = (keywords: string, correctTypos = true) =>
    listCatalog(db, { keywords, pageSize: 50 }, { correctTypos });
  /** correctKeyword's statements: which words find something, and the samples of their products. */
  const correcting = () => statements.filter((s) => s.includes('AS n0') || s.includes(' AS text'));
  /** The summaries found afresh (not read from a kept row). */
  const summaries = () => statements.filter((s) => s.includes('WITH found AS MATERIALIZED'));
  const keptRows = async () =>
    (
      await t.db.execute('SELECT summary_key, total, corrected FROM list_summaries ORDER BY summary_key')
    ).rows.map((r) => [r.total, r.corrected]);

  it('answers the next request with one search, the corrected one, and the same answer', async () => {
    for (const [typed, corrected] of [
      ['방진펫드', '방진패드'],
      ['세탁기 방진펫드', '세탁기 방진패드'],
      ['insulater', 'insulator'],
      ['qkdwlsvoem', '방진패드'],
    ] as const) {
      statements.length = 0;
      const first = await search(typed);
      expect(first.correctedKeyword, typed).toBe(corrected);
      expect(correcting().length, typed).toBeGreaterThan(0);
      await keptSummariesSettled();
      statements.length = 0;
      const second = await search(typed);
      expect(second, typed).toEqual(first);
      // the kept row says what to search: no correction, and no summary of the text as typed
      expect(correcting(), typed).toEqual([]);
      expect(summaries(), typed).toHaveLength(1);
      expect(summaries()[0], typed).not.toContain(typed);
    }
    // the search API keeps its own (its summary has the facets), with the same answer as without it
    const api = await searchProducts(db, { keywords: '방진펫드' }, { correctTypos: true });
    await keptSummariesSettled();
    statements.length = 0;
    expect(await searchProducts(db, { keywords: '방진펫드' }, { correctTypos: true })).toEqual(api);
    expect(correcting()).toEqual([]);
    expect(api.correctedKeyword).toBe('방진패드');
  });

  it('keeps nothing when nothing was corrected, and is not read for the text as typed', async () => {
    for (const keyword of ['없는상품이름', 'zzzzzz', 'ㅂㅈㅍㅌ']) await search(keyword);
    await search('방진펫드', false);
    await keptSummariesSettled();
    expect(await keptRows()).toEqual([]);

    await search('방진펫드');
    await keptSummariesSettled();
    expect(await keptRows()).toEqual([[0, '["방진펫드","방진패드"]']]);
    expect(await search('방진펫드', false)).toMatchObject({
      totalCount: 0,
      correctedKeyword: null,
      items: [],
    });
  });

  it('is kept with the keyword as typed: the same words written apart are corrected apart', async () => {
    expect((await search('세탁기 방진펫드')).correctedKeyword).toBe('세탁기 방진패드');
    await keptSummariesSettled();
    // one filter (spaces are forgiven), so one summary, but not the same correction
    expect((await search('세탁기방진펫드')).correctedKeyword).toBe('세탁기방진패드');
    await keptSummariesSettled();
    expect((await search('세탁기 방진펫드')).correctedKeyword).toBe('세탁기 방진패드');
    expect(await keptRows()).toEqual([[0, '["세탁기 방진펫드","세탁기 방진패드"]']]);
  });

  it('is not read once the catalogue changed', async () => {
    await search('방진펫드');
    await keptSummariesSettled();
    // a product that holds the word as typed: the search finds it, nothing is corrected
    await t.db
      .execute(`INSERT INTO products (product_no, slug, product_name, search_keywords, partner_no, brand_no,
        delivery_template_no, sale_start_ymdt, sale_price, sale_cnt, register_ymdt, updated_ymdt)
      VALUES (305, 'typo-305', '방진펫드 커버', '', 1, 10, 100, '2024-01-01T00:00:00.000Z', 10000, 0,
        '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`);
    await t.db.execute(`INSERT INTO product_options (product_no, stock_cnt, is_default) VALUES (305, 5, 1)`);
    const after = await search('방진펫드');
    expect(after.correctedKeyword).toBeNull();
    expect(after.items.map((i) => i.productNo)).toEqual([305]);
  });
});
