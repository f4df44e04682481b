import { expect, open, test } from './support/fixtures.ts';
import { e2eDatabase } from './support/members.ts';

/**
 * A search that finds nothing is searched again with the closest word the catalogue holds, says so
 * next to the results' heading, and links to the text as typed (issue 16, decision 069). Demo data:
 * 모니터 스피커 아이솔레이션 패드 (src/server/db/seed/products/dampeners.ts); no other spec searches
 * for 아이솔레이션, so its count is this spec's.
 */

const TYPO = '아이솔래이션';
const WORD = '아이솔레이션';

/** The search counts kept in the e2e server's database (playwright.config.ts puts it in PODO_E2E_DIR). */
async function counted(keywords: string[]): Promise<string[]> {
  const client = e2eDatabase();
  try {
    const rows = await client.execute({
      sql: `SELECT DISTINCT keyword FROM search_counts WHERE keyword IN (${keywords.map(() => '?').join(', ')})`,
      args: keywords,
    });
    return rows.rows.map((r) => String(r.keyword)).sort();
  } finally {
    client.close();
  }
}

test('a typo is searched as the closest known word, with a notice and a link to the text as typed', async ({
  page,
}) => {
  await open(page, `/search?keyword=${encodeURIComponent(TYPO)}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`‘${WORD}’ 검색 결과`);
  // the notice is the heading's description, so a screen reader reads it with the heading
  const notice = `‘${TYPO}’에 대한 검색 결과가 없어 ‘${WORD}’으로 검색한 결과입니다.`;
  await expect(heading).toHaveAccessibleDescription(notice);
  await expect(page.getByText(notice)).toBeVisible();
  const products = page.getByRole('list', { name: '상품 목록' });
  await expect(products.getByRole('link', { name: /아이솔레이션 패드/ }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `‘${WORD}’ 검색 결과 ` })).toBeVisible();

  // the popular searches count the word searched, not the typo (added every 10 seconds)
  await expect.poll(() => counted([TYPO, WORD]), { timeout: 20_000 }).toEqual([WORD]);

  // the link searches the text as typed: nothing, and no correction
  await page.getByRole('link', { name: `‘${TYPO}’ 검색 결과 보기` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('original') === '1');
  await expect(page.getByText(`‘${TYPO}’에 대한 검색 결과가 없습니다.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`‘${TYPO}’ 검색 결과`);
  await expect(page.getByText('검색한 결과입니다.')).toHaveCount(0);
  await expect(products).toHaveCount(0);

  // the word itself finds its products as they are (catalog.spec.ts: a word close to nothing stays empty)
  await open(page, `/search?keyword=${encodeURIComponent(WORD)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`‘${WORD}’ 검색 결과`);
  await expect(page.getByText('검색한 결과입니다.')).toHaveCount(0);
  await expect(products.getByRole('listitem').first()).toBeVisible();
});
