import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();
let admin: TestMember;
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  admin = await testMember(t.db, { admin: true });
  alice = await testMember(t.db, { name: '김앨리스' });
  bob = await testMember(t.db, { name: '박밥' });
});
afterAll(() => t.close());

interface Item {
  inquiryNo: number;
  productNo: number;
  productName: string;
  title: string;
  content: string;
  secreted: boolean;
  replied: boolean;
  myInquiry: boolean;
  modifiable: boolean;
  registerName: string;
  type: string;
  answers: { content: string }[];
  extra: { readable: boolean };
}

const ask = async (member: TestMember, productNo: number, body: Record<string, unknown> = {}) => {
  const res = await call(api, `/shop-api/products/${productNo}/inquiries`, {
    member,
    body: {
      title: '사이즈 문의',
      content: '세탁기 아래에\n맞을까요?',
      secreted: false,
      type: 'PRODUCT',
      ...body,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { inquiryNo: number }).inquiryNo;
};

async function listOf(productNo: number, member: TestMember | null, query = '') {
  const res = await call(api, `/shop-api/products/${productNo}/inquiries?hasTotalCount=true${query}`, {
    member,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  return (await res.json()) as { totalCount: number; items: Item[] };
}

const answer = (inquiryNo: number, answerContent: string, member: TestMember = admin) =>
  call(api, `/api/manager/product-inquiries/${inquiryNo}/answer`, {
    member,
    method: 'PUT',
    body: { answerContent },
  });

describe('product Q&A', () => {
  it('is read by anyone, 10 a page, newest first, with the author masked', async () => {
    const nos: number[] = [];
    for (let i = 0; i < 12; i++) nos.push(await ask(alice, 102, { title: `질문 ${i}` }));
    const visitor = await listOf(102, null, '&isMyInquiries=false&pageNumber=1');
    expect(visitor.totalCount).toBe(12);
    expect(visitor.items).toHaveLength(10);
    expect(visitor.items[0]).toMatchObject({
      inquiryNo: nos[11],
      title: '질문 11',
      content: '세탁기 아래에\n맞을까요?',
      registerName: '김***',
      myInquiry: false,
      modifiable: false,
      replied: false,
    });
    const second = await listOf(102, null, '&pageNumber=2&pageSize=10');
    expect(second.items.map((i) => i.inquiryNo)).toEqual([nos[1], nos[0]]);
    // the author sees their own name and may change it
    expect((await listOf(102, alice)).items[0]).toMatchObject({
      registerName: '김앨리스',
      myInquiry: true,
      modifiable: true,
    });
    // the catalogue's public cache does not reach the Q&A, and the catalogue keeps its own
    const search = await call(api, '/shop-api/products/search?pageSize=1');
    expect(search.headers.get('cache-control')).toContain('public');
  });

  it('redacts a secret question (and its answer) on the server for visitors and other members', async () => {
    const secret = await ask(alice, 101, {
      title: '제 주소로 보내 주세요',
      content: '비밀 주소: 서울시 비밀구 1',
      secreted: true,
    });
    expect((await answer(secret, '네, 그 주소로 보내 드리겠습니다.')).status).toBe(200);

    for (const viewer of [null, bob]) {
      const res = await call(api, '/shop-api/products/101/inquiries', { member: viewer });
      const text = await res.text();
      expect(text).not.toContain('비밀 주소');
      expect(text).not.toContain('그 주소로 보내');
      expect(text).not.toContain('제 주소로 보내 주세요');
      const item = (JSON.parse(text) as { items: Item[] }).items.find((i) => i.inquiryNo === secret)!;
      expect(item).toMatchObject({
        title: '비밀글입니다',
        content: '',
        secreted: true,
        replied: true,
        answers: [{ content: '' }],
        extra: { readable: false },
      });
    }
    for (const insider of [alice, admin]) {
      const item = (await listOf(101, insider)).items.find((i) => i.inquiryNo === secret)!;
      expect(item).toMatchObject({
        title: '제 주소로 보내 주세요',
        content: '비밀 주소: 서울시 비밀구 1',
        answers: [{ content: '네, 그 주소로 보내 드리겠습니다.' }],
        extra: { readable: true },
      });
    }
  });

  it('shows only the viewer’s own questions with isMyInquiries=true (members only)', async () => {
    const mine = await ask(bob, 103, { title: '밥의 질문' });
    await ask(alice, 103, { title: '앨리스의 질문' });
    const own = await listOf(103, bob, '&isMyInquiries=true');
    expect(own.items.map((i) => i.inquiryNo)).toEqual([mine]);
    expect((await call(api, '/shop-api/products/103/inquiries?isMyInquiries=true')).status).toBe(401);
  });

  it('lets the author change and delete a question until it is answered', async () => {
    const no = await ask(alice, 104);
    const put = await call(api, `/shop-api/products/inquiries/${no}`, {
      member: alice,
      method: 'PUT',
      body: { title: '바뀐 제목', content: '바뀐 내용', secreted: true, type: 'DELIVERY' },
    });
    expect(put.status).toBe(204);
    expect((await listOf(104, alice)).items.find((i) => i.inquiryNo === no)).toMatchObject({
      title: '바뀐 제목',
      content: '바뀐 내용',
      secreted: true,
      type: 'DELIVERY',
    });

    expect((await answer(no, '내일 출고됩니다.')).status).toBe(200);
    const late = await call(api, `/shop-api/products/inquiries/${no}`, {
      member: alice,
      method: 'PUT',
      body: { content: '또 바꿈', secreted: false, type: 'PRODUCT' },
    });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe('답변이 등록된 문의는 수정할 수 없습니다.');
    const lateDelete = await call(api, `/shop-api/products/inquiries/${no}`, {
      member: alice,
      method: 'DELETE',
    });
    expect(lateDelete.status).toBe(409);

    const other = await ask(alice, 104);
    expect(
      (await call(api, `/shop-api/products/inquiries/${other}`, { member: alice, method: 'DELETE' })).status,
    ).toBe(204);
    expect((await listOf(104, alice)).items.map((i) => i.inquiryNo)).not.toContain(other);
  });

  it('never lets another member change or delete a question (404), nor visitors (401)', async () => {
    const no = await ask(alice, 105, { content: '앨리스의 원래 질문' });
    const body = { content: '남이 바꿈', secreted: false, type: 'PRODUCT' };
    const put = await call(api, `/shop-api/products/inquiries/${no}`, { member: bob, method: 'PUT', body });
    expect(put.status).toBe(404);
    expect((await put.json()).message).toBe('상품 문의를 찾을 수 없습니다.');
    expect(
      (await call(api, `/shop-api/products/inquiries/${no}`, { member: bob, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await call(api, `/shop-api/products/inquiries/${no}`, { method: 'PUT', body })).status).toBe(401);
    expect((await call(api, `/shop-api/products/inquiries/${no}`, { method: 'DELETE' })).status).toBe(401);
    expect((await call(api, '/shop-api/products/105/inquiries', { body })).status).toBe(401);
    expect((await listOf(105, null)).items[0]?.content).toBe('앨리스의 원래 질문');
  });

  it('refuses bad input with a Korean 400 and unknown or hidden products with 404', async () => {
    const cases: [unknown, RegExp][] = [
      [{ content: '', secreted: false, type: 'PRODUCT' }, /문의 내용을 입력/],
      [{ content: '   ', secreted: false, type: 'PRODUCT' }, /문의 내용을 입력/],
      [{ content: 'x'.repeat(3001), secreted: false, type: 'PRODUCT' }, /3,000자/],
      [{ content: '질문', secreted: false, type: 'NOPE' }, /문의 유형/],
      [{ content: '질문', secreted: 'yes', type: 'PRODUCT' }, /secreted/],
      [{ title: 'x'.repeat(101), content: '질문', secreted: false, type: 'PRODUCT' }, /제목은 100자/],
    ];
    for (const [body, message] of cases) {
      const res = await call(api, '/shop-api/products/101/inquiries', { member: alice, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    for (const query of ['pageNumber=0', 'pageNumber=abc', 'pageSize=101', 'isMyInquiries=maybe']) {
      const res = await call(api, `/shop-api/products/101/inquiries?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
    const body = { content: '질문', secreted: false, type: 'PRODUCT' };
    expect((await call(api, '/shop-api/products/999999/inquiries', { member: alice, body })).status).toBe(
      404,
    );
    expect((await call(api, '/shop-api/products/106/inquiries', { member: alice, body })).status).toBe(404);
    expect((await call(api, '/shop-api/products/999999/inquiries')).status).toBe(404);
  });

  it('keeps text as text: markup is stored and returned as typed, never as HTML', async () => {
    const no = await ask(bob, 107, { title: '<b>굵게</b>', content: '<script>alert(1)</script>' });
    const item = (await listOf(107, null)).items.find((i) => i.inquiryNo === no)!;
    expect(item.title).toBe('<b>굵게</b>');
    expect(item.content).toBe('<script>alert(1)</script>');
  });
});

describe('GET /profile/product-inquiries', () => {
  it('lists the member’s own questions with their products, and only theirs', async () => {
    const member = await testMember(t.db, { name: '최문의' });
    const first = await ask(member, 101, { title: '첫 질문', secreted: true });
    const second = await ask(member, 103, { title: '둘째 질문' });
    await answer(first, '답변입니다');
    const res = await call(
      api,
      '/shop-api/profile/product-inquiries?pageNumber=1&pageSize=10&hasTotalCount=true',
      { member },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totalCount: number; items: Item[] };
    expect(body.totalCount).toBe(2);
    expect(body.items.map((i) => [i.inquiryNo, i.productName, i.title])).toEqual([
      [second, '요가 매트 프로', '둘째 질문'],
      [first, '진동 방지 세탁기 패드', '첫 질문'],
    ]);
    expect(body.items[1]).toMatchObject({
      replied: true,
      answers: [{ content: '답변입니다' }],
      myInquiry: true,
    });

    const answered = await call(api, '/shop-api/profile/product-inquiries?answered=true', { member });
    expect(((await answered.json()) as { items: Item[] }).items.map((i) => i.inquiryNo)).toEqual([first]);
    expect((await call(api, '/shop-api/profile/product-inquiries')).status).toBe(401);
    expect(
      (await call(api, '/shop-api/profile/product-inquiries?startYmd=2024-13-01', { member })).status,
    ).toBe(400);
  });
});

describe('manager answers', () => {
  it('are for administrators only, go under the question, and may be corrected', async () => {
    const no = await ask(bob, 101, { title: '재입고 문의' });
    expect((await answer(no, '다음 주에 들어옵니다.', bob)).status).toBe(403);
    expect((await answer(no, '다음 주에 들어옵니다.', alice)).status).toBe(403);
    expect(
      (
        await call(api, `/api/manager/product-inquiries/${no}/answer`, {
          method: 'PUT',
          body: { answerContent: 'x' },
        })
      ).status,
    ).toBe(401);
    expect((await answer(no, '   ')).status).toBe(400);
    expect((await answer(999999, '없는 문의')).status).toBe(404);

    expect((await answer(no, '다음 주에 들어옵니다.')).status).toBe(200);
    expect((await answer(no, '다음 주 화요일에 들어옵니다.')).status).toBe(200);
    const item = (await listOf(101, null)).items.find((i) => i.inquiryNo === no)!;
    expect(item).toMatchObject({ replied: true, answers: [{ content: '다음 주 화요일에 들어옵니다.' }] });

    const list = await call(api, '/api/manager/product-inquiries?status=ANSWERED', { member: admin });
    expect(list.status).toBe(200);
    const page = (await list.json()) as {
      items: { inquiryNo: number; product: { productName: string } | null }[];
    };
    expect(page.items.find((i) => i.inquiryNo === no)?.product?.productName).toBe('진동 방지 세탁기 패드');
    expect((await call(api, '/api/manager/product-inquiries', { member: bob })).status).toBe(403);
  });
});
