import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { ADDRESS, apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buyPaid } from '../../../tests/fixtures/paid-orders.ts';
import { createApiApp } from '../app.ts';

/** The address book's `recentAddresses`: where the member's last order went (decision 030). */
let t: TestDb;
const api = apiClient(createApiApp());
let alice: Shopper;
let bob: Shopper;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
});
afterAll(() => t.close());

const BOOK = '/shop-api/profile/shipping-addresses';

describe('recent addresses', () => {
  it('are empty before any order', async () => {
    const res = await api.get(BOOK, alice);
    expect(res.status).toBe(200);
    expect(res.body.recentAddresses).toEqual([]);
  });

  it("offer the last order's address, once, to that member only", async () => {
    await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    await buyPaid(api, alice, [{ productNo: 101, optionNo: 1011, orderCnt: 1 }]);
    const res = await api.get(BOOK, alice);
    expect(res.body.recentAddresses).toEqual([
      expect.objectContaining({
        addressType: 'RECENT',
        receiverName: ADDRESS.receiverName,
        receiverZipCd: ADDRESS.receiverZipCd,
        receiverAddress: ADDRESS.receiverAddress,
        receiverDetailAddress: ADDRESS.receiverDetailAddress,
        receiverContact1: '010-1234-5678',
      }),
    ]);
    expect((await api.get(BOOK, bob)).body.recentAddresses).toEqual([]);
  });

  it('leave out an address already in the book', async () => {
    const added = await api.post(
      BOOK,
      { ...ADDRESS, addressName: '회사', receiverJibunAddress: '', receiverContact2: '', defaultYn: 'N' },
      alice,
    );
    expect(added.status).toBe(201);
    expect((await api.get(BOOK, alice)).body.recentAddresses).toEqual([]);
  });
});
