import { db } from '../../server/db/client.ts';
import { AppError } from '../../server/platform/errors.ts';
import { getMypageOrder, type MypageOrderDetail } from '../../server/order/index.ts';
import { NOTHING_PAID_NOTE } from '../../lib/order-claims.ts';

/** The detail pages' data: the member's own order, or null (unknown, malformed or another member's). */
export async function loadOrderDetail(
  memberNo: number,
  orderNo: string | undefined,
): Promise<MypageOrderDetail | null> {
  if (!orderNo || !/^\d{8,24}$/.test(orderNo)) return null;
  try {
    return await getMypageOrder(await db(), memberNo, orderNo);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

const NOTICES: Record<string, string> = {
  cancel: '주문 취소를 접수했습니다. 결제하신 금액은 결제 수단으로 환불됩니다.',
  return: '반품을 신청했습니다. 관리자가 확인한 뒤 처리해 드립니다.',
  confirm: '구매를 확정했습니다.',
  withdraw: '반품 신청을 철회했습니다.',
};

/**
 * The line the detail page shows after the member did something (`?done=`). A cancel before the
 * deposit says that nothing is refunded, since nothing was paid.
 */
export function noticeOf(done: string | null, detail: Pick<MypageOrderDetail, 'extra'>): string | null {
  if (!done) return null;
  if (done === 'cancel') {
    const last = detail.extra.claims.filter((c) => c.claimType === 'CANCEL').at(-1);
    if (last?.extra.nothingPaid) return `주문을 취소했습니다. ${NOTHING_PAID_NOTE}`;
  }
  return NOTICES[done] ?? null;
}
