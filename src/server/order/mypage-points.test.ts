import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import * as promotionRepo from '../promotion/repo.ts';
import { givePoints } from '../promotion/service.ts';
import { writeTx } from '../db/write-tx.ts';
import { pointLedgerPage } from './mypage-points.ts';

let t: TestDb;
let m: Shopper;

beforeAll(async () => {
  t = await createTestDb();
  m = await createShopper(t.db, '적립');
  const amounts = [5000, -1200, 300, -800, 2500, -4000, 700];
  for (const a of amounts) {
    if (a > 0) await givePoints(t.db, m.memberNo, a, 'ADD_EVENT');
    else
      await writeTx(t.db, (tx) =>
        promotionRepo.subtractPoints(tx, {
          memberNo: m.memberNo,
          amount: -a,
          reason: 'SUB_MANUAL',
          now: new Date().toISOString(),
        }),
      );
  }
});
afterAll(() => t.close());

describe('points ledger', () => {
  it('works each balance out from today’s balance and the later entries, on every page', async () => {
    const first = await pointLedgerPage(t.db, m.memberNo, 1, 3);
    const second = await pointLedgerPage(t.db, m.memberNo, 2, 3);
    const third = await pointLedgerPage(t.db, m.memberNo, 3, 3);
    expect(first.totalAmt).toBe(2500);
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(7);
    // the stored balance after each entry agrees with the one computed from later entries
    for (const i of all) expect(i.runningBalance).toBe(i.totalAvailableAmt);
    expect(all.map((i) => i.runningBalance)).toEqual([2500, 1800, 5800, 3300, 4100, 3800, 5000]);
    expect(all.map((i) => i.accumulationStatus)).toEqual([
      'GIVE',
      'SUBTRACTION',
      'GIVE',
      'SUBTRACTION',
      'GIVE',
      'SUBTRACTION',
      'GIVE',
    ]);
  });
});
