import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createTestDb();
  alice = await testMember(t.db);
  bob = await testMember(t.db);
});
afterAll(() => t.close());

const BASE = '/shop-api/profile/shipping-addresses';

const address = (overrides: Record<string, unknown> = {}) => ({
  addressName: '집',
  receiverName: '김포도',
  receiverZipCd: '06236',
  receiverAddress: '서울특별시 강남구 테헤란로 123',
  receiverJibunAddress: '서울특별시 강남구 역삼동 123-4',
  receiverDetailAddress: '4층 401호',
  receiverContact1: '010-1234-5678',
  receiverContact2: '',
  defaultYn: 'N',
  addressType: 'BOOK',
  countryCd: 'KR',
  ...overrides,
});

async function add(member: TestMember, overrides: Record<string, unknown> = {}) {
  const res = await call(api, BASE, { member, body: address(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { addressNo: number; defaultYn: 'Y' | 'N' };
}

async function book(member: TestMember) {
  const res = await call(api, BASE, { member });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    defaultAddress: { addressNo: number } | null;
    bookedAddresses: { addressNo: number; defaultYn: 'Y' | 'N' }[];
  };
}

const defaults = (b: Awaited<ReturnType<typeof book>>) =>
  b.bookedAddresses.filter((a) => a.defaultYn === 'Y').map((a) => a.addressNo);

describe('the address book', () => {
  it('needs a member', async () => {
    expect((await call(api, BASE)).status).toBe(401);
    expect((await call(api, BASE, { body: address() })).status).toBe(401);
  });

  it('creates, reads, updates and deletes in Shopby shapes; the first address becomes the default', async () => {
    const member = await testMember(t.db);
    const empty = await book(member);
    expect(empty).toMatchObject({ defaultAddress: null, bookedAddresses: [], recentAddresses: [] });

    const first = await add(member);
    expect(first).toMatchObject({
      addressName: '집',
      receiverName: '김포도',
      receiverZipCd: '06236',
      receiverAddress: '서울특별시 강남구 테헤란로 123',
      receiverJibunAddress: '서울특별시 강남구 역삼동 123-4',
      receiverDetailAddress: '4층 401호',
      receiverContact1: '010-1234-5678',
      receiverContact2: null,
      defaultYn: 'Y',
      addressType: 'BOOK',
      countryCd: 'KR',
      memberNo: member.memberNo,
    });

    const read = await call(api, `${BASE}/${first.addressNo}`, { member });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toContain('no-store');

    const put = await call(api, `${BASE}/${first.addressNo}`, {
      member,
      method: 'PUT',
      body: address({ addressName: '회사', receiverContact1: '0212345678', receiverContact2: '01099998888' }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      addressName: '회사',
      receiverContact1: '02-1234-5678',
      receiverContact2: '010-9999-8888',
      defaultYn: 'Y',
    });

    const del = await call(api, `${BASE}/${first.addressNo}`, { member, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await call(api, `${BASE}/${first.addressNo}`, { member })).status).toBe(404);
    expect((await book(member)).bookedAddresses).toEqual([]);
  });

  it('keeps exactly one default: choosing, creating with defaultYn Y, and deleting the default', async () => {
    const member = await testMember(t.db);
    const a = await add(member);
    const b = await add(member, { addressName: '회사' });
    const c = await add(member, { addressName: '본가' });
    expect([a.defaultYn, b.defaultYn, c.defaultYn]).toEqual(['Y', 'N', 'N']);

    const chosen = await call(api, `${BASE}/${b.addressNo}/default`, { member, method: 'PUT' });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).defaultYn).toBe('Y');
    let now = await book(member);
    expect(defaults(now)).toEqual([b.addressNo]);
    expect(now.defaultAddress?.addressNo).toBe(b.addressNo);
    // the default comes first
    expect(now.bookedAddresses[0]?.addressNo).toBe(b.addressNo);

    const d = await add(member, { addressName: '별장', defaultYn: 'Y' });
    now = await book(member);
    expect(defaults(now)).toEqual([d.addressNo]);

    // "N" on the default does not leave the book without one
    await call(api, `${BASE}/${d.addressNo}`, { member, method: 'PUT', body: address({ defaultYn: 'N' }) });
    expect(defaults(await book(member))).toEqual([d.addressNo]);

    // deleting the default hands it to the newest address left
    await call(api, `${BASE}/${d.addressNo}`, { member, method: 'DELETE' });
    now = await book(member);
    expect(defaults(now)).toEqual([c.addressNo]);
    expect(now.bookedAddresses).toHaveLength(3);
  });

  it('never reaches another member’s address (404, nothing changes)', async () => {
    const mine = await add(alice);
    const before = await book(alice);
    for (const [method, path, body] of [
      ['GET', `${BASE}/${mine.addressNo}`, undefined],
      ['PUT', `${BASE}/${mine.addressNo}`, address({ receiverName: '남의집' })],
      ['DELETE', `${BASE}/${mine.addressNo}`, undefined],
      ['PUT', `${BASE}/${mine.addressNo}/default`, undefined],
    ] as const) {
      const res = await call(api, path, { member: bob, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).message).toBe('배송지를 찾을 수 없습니다.');
    }
    expect(await book(alice)).toEqual(before);
    expect((await book(bob)).bookedAddresses.map((a) => a.addressNo)).not.toContain(mine.addressNo);
  });

  it('refuses bad input with a Korean 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ receiverName: '' }, /받는 분 이름을 입력/],
      [{ receiverName: 'kim<script>' }, /한글 또는 영문/],
      [{ receiverContact1: '010-123-456' }, /10자리 이상/],
      [{ receiverContact1: '010-abcd-5678' }, /숫자만/],
      [{ receiverContact2: '12345' }, /추가 연락처를 10자리 이상/],
      [{ receiverZipCd: '1234' }, /우편번호는 숫자 5자리/],
      [{ receiverZipCd: '12a45' }, /우편번호는 숫자 5자리/],
      [{ receiverAddress: ' ' }, /주소를 입력/],
      [{ receiverDetailAddress: 'x'.repeat(101) }, /상세 주소는 100자/],
      [{ defaultYn: 'YES' }, /defaultYn/],
    ];
    for (const [override, message] of cases) {
      const res = await call(api, BASE, { member: alice, body: address(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('INVALID_INPUT');
      expect(body.message, JSON.stringify(override)).toMatch(message);
    }
    expect((await call(api, `${BASE}/abc`, { member: alice })).status).toBe(404);
  });

  it('holds at most 20 addresses', async () => {
    const member = await testMember(t.db);
    for (let i = 0; i < 20; i++) await add(member, { addressName: `주소${i}` });
    const res = await call(api, BASE, { member, body: address() });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/20개까지/);
  });
});
