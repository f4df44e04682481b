/**
 * Grows the demo catalogue to a given number of products for the bench, in one write transaction of
 * a few `INSERT … SELECT` statements (no row goes through JavaScript): realistic Korean names and
 * keywords ("프리미엄 세탁기 방진패드 4개입"), 65 brands, 1–8 options (≈4.5 on average), one image,
 * one category that fits the product's kind, prices with immediate discounts (some within a period),
 * and sales, reviews and likes skewed as in a real shop (few products sell most).
 */
import type { Client, InStatement } from '@libsql/client';

const PREFIXES = [
  '프리미엄',
  '원형',
  '사각',
  '대형',
  '소형',
  '실리콘',
  '고무',
  '논슬립',
  '저소음',
  '두꺼운',
].concat(['슬림', '친환경', '접이식', '고밀도']);
const USES = [
  '세탁기',
  '건조기',
  '러닝머신',
  '냉장고',
  '스피커',
  '의자',
  '책상',
  '소파',
  '침대',
  '에어컨',
].concat(['김치냉장고', '모니터', '피아노', '식탁', '실내자전거', '거실', '아기방']);
/** A kind of product and the display category it goes to. */
const KINDS: readonly [string, number][] = [
  ['방진패드', 529106],
  ['방진매트', 529107],
  ['인슐레이터', 529108],
  ['진동 방지 패드', 529109],
  ['받침대', 529109],
  ['쿠션', 612301],
  ['방석', 612302],
  ['등쿠션', 612302],
  ['층간소음 매트', 684501],
  ['소음방지 캡', 684501],
  ['흡음재', 684502],
  ['데스크 매트', 684503],
  ['요가매트', 757068],
  ['운동매트', 757068],
  ['밴드', 757069],
  ['폼롤러', 757070],
  ['마사지볼', 757070],
  ['덤벨', 757071],
];
const SUFFIXES = [
  '4개입',
  '2개 1세트',
  '대형',
  '8개입',
  '그레이',
  '블랙',
  '베이지',
  '100 x 100mm',
  '1+1',
  'XL',
];
const TAGS = ['소음 진동', '생활 소품', '선물 추천', '층간소음', '홈트', '인테리어', '자취', '사무실'];
const COLORS = ['그레이', '블랙', '화이트', '베이지', '네이비', '핑크', '민트', '브라운'];
const BRAND_FIRST = ['하늘', '바른', '조용', '포근', '든든', '고요'];
const BRAND_SECOND = ['리빙', '홈', '스텝', '핏', '랩', '하우스', '메이트', '공방', '상회', '디자인'];
const BRANDS = 65;
const FIRST_PRODUCT_NO = 1_000_001;

const pick = (list: string, index: string) => `json_extract(${list}, '$[' || (${index}) || ']')`;

/** The statements that add `count` products after the demo ones (numbers from FIRST_PRODUCT_NO). */
function growStatements(count: number, now: Date): InStatement[] {
  const day = (days: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', :now, '-' || (${days}) || ' days')`;
  const seq = `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < :count)`;
  const args = {
    count,
    first: FIRST_PRODUCT_NO,
    now: now.toISOString(),
    prefixes: JSON.stringify(PREFIXES),
    uses: JSON.stringify(USES),
    kinds: JSON.stringify(KINDS.map(([k]) => k)),
    kindCategories: JSON.stringify(KINDS.map(([, c]) => c)),
    suffixes: JSON.stringify(SUFFIXES),
    colors: JSON.stringify(COLORS),
    tags: JSON.stringify(TAGS),
  };
  // per product: independent pseudo-random picks from its number
  const kind = `((n * 7) % ${KINDS.length})`;
  const use = `((n * 13 + n / 17) % ${USES.length})`;
  const prefix = `((n * 5 + n / 7) % ${PREFIXES.length})`;
  const suffix = `((n * 3 + n / 11) % ${SUFFIXES.length})`;
  const popularity = `(((n * 104729) % 1000) * ((n * 104729) % 1000) / 1000)`;
  const brandRows = BRAND_FIRST.flatMap((a) => BRAND_SECOND.map((b) => `${a}${b}`)).slice(0, BRANDS - 5);
  return [
    {
      sql: `INSERT OR IGNORE INTO brands (brand_no, brand_name, brand_name_ko, display_order)
        SELECT 20006 + key, value, value, 10 + key FROM json_each(:names)`,
      args: { names: JSON.stringify(brandRows) },
    },
    {
      sql: `${seq}
        INSERT INTO products (product_no, slug, product_name, product_management_cd, partner_no, brand_no,
          delivery_template_no, sale_status, sale_start_ymdt, sale_price, immediate_discount_value,
          immediate_discount_unit, immediate_discount_start_ymdt, immediate_discount_end_ymdt, option_labels,
          search_keywords, content, accumulation_rate, sale_cnt, review_cnt, review_rating, like_cnt,
          register_ymdt, updated_ymdt)
        SELECT :first + n, 'bench-' || (:first + n),
          ${pick(':prefixes', prefix)} || ' ' || ${pick(':uses', use)} || ' ' || ${pick(':kinds', kind)} || ' ' || ${pick(':suffixes', suffix)},
          'BEN-' || (:first + n), 10001 + n % 4, 20001 + (n * 13) % ${BRANDS}, 30001 + n % 5,
          CASE WHEN n % 100 = 99 THEN 'FINISHED' ELSE 'ONSALE' END, ${day('(n * 31) % 730 + 1')},
          3000 + ((n * 7919) % 190) * 500,
          CASE WHEN n % 5 = 0 THEN 10 WHEN n % 20 = 3 THEN 2000 ELSE 0 END,
          CASE WHEN n % 20 = 3 THEN 'WON' ELSE 'RATE' END,
          CASE WHEN n % 20 = 3 THEN ${day('10')} END,
          CASE WHEN n % 20 = 3 THEN ${day('-20')} END,
          CASE WHEN (n * 37) % 8 > 0 THEN '색상' ELSE '' END,
          ${pick(':uses', use)} || ' ' || ${pick(':kinds', kind)} || ' ' || ${pick(':prefixes', prefix)} || ' ' || ${pick(':tags', `(n * 11) % ${TAGS.length}`)},
          '<p>벤치 상품입니다.</p>', 1,
          ${popularity}, ${popularity} / 4 + n % 3, 3.5 + (n % 16) / 10.0, ${popularity} / 3,
          ${day('(n * 31) % 730 + 1')}, :now
        FROM seq`,
      args,
    },
    {
      sql: `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < :count),
          slot(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM slot WHERE j + 1 < 8)
        INSERT INTO product_options (product_no, value1, add_price, stock_cnt, is_default, display_order)
        SELECT :first + n, CASE WHEN (n * 37) % 8 > 0 THEN ${pick(':colors', 'j')} END, (j % 4) * 500,
          CASE WHEN n % 40 = 0 THEN 0 ELSE (n * (j + 3)) % 50 + 1 END, (n * 37) % 8 = 0, j
        FROM seq JOIN slot ON j <= (n * 37) % 8`,
      args: { count, first: FIRST_PRODUCT_NO, colors: JSON.stringify(COLORS) },
    },
    {
      sql: `${seq}, demo AS (SELECT ROW_NUMBER() OVER (ORDER BY image_no) - 1 AS i, url, width, height, variants
          FROM product_images WHERE is_main = 1),
          total AS (SELECT COUNT(*) AS c FROM demo)
        INSERT INTO product_images (product_no, display_order, is_main, url, width, height, alt, variants)
        SELECT :first + n, 0, 1, demo.url, demo.width, demo.height, '대표 이미지', demo.variants
        FROM seq JOIN total JOIN demo ON demo.i = n % total.c`,
      args: { count, first: FIRST_PRODUCT_NO },
    },
    {
      sql: `${seq}
        INSERT INTO product_categories (product_no, category_no, display_order)
        SELECT :first + n, ${pick(':kindCategories', kind)}, 0 FROM seq`,
      args: { count, first: FIRST_PRODUCT_NO, kindCategories: args.kindCategories },
    },
  ];
}

/**
 * The keyword index of a build that keeps it by hand (the trigram `product_search` table before
 * the bigram index and its triggers): the added products' rows written as its rebuild writes them.
 */
async function indexByHand(tx: Pick<Client, 'execute'>): Promise<void> {
  const triggers = await tx.execute(
    "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'products'",
  );
  const trigram = await tx.execute(
    "SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'product_search' AND sql LIKE '%trigram%'",
  );
  if (Number(triggers.rows[0]?.n) > 0 || Number(trigram.rows[0]?.n) === 0) return;
  await tx.execute({
    sql: `INSERT INTO product_search (rowid, product_name, search_keywords, brand_name, partner_name)
      SELECT p.product_no, p.product_name, p.search_keywords, COALESCE(b.brand_name, ''), pa.partner_name
      FROM products p LEFT JOIN brands b ON b.brand_no = p.brand_no JOIN partners pa ON pa.partner_no = p.partner_no
      WHERE p.product_no >= ?`,
    args: [FIRST_PRODUCT_NO],
  });
}

/** Adds products until the catalogue has `total` (none when it already has as many); ms taken. */
export async function growCatalogue(client: Client, total: number, now = new Date()): Promise<number> {
  const start = performance.now();
  const existing = Number((await client.execute('SELECT COUNT(*) AS n FROM products')).rows[0]?.n ?? 0);
  const count = total - existing;
  if (count <= 0) return 0;
  const tx = await client.transaction('write');
  try {
    await tx.batch(growStatements(count, now));
    await indexByHand(tx);
    await tx.commit();
  } finally {
    tx.close();
  }
  return performance.now() - start;
}
