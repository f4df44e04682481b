import { toShopbyYmdt } from '../../lib/dates.ts';
import type { Db } from '../db/client.ts';
import { accumulationLedger, type AccumulationItem } from '../promotion/index.ts';
import { pointsOfOrder } from './mypage-confirm.ts';
import * as mypageRepo from './mypage-repo.ts';

/**
 * My page's points: the ledger with the running balance the spec describes (section 4: GIVE
 * adds, SUBTRACTION deducts, the balance of an entry is computed from the entries after it,
 * starting from today's balance), and the points waiting for buy confirmation.
 */

export interface LedgerLine extends AccumulationItem {
  /** The balance right after this entry: today's balance less the effect of every later entry. */
  runningBalance: number;
}

const effect = (i: Pick<AccumulationItem, 'accumulationStatus' | 'accumulationAmt'>) =>
  i.accumulationStatus === 'GIVE' ? i.accumulationAmt : -i.accumulationAmt;

/** Newest first; `pageNumber` from 1. */
export async function pointLedgerPage(
  db: Db,
  memberNo: number,
  pageNumber = 1,
  pageSize = 20,
): Promise<{ totalAmt: number; totalCount: number; items: LedgerLine[] }> {
  const page = await accumulationLedger(db, memberNo, { pageNumber, pageSize });
  // every entry newer than this page moves the balance between today and the page's first entry
  const newer =
    pageNumber > 1
      ? (await accumulationLedger(db, memberNo, { pageNumber: 1, pageSize: (pageNumber - 1) * pageSize }))
          .items
      : [];
  let balance = page.totalAmt - newer.reduce((a, i) => a + effect(i), 0);
  const items = page.items.map((i) => {
    const line = { ...i, runningBalance: balance };
    balance -= effect(i);
    return line;
  });
  return { totalAmt: page.totalAmt, totalCount: page.totalCount, items };
}

/** Orders paid but not confirmed yet, with the points their confirmation will give. */
export async function waitingPoints(db: Db, memberNo: number) {
  const { rows } = await mypageRepo.listOrders(db, {
    memberNo,
    requestTypes: ['PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE', 'DELIVERY_ING', 'DELIVERY_DONE'],
    limit: 500,
    offset: 0,
  });
  const items = [];
  for (const order of rows) {
    const amt = await pointsOfOrder(db, order);
    if (amt > 0)
      items.push({ orderNo: order.orderNo, orderYmdt: toShopbyYmdt(order.orderedAt), accumulationAmt: amt });
  }
  return {
    waitingAccumulation: items.reduce((a, i) => a + i.accumulationAmt, 0),
    extra: { items },
  };
}
