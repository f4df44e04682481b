import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { indexTerms, parseSearch } from './search-terms.ts';

const product = (name: string, keywords = '', brand: string | null = null, partner = '포도') => ({
  name,
  keywords,
  brand,
  partner,
});

describe('indexTerms', () => {
  it('cuts Hangul into overlapping bigrams across spaces, each run ending with its last syllable', () => {
    expect(indexTerms(product('세탁기 방진패드', '', null, '')).grams).toBe(
      '세탁 탁기 기방 방진 진패 패드 드',
    );
  });

  it('keeps fields and non-Hangul characters apart, and one-syllable runs as they are', () => {
    expect(indexTerms(product('방진패드 4개입', '받침', '포도', '포도')).grams).toBe(
      '방진 진패 패드 드 개입 입 받침 침 포도 도 포도 도',
    );
    expect(indexTerms(product('컵', '', null, '')).grams).toBe('컵');
  });

  it('keeps Latin words and numbers as words', () => {
    expect(indexTerms(product('Silent Pad XL 쿠션', 'pad', '핏메이트', '바른')).words).toBe(
      'Silent Pad XL 쿠션 pad 핏메이트 바른',
    );
  });

  it('indexes the initial consonants (초성) of the name and brand as bigrams', () => {
    expect(indexTerms(product('방진 패드', '', '포도', '')).initials).toBe('ㅂㅈ ㅈㅍ ㅍㄷ ㄷ ㅍㄷ ㄷ');
    expect(indexTerms(product('쌍둥이 매트', '', null, '')).initials).toBe('ㅆㄷ ㄷㅇ ㅇㅁ ㅁㅌ ㅌ');
  });
});

describe('parseSearch', () => {
  it('asks for a two-syllable word as one bigram, a one-syllable word as a prefix', () => {
    expect(parseSearch('방진')).toEqual({ match: 'grams : "방진"', exact: null });
    expect(parseSearch('컵')).toEqual({ match: 'grams : "컵" *', exact: null });
  });

  it('asks for a longer word as a phrase of bigrams, or cut once in two pieces', () => {
    const q = parseSearch('세탁기패드');
    expect(q?.exact).toBe('grams : "세탁 탁기 기패 패드"');
    // the phrase as typed is in every cut already: the index reads no list for it on its own
    expect(q?.match).toBe(
      '((grams : "세탁") AND (grams : "기패 패드")) OR ((grams : "세탁 탁기") AND (grams : "패드"))',
    );
    expect(parseSearch('방진패드')).toEqual({
      match: '(grams : "방진") AND (grams : "패드")',
      exact: 'grams : "방진 진패 패드"',
    });
  });

  it('gives the same query for a text with or without spaces', () => {
    expect(parseSearch('방진 패드')).toEqual(parseSearch('방진패드'));
  });

  it('reads 초성 and Latin words', () => {
    expect(parseSearch('ㅂㅈㅍㄷ')?.match).toBe('initials : "ㅂㅈ ㅈㅍ ㅍㄷ"');
    expect(parseSearch('ㅂ')?.match).toBe('initials : "ㅂ" *');
    expect(parseSearch('Silent')?.match).toBe('words : "silent" *');
    expect(parseSearch('방진패드4P')?.exact).toBe('(grams : "방진 진패 패드") AND (words : "4p" *)');
  });

  it('leaves FTS5 syntax typed by a shopper as text, and nothing to search as null', () => {
    expect(parseSearch('a" OR NEAR(b')?.match).toBe(
      '(words : "a" *) AND (words : "or" *) AND (words : "near" *) AND (words : "b" *)',
    );
    expect(parseSearch('%_ "')).toBeNull();
    expect(parseSearch('', undefined, '  ')).toBeNull();
  });

  it('joins several texts (keywords and keywords in the result)', () => {
    expect(parseSearch('방진', '매트')).toEqual(parseSearch('방진 매트'));
  });
});

describe('the index in SQL says what indexTerms says', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seedCatalogFixture(t.db);
  });
  afterAll(() => t.close());

  it('for every product of the fixture, and names with mixed scripts and punctuation', async () => {
    await t.db.execute(
      `INSERT INTO products (product_no, slug, product_name, search_keywords, partner_no, brand_no, delivery_template_no,
        sale_start_ymdt, sale_price, register_ymdt, updated_ymdt)
       VALUES (401, 'mixed', '세탁기·건조기 겸용 (2개) Pad-XL 쌍둥이', '꿀잠 100x100 A', 2, 11, 101, '2024-01-01', 1, '2024-01-01', '2024-01-01')`,
    );
    const rs = await t.db.execute(`SELECT s.product_no, s.grams, s.words, s.initials,
        p.product_name, p.search_keywords, b.brand_name, pa.partner_name
      FROM product_terms_source s JOIN products p ON p.product_no = s.product_no
      LEFT JOIN brands b ON b.brand_no = p.brand_no JOIN partners pa ON pa.partner_no = p.partner_no`);
    expect(rs.rows.length).toBeGreaterThan(9);
    for (const r of rs.rows) {
      const js = indexTerms({
        name: String(r.product_name),
        keywords: String(r.search_keywords),
        brand: r.brand_name === null ? null : String(r.brand_name),
        partner: String(r.partner_name),
      });
      expect({ grams: r.grams ?? '', words: r.words, initials: r.initials ?? '' }).toEqual(js);
    }
  });
});
