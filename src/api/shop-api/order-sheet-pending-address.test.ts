import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

/** A Shopby skin recalculates the order sheet before the shopper has typed an address. */
let t: TestDb;
const api = createApiApp();
let member: TestMember;
let sheetNo: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  member = await testMember(t.db);
  const res = await call(api, '/shop-api/order-sheets', {
    member,
    body: { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  sheetNo = ((await res.json()) as { orderSheetNo: string }).orderSheetNo;
});
afterAll(() => t.close());

const calculate = (addressRequest: unknown) =>
  call(api, `/shop-api/order-sheets/${sheetNo}/calculate`, {
    member,
    body: { addressRequest, accumulationUseAmt: 0 },
  });

describe('POST /order-sheets/{no}/calculate with the empty first address', () => {
  it('calculates as without an address when the zip code is empty or null', async () => {
    const none = await calculate(null);
    expect(none.status).toBe(200);
    const expected = ((await none.json()) as { paymentInfo: unknown }).paymentInfo;
    const skinFirst = {
      receiverZipCd: '',
      receiverAddress: '',
      receiverJibunAddress: '',
      receiverDetailAddress: '',
      receiverName: '',
      receiverContact1: '',
      countryCd: 'KR',
    };
    for (const address of [skinFirst, { ...skinFirst, receiverZipCd: null }, { zipCd: '' }]) {
      const res = await calculate(address);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { paymentInfo: unknown }).paymentInfo).toEqual(expected);
    }
  });

  it('still refuses a zip code that is typed wrong', async () => {
    const res = await calculate({ receiverZipCd: '123' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/우편번호 5자리/);
  });
});
