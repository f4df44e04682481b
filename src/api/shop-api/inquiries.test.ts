import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { useMailForTests, type MailMessage } from '../../server/adapters/mail/index.ts';
import { useSmsForTests, type SmsMessage } from '../../server/adapters/sms/index.ts';
import { dispatchDueNotifications } from '../../server/notification/index.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();
let admin: TestMember;
let alice: TestMember;
let bob: TestMember;
const mails: MailMessage[] = [];
const texts: SmsMessage[] = [];

beforeAll(async () => {
  t = await createTestDb();
  admin = await testMember(t.db, { admin: true });
  alice = await testMember(t.db);
  bob = await testMember(t.db);
  useMailForTests({ name: 'test', send: async (m) => void mails.push(m) });
  useSmsForTests({ name: 'test', send: async (m) => void texts.push(m) });
});
afterEach(() => {
  mails.length = 0;
  texts.length = 0;
});
afterAll(() => {
  useMailForTests(undefined);
  useSmsForTests(undefined);
  t.close();
});

const question = (overrides: Record<string, unknown> = {}) => ({
  inquiryTypeNo: 3,
  inquiryTitle: '배송지를 바꾸고 싶어요',
  inquiryContent: '어제 주문한 상품의 배송지를\n회사 주소로 바꿀 수 있을까요?',
  originalFileName: [],
  uploadedFileName: [],
  answerSmsSendYn: false,
  answerEmailSendYn: true,
  ...overrides,
});

async function ask(member: TestMember, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await call(api, '/shop-api/inquiries', { member, body: question(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).inquiryNo;
}

describe('GET /inquiries/configurations', () => {
  it('lists the inquiry types', async () => {
    const body = await (await call(api, '/shop-api/inquiries/configurations')).json();
    expect(body.inquiryType.map((x: { inquiryTypeName: string }) => x.inquiryTypeName)).toEqual([
      '회원정보',
      '주문·결제',
      '배송',
      '교환·반품·환불',
      '커스텀 제작',
      '기타',
    ]);
  });
});

describe('a member’s own 1:1 inquiries', () => {
  it('are asked, listed (newest first, 10 a page by default) and read back', async () => {
    const first = await ask(alice);
    const second = await ask(alice, { inquiryTitle: '두 번째 문의', inquiryTypeNo: 5 });
    const res = await call(api, '/shop-api/inquiries?pageNumber=1&hasTotalCount=true', { member: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await res.json();
    expect(body.totalCount).toBe(2);
    expect(body.items.map((i: { inquiryNo: number }) => i.inquiryNo)).toEqual([second, first]);
    expect(body.items[1]).toMatchObject({
      inquiryTitle: '배송지를 바꾸고 싶어요',
      inquiryContent: '어제 주문한 상품의 배송지를\n회사 주소로 바꿀 수 있을까요?',
      inquiryStatus: 'ASKED',
      answerEmailSend: true,
      answerSmsSend: false,
      inquiryType: { inquiryTypeNo: 3, inquiryTypeName: '배송' },
      answer: {},
    });
    const one = await (await call(api, `/shop-api/inquiries/${first}`, { member: alice })).json();
    expect(one.inquiryNo).toBe(first);
    const filtered = await (await call(api, '/shop-api/inquiries?inquiryTypeNo=5', { member: alice })).json();
    expect(filtered.items.map((i: { inquiryNo: number }) => i.inquiryNo)).toEqual([second]);
  });

  it('needs a signed-in member', async () => {
    expect((await call(api, '/shop-api/inquiries')).status).toBe(401);
    expect((await call(api, '/shop-api/inquiries', { body: question() })).status).toBe(401);
  });

  it('validates the question, the dates and the page numbers', async () => {
    const bad: Record<string, unknown>[] = [
      { inquiryTitle: '' },
      { inquiryContent: '   ' },
      { inquiryTypeNo: 99 },
      { inquiryTitle: 'x'.repeat(101) },
      { uploadedFileName: ['/a', '/b', '/c', '/d', '/e', '/f'] },
    ];
    for (const b of bad) {
      const res = await call(api, '/shop-api/inquiries', { member: alice, body: question(b) });
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
    for (const qs of [
      'pageNumber=0',
      'pageSize=abc',
      'startYmd=2026-13-01',
      'endYmd=20260101',
      'inquiryStatus=DONE',
    ]) {
      expect((await call(api, `/shop-api/inquiries?${qs}`, { member: alice })).status, qs).toBe(400);
    }
  });

  it('take only photos the member uploaded', async () => {
    const foreign = question({
      uploadedFileName: [`/uploads/members/${bob.memberNo}/inquiry/a.jpg`],
      originalFileName: ['a.jpg'],
    });
    expect((await call(api, '/shop-api/inquiries', { member: alice, body: foreign })).status).toBe(400);
    const outside = question({ uploadedFileName: ['https://evil.example/a.jpg'] });
    expect((await call(api, '/shop-api/inquiries', { member: alice, body: outside })).status).toBe(400);
    const own = `/uploads/members/${alice.memberNo}/inquiry/a.jpg`;
    const no = await ask(alice, { uploadedFileName: [own], originalFileName: ['사진.jpg'] });
    const read = await (await call(api, `/shop-api/inquiries/${no}`, { member: alice })).json();
    expect(read.imageUrls).toEqual([own]);
  });
});

describe("another member's 1:1 inquiry", () => {
  it('is not found (404, not 403) for reading, changing and deleting, and never listed', async () => {
    const no = await ask(alice, { inquiryTitle: '앨리스의 비밀 문의' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', question()],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(api, `/shop-api/inquiries/${no}`, { method, body, member: bob });
      expect(res.status, method).toBe(404);
      expect(await res.text()).not.toContain('앨리스');
    }
    expect((await call(api, `/shop-api/inquiries/${no + 1000}`, { member: bob })).status).toBe(404);
    const bobs = await (await call(api, '/shop-api/inquiries', { member: bob })).json();
    expect(bobs.items.map((i: { inquiryNo: number }) => i.inquiryNo)).not.toContain(no);
    // still there for its author
    expect((await call(api, `/shop-api/inquiries/${no}`, { member: alice })).status).toBe(200);
  });
});

describe('answering', () => {
  it('a manager answers, the member is told once by the chosen channel and reads the answer', async () => {
    const no = await ask(alice, { answerEmailSendYn: true, answerSmsSendYn: true });
    expect(
      (
        await call(api, `/api/manager/inquiries/${no}/answer`, {
          method: 'PUT',
          member: bob,
          body: { answerContent: '답' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(api, `/api/manager/inquiries/${no}/answer`, {
          method: 'PUT',
          body: { answerContent: '답' },
        })
      ).status,
    ).toBe(401);

    const res = await call(api, `/api/manager/inquiries/${no}/answer`, {
      method: 'PUT',
      member: admin,
      body: { answerContent: '안녕하세요. 출고 전이라 배송지를 회사 주소로 바꿔 드렸습니다.' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).notified).toEqual(['email', 'sms']);
    // recorded with the answer, sent by the notification outbox's pass
    expect(mails).toHaveLength(0);
    await dispatchDueNotifications(t.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('답변이 등록되었습니다');
    expect(mails[0]!.text).toContain('/board/inquiry');
    expect(texts).toHaveLength(1);

    const read = await (await call(api, `/shop-api/inquiries/${no}`, { member: alice })).json();
    expect(read.inquiryStatus).toBe('ANSWERED');
    expect(read.answer.answerContent).toBe('안녕하세요. 출고 전이라 배송지를 회사 주소로 바꿔 드렸습니다.');
    expect(read.answer.answerRegisterYmdt).toMatch(/^\d{4}-\d{2}-\d{2} /);

    // a corrected answer replaces the text without telling the member again
    const again = await call(api, `/api/manager/inquiries/${no}/answer`, {
      method: 'PUT',
      member: admin,
      body: { answerContent: '고친 답변' },
    });
    expect((await again.json()).notified).toEqual([]);
    await dispatchDueNotifications(t.db);
    expect(mails).toHaveLength(1);
    expect(
      (await (await call(api, `/shop-api/inquiries/${no}`, { member: alice })).json()).answer.answerContent,
    ).toBe('고친 답변');

    // an answered question can no longer be changed, but it can be deleted
    expect(
      (await call(api, `/shop-api/inquiries/${no}`, { method: 'PUT', member: alice, body: question() }))
        .status,
    ).toBe(409);
    const answered = await (
      await call(api, '/shop-api/inquiries?inquiryStatus=ANSWERED', { member: alice })
    ).json();
    expect(answered.items.map((i: { inquiryNo: number }) => i.inquiryNo)).toEqual([no]);
    expect((await call(api, `/shop-api/inquiries/${no}`, { method: 'DELETE', member: alice })).status).toBe(
      204,
    );
    expect((await call(api, `/shop-api/inquiries/${no}`, { member: alice })).status).toBe(404);
  });

  it('a waiting question can be changed by its author', async () => {
    const no = await ask(alice);
    const res = await call(api, `/shop-api/inquiries/${no}`, {
      method: 'PUT',
      member: alice,
      body: question({ inquiryTitle: '고친 제목', answerEmailSendYn: false }),
    });
    expect(res.status).toBe(204);
    const read = await (await call(api, `/shop-api/inquiries/${no}`, { member: alice })).json();
    expect(read).toMatchObject({ inquiryTitle: '고친 제목', answerEmailSend: false });
  });

  it('answers to unknown inquiries are 404 and empty answers 400', async () => {
    expect(
      (
        await call(api, '/api/manager/inquiries/99999/answer', {
          method: 'PUT',
          member: admin,
          body: { answerContent: '답' },
        })
      ).status,
    ).toBe(404);
    const no = await ask(bob);
    expect(
      (
        await call(api, `/api/manager/inquiries/${no}/answer`, {
          method: 'PUT',
          member: admin,
          body: { answerContent: '  ' },
        })
      ).status,
    ).toBe(400);
  });
});
