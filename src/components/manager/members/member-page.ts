import type { Db } from '../../../server/db/client.ts';
import { listMyInquiries } from '../../../server/inquiry/index.ts';
import { getManagedMember, maskedAddresses } from '../../../server/member/index.ts';
import { listMemberOrders } from '../../../server/order/index.ts';
import { listStores, memberSaleHistory } from '../../../server/pos/index.ts';
import { listMyProductInquiries } from '../../../server/product-inquiry/index.ts';
import {
  accumulationLedger,
  accumulationSummary,
  listMemberCoupons,
} from '../../../server/promotion/index.ts';

/**
 * What /manager/members/{memberNo} shows, each part from the module that owns it: the member
 * (masked), their web orders and counter purchases, points, coupons, address book (masked) and
 * inquiries. The newest of each; the full lists are in their own back-office pages.
 */
export async function loadMemberPage(db: Db, memberNo: number) {
  const member = await getManagedMember(db, memberNo);
  const withdrawn = member.state === 'WITHDRAWN';
  const [orders, sales, points, ledger, coupons, addresses, inquiries, questions, stores] = await Promise.all(
    [
      listMemberOrders(db, memberNo, { startYmd: '2000-01-01', pageSize: 10 }),
      memberSaleHistory(db, memberNo, { pageNumber: 1, pageSize: 10 }),
      accumulationSummary(db, memberNo),
      accumulationLedger(db, memberNo, { pageNumber: 1, pageSize: 10 }),
      listMemberCoupons(db, memberNo, { pageSize: 20 }),
      withdrawn ? Promise.resolve([]) : maskedAddresses(db, memberNo),
      listMyInquiries(db, memberNo, { pageSize: 10 }),
      listMyProductInquiries(db, { memberNo, isAdmin: true }, { pageSize: 10 }),
      listStores(db),
    ],
  );
  return {
    member,
    orders,
    sales,
    balance: points.totalAvailableAmt,
    ledger,
    coupons,
    addresses,
    inquiries,
    questions,
    stores: stores.map((s) => ({ storeNo: s.storeNo, storeName: s.storeName, active: s.active })),
  };
}
