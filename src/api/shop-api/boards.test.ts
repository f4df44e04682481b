import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { useDbForTests } from '../../server/db/client.ts';
import { BOARD_NO } from '../../lib/board-rules.ts';
import { seedBoardDemo } from '../../server/board/demo-content.ts';
import { getArticle, neighbours } from '../../server/board/service.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();
let admin: TestMember;
let alice: TestMember;
let bob: TestMember;

const NOTICE = BOARD_NO.notice;
const FAQ = BOARD_NO.faq;
const BUGS = BOARD_NO.bugReport;

interface Item {
  articleNo: number;
  title: string;
  notice: boolean;
  content: string;
  viewCnt: number;
  categoryLabel: string;
  registerName: string;
}

const list = async (path: string, member?: TestMember) => {
  const res = await call(api, `/shop-api/boards/${path}`, { member });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { totalCount: number; items: Item[] };
};

beforeAll(async () => {
  t = await createTestDb();
  expect(await seedBoardDemo(t.db, 'demo')).toBe(true);
  admin = await testMember(t.db, { admin: true });
  alice = await testMember(t.db);
  bob = await testMember(t.db);
});
afterAll(() => t.close());

describe('demo board content', () => {
  it('is seeded once', async () => {
    expect(await seedBoardDemo(t.db, 'demo')).toBe(false);
  });

  it('is never seeded in live mode', async () => {
    const empty = await createTestDb();
    try {
      expect(await seedBoardDemo(empty.db, 'live')).toBe(false);
      const n = await empty.db.execute('SELECT COUNT(*) AS n FROM board_articles');
      expect(Number(n.rows[0]?.n)).toBe(0);
    } finally {
      empty.close();
      useDbForTests(t.db); // createTestDb made the empty one the process's database
    }
  });
});

describe('GET /boards/{boardNo}/articles', () => {
  it('lists the seeded notices with the pinned ones first, then newest first', async () => {
    const body = await list(`${NOTICE}/articles?pageNumber=1&pageSize=20&hasTotalCount=true`);
    expect(body.totalCount).toBe(13);
    expect(body.items.slice(0, 2).every((i) => i.notice)).toBe(true);
    expect(body.items.slice(2).some((i) => i.notice)).toBe(false);
    const rest = body.items.slice(2).map((i) => i.articleNo);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(body.items[0]).toMatchObject({ registerName: '운영자', categoryLabel: '' });
  });

  it('pages with pageNumber and pageSize', async () => {
    const all = (await list(`${NOTICE}/articles?pageSize=100`)).items.map((i) => i.articleNo);
    const p1 = await list(`${NOTICE}/articles?pageNumber=1&pageSize=5`);
    const p3 = await list(`${NOTICE}/articles?pageNumber=3&pageSize=5`);
    const p4 = await list(`${NOTICE}/articles?pageNumber=4&pageSize=5`);
    expect(p1.items.map((i) => i.articleNo)).toEqual(all.slice(0, 5));
    expect(p3.items.map((i) => i.articleNo)).toEqual(all.slice(10, 13));
    expect(p3.totalCount).toBe(13);
    expect(p4.items).toEqual([]);
  });

  it('searches titles, contents or both', async () => {
    const title = await list(`${NOTICE}/articles?keyword=${encodeURIComponent('배송')}&searchType=TITLE`);
    expect(title.items.length).toBeGreaterThan(0);
    expect(title.items.every((i) => i.title.includes('배송'))).toBe(true);
    // "가상계좌" is written in a notice's title ("무통장 입금(가상계좌)…") and in another's text
    const content = await list(
      `${NOTICE}/articles?keyword=${encodeURIComponent('택배사 휴무')}&searchType=CONTENT`,
    );
    expect(content.items.map((i) => i.title)).toEqual(['2025년 추석 연휴 배송 안내']);
    const both = await list(`${NOTICE}/articles?keyword=${encodeURIComponent('가상계좌')}`);
    expect(both.totalCount).toBeGreaterThanOrEqual(1);
    expect((await list(`${NOTICE}/articles?keyword=${encodeURIComponent('없는검색어zz')}`)).totalCount).toBe(
      0,
    );
    // an empty keyword is no keyword
    expect((await list(`${NOTICE}/articles?keyword=&searchType=`)).totalCount).toBe(13);
  });

  it('refuses bad page numbers and unknown search types with 400, and unknown boards with 404', async () => {
    for (const qs of [
      'pageNumber=0',
      'pageNumber=abc',
      'pageSize=101',
      'searchType=EVERYTHING',
      'categoryNo=-1',
    ]) {
      const res = await call(api, `/shop-api/boards/${NOTICE}/articles?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
    expect((await call(api, '/shop-api/boards/999/articles')).status).toBe(404);
    expect((await call(api, '/shop-api/boards/abc/articles')).status).toBe(404);
  });
});

describe('GET /boards/{boardNo}/articles/{articleNo}', () => {
  it('answers the article and counts a view each time', async () => {
    const first = (await list(`${NOTICE}/articles?pageSize=1`)).items[0]!;
    const a = await (await call(api, `/shop-api/boards/${NOTICE}/articles/${first.articleNo}`)).json();
    const b = await (await call(api, `/shop-api/boards/${NOTICE}/articles/${first.articleNo}`)).json();
    expect(a).toMatchObject({
      articleNo: first.articleNo,
      title: first.title,
      notice: true,
      registerType: 'ADMIN',
    });
    expect(a.content).toContain('<');
    expect(b.viewCnt).toBe(a.viewCnt + 1);
    expect(a.registerYmdt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('is 404 for an unknown article and for an article asked for under another board', async () => {
    expect((await call(api, `/shop-api/boards/${NOTICE}/articles/99999`)).status).toBe(404);
    const faq = (await list(`${FAQ}/articles?pageSize=1`)).items[0]!;
    expect((await call(api, `/shop-api/boards/${NOTICE}/articles/${faq.articleNo}`)).status).toBe(404);
  });

  it('knows the previous (older) and next (newer) notice', async () => {
    const nos = (await list(`${NOTICE}/articles?pageSize=100`)).items
      .map((i) => i.articleNo)
      .sort((a, b) => a - b);
    const middle = nos[5]!;
    const n = await neighbours(t.db, NOTICE, middle);
    expect(n.previous?.articleNo).toBe(nos[4]);
    expect(n.next?.articleNo).toBe(nos[6]);
    expect((await neighbours(t.db, NOTICE, nos[0]!)).previous).toBeNull();
    expect((await neighbours(t.db, NOTICE, nos.at(-1)!)).next).toBeNull();
  });
});

describe('FAQ categories', () => {
  it('lists the FAQ categories in order and filters entries by category', async () => {
    const res = await call(api, `/shop-api/boards/${FAQ}/categories`);
    expect(res.status).toBe(200);
    const categories = (await res.json()) as { categoryNo: number; label: string }[];
    expect(categories.map((c) => c.label)).toEqual(['회원', '주문·결제', '배송', '교환·반품', '커스텀 제작']);
    const custom = categories.find((c) => c.label === '커스텀 제작')!;
    const entries = await list(`${FAQ}/articles?categoryNo=${custom.categoryNo}&pageSize=50`);
    expect(entries.totalCount).toBeGreaterThanOrEqual(3);
    expect(entries.items.every((i) => i.categoryLabel === '커스텀 제작')).toBe(true);
    expect((await list(`${FAQ}/articles?pageSize=100`)).totalCount).toBeGreaterThanOrEqual(15);
  });
});

describe('writing notices', () => {
  const notice = { articleTitle: '회원이 쓴 공지', articleContent: '안 됩니다' };

  it('refuses members who are not administrators (403) and visitors (401)', async () => {
    expect(
      (await call(api, `/shop-api/boards/${NOTICE}/articles`, { body: notice, member: alice })).status,
    ).toBe(403);
    expect((await call(api, `/shop-api/boards/${NOTICE}/articles`, { body: notice })).status).toBe(401);
    const manager = { title: '회원이 쓴 공지', content: '안 됩니다' };
    expect(
      (await call(api, `/api/manager/boards/${NOTICE}/articles`, { body: manager, member: alice })).status,
    ).toBe(403);
    expect((await call(api, `/api/manager/boards/${NOTICE}/articles`, { body: manager })).status).toBe(401);
    expect(
      (await list(`${NOTICE}/articles?pageSize=100`)).items.some((i) => i.title === '회원이 쓴 공지'),
    ).toBe(false);
  });

  it('lets an administrator write, edit, pin and delete a notice', async () => {
    const res = await call(api, `/api/manager/boards/${NOTICE}/articles`, {
      member: admin,
      body: {
        title: '새 공지입니다',
        content: '## 안내\n\n**굵은** 글씨와 [링크](/board/faq)',
        contentFormat: 'MARKDOWN',
      },
    });
    expect(res.status).toBe(201);
    const { articleNo } = await res.json();
    let items = (await list(`${NOTICE}/articles?pageSize=100`)).items;
    expect(items[2]).toMatchObject({
      articleNo,
      title: '새 공지입니다',
      notice: false,
      registerName: '관리자',
    });
    const detail = await (await call(api, `/shop-api/boards/${NOTICE}/articles/${articleNo}`)).json();
    expect(detail.content).toContain('<h2>안내</h2>');
    expect(detail.content).toContain('<a href="/board/faq">링크</a>');

    const edit = await call(api, `/api/manager/boards/${NOTICE}/articles/${articleNo}`, {
      method: 'PUT',
      member: admin,
      body: { title: '고친 공지', content: '고친 내용', contentFormat: 'MARKDOWN' },
    });
    expect(edit.status).toBe(204);
    const pin = await call(api, `/api/manager/boards/${NOTICE}/articles/${articleNo}/notice`, {
      method: 'PUT',
      member: admin,
      body: { notice: true },
    });
    expect(pin.status).toBe(204);
    items = (await list(`${NOTICE}/articles?pageSize=100`)).items;
    expect(items[0]).toMatchObject({ articleNo, title: '고친 공지', notice: true });
    expect(items.filter((i) => i.notice)).toHaveLength(3);

    expect(
      (
        await call(api, `/api/manager/boards/${NOTICE}/articles/${articleNo}/notice`, {
          method: 'PUT',
          member: alice,
          body: { notice: false },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(api, `/api/manager/boards/${NOTICE}/articles/${articleNo}`, {
          method: 'DELETE',
          member: alice,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(api, `/api/manager/boards/${NOTICE}/articles/${articleNo}`, {
          method: 'DELETE',
          member: admin,
        })
      ).status,
    ).toBe(204);
    expect((await call(api, `/shop-api/boards/${NOTICE}/articles/${articleNo}`)).status).toBe(404);
  });

  it('requires a category for FAQ entries, from the FAQ board', async () => {
    const body = { title: '질문', content: '답변', contentFormat: 'MARKDOWN' };
    expect((await call(api, `/api/manager/boards/${FAQ}/articles`, { member: admin, body })).status).toBe(
      400,
    );
    expect(
      (
        await call(api, `/api/manager/boards/${FAQ}/articles`, {
          member: admin,
          body: { ...body, categoryNo: 2001 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(api, `/api/manager/boards/${FAQ}/articles`, {
          member: admin,
          body: { ...body, categoryNo: 1003 },
        })
      ).status,
    ).toBe(201);
  });
});

describe('stored script in notice text', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(2)">',
    '[click](javascript:alert(3))',
    '<a href="JaVaScRiPt:alert(4)">x</a>',
    '<a href="java&#x09;script:alert(5)">y</a>',
    '<svg onload=alert(6)><script>alert(7)</script></svg>',
    '<iframe src="javascript:alert(8)"></iframe>',
    '<p style="background:url(javascript:alert(9))" onclick="alert(10)">text</p>',
    '<style>body{display:none}</style>',
  ].join('\n\n');

  /** No script element, handler or script URL in any tag (the words may stay as harmless text). */
  const inert = (html: string) => {
    expect(html).not.toMatch(/<script|<style|<iframe|<svg/i);
    const tags = html.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/script/i);
      expect(tag).not.toMatch(/style=/i);
    }
  };

  it('is sanitised when written, in Markdown and in HTML, and the API only gives the sanitised HTML', async () => {
    for (const contentFormat of ['MARKDOWN', 'HTML'] as const) {
      const res = await call(api, `/api/manager/boards/${NOTICE}/articles`, {
        member: admin,
        body: { title: `스크립트 ${contentFormat}`, content: `안내문\n\n${attacks}`, contentFormat },
      });
      expect(res.status).toBe(201);
      const { articleNo } = await res.json();
      const stored = await t.db.execute({
        sql: 'SELECT content_html FROM board_articles WHERE article_no = ?',
        args: [articleNo],
      });
      inert(String(stored.rows[0]!.content_html));
      const detail = await (await call(api, `/shop-api/boards/${NOTICE}/articles/${articleNo}`)).json();
      inert(detail.content);
      expect(detail.content).toContain('text');
      const items = (await list(`${NOTICE}/articles?pageSize=100`)).items;
      inert(items.find((i) => i.articleNo === articleNo)!.content);
    }
  });

  it('is inert even when a row was written around the service (read-time sanitising)', async () => {
    await t.db.execute({
      sql: `INSERT INTO board_articles (article_no, board_no, title, content_format, content_source, content_html, content_text,
              register_type, register_name, created_at) VALUES (9001, ?, '직접 넣은 글', 'HTML', ?, ?, '', 'ADMIN', '운영자', ?)`,
      args: [NOTICE, attacks, `<p>본문</p>${attacks.replace(/\n/g, '')}`, new Date().toISOString()],
    });
    const article = await getArticle(t.db, NOTICE, 9001, null);
    inert(article!.contentHtml);
    const detail = await (await call(api, `/shop-api/boards/${NOTICE}/articles/9001`)).json();
    inert(detail.content);
  });

  it("the manager's preview goes through the same sanitiser", async () => {
    const res = await call(api, '/api/manager/board/preview', {
      member: admin,
      body: { contentFormat: 'MARKDOWN', content: attacks },
    });
    expect(res.status).toBe(200);
    inert((await res.json()).html);
    expect(
      (await call(api, '/api/manager/board/preview', { member: alice, body: { content: 'x' } })).status,
    ).toBe(403);
  });
});

describe('bug reports (board 280047)', () => {
  it('members post reports that only they and administrators can read', async () => {
    const res = await call(api, `/shop-api/boards/${BUGS}/articles`, {
      member: alice,
      body: {
        articleTitle: '결제 버튼이 눌리지 않아요',
        articleContent: '<b>굵게</b> 결제하기 버튼을 눌러도 반응이 없습니다.',
        boardCategoryNo: 2002,
        pageUrl: '/cart',
      },
    });
    expect(res.status).toBe(201);
    const { articleNo } = await res.json();

    const own = await list(`${BUGS}/articles`, alice);
    expect(own.items.map((i) => i.articleNo)).toContain(articleNo);
    // a member's text is text: no tags from a member reach a page
    expect(own.items[0]!.content).toContain('&lt;b&gt;굵게&lt;/b&gt;');
    expect((await list(`${BUGS}/articles`, bob)).items.map((i) => i.articleNo)).not.toContain(articleNo);
    expect((await call(api, `/shop-api/boards/${BUGS}/articles/${articleNo}`, { member: bob })).status).toBe(
      404,
    );
    expect((await call(api, `/shop-api/boards/${BUGS}/articles/${articleNo}`)).status).toBe(404);
    expect((await call(api, `/shop-api/boards/${BUGS}/articles`)).status).toBe(401);
    expect((await list(`${BUGS}/articles`, admin)).items.map((i) => i.articleNo)).toContain(articleNo);
    expect(
      (await call(api, `/shop-api/boards/${BUGS}/articles/${articleNo}`, { member: alice })).status,
    ).toBe(200);
    // another member cannot delete it either, and learns nothing
    expect(
      (await call(api, `/shop-api/boards/${BUGS}/articles/${articleNo}`, { method: 'DELETE', member: bob }))
        .status,
    ).toBe(404);
  });

  it('refuses visitors, empty text and photos that are not the member’s own uploads', async () => {
    const body = { articleTitle: '오류', articleContent: '내용' };
    expect((await call(api, `/shop-api/boards/${BUGS}/articles`, { body })).status).toBe(401);
    expect(
      (
        await call(api, `/shop-api/boards/${BUGS}/articles`, {
          member: alice,
          body: { ...body, articleContent: '   ' },
        })
      ).status,
    ).toBe(400);
    const foreign = { ...body, imageUrls: [`/uploads/members/${bob.memberNo}/bug/x.png`] };
    expect(
      (await call(api, `/shop-api/boards/${BUGS}/articles`, { member: alice, body: foreign })).status,
    ).toBe(400);
    const external = { ...body, imageUrls: ['https://evil.example/x.png'] };
    expect(
      (await call(api, `/shop-api/boards/${BUGS}/articles`, { member: alice, body: external })).status,
    ).toBe(400);
    for (const [pageUrl, kept] of [
      ['/cart?step=2', '/cart?step=2'],
      ['/\\evil.example', null],
      ['//evil.example', null],
      ['https://evil.example', null],
    ] as const) {
      const res = await call(api, `/shop-api/boards/${BUGS}/articles`, {
        member: alice,
        body: { ...body, pageUrl },
      });
      const { articleNo } = await res.json();
      expect((await getArticle(t.db, BUGS, articleNo, { ...admin, isAdmin: true }))!.pageUrl, pageUrl).toBe(
        kept,
      );
    }
    const own = { ...body, imageUrls: [`/uploads/members/${alice.memberNo}/bug/x.png`] };
    expect((await call(api, `/shop-api/boards/${BUGS}/articles`, { member: alice, body: own })).status).toBe(
      201,
    );
  });
});
