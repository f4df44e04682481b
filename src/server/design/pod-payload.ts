import type { PodOrder } from '../adapters/pod/index.ts';
import type { Db } from '../db/client.ts';
import { orderSteps } from '../order/index.ts';
import { customOrdersOfOrder } from './custom-orders.ts';
import { counterLineFacts } from './counter-order-repo.ts';
import type { CustomOrderRow } from './custom-order-repo.ts';

/** The spec's print-service payload of an order's custom orders (a web order or a counter sale). */

/** A store's address as written in its settings: "(06236) 서울특별시 …" or "06236 서울특별시 …". */
export function storeShippingAddress(address: string): { postcode: string; address: string } | null {
  const m = /^\s*\(?(\d{5})\)?[\s,]*(.+?)\s*$/.exec(address);
  return m ? { postcode: m[1]!, address: m[2]! } : null;
}

/** Why a counter order cannot be sent (the store's address lacks its postcode …), as a Korean sentence. */
export class CounterPayloadProblem extends Error {}

/**
 * The payload of a counter sale's custom orders: shipped to the store (its address, the store's name
 * as the detail), for the customer (recipient and phone) who picks it up there.
 */
async function counterPodOrderOf(
  db: Db,
  saleNo: string,
  customOrders: CustomOrderRow[],
): Promise<PodOrder | null> {
  const [facts] = await counterLineFacts(
    db,
    customOrders.flatMap((c) => (c.saleLineNo === null ? [] : [c.saleLineNo])),
  );
  const first = customOrders[0];
  if (!facts || !first) return null;
  const address = storeShippingAddress(facts.storeAddress);
  if (!address) {
    throw new CounterPayloadProblem(
      `매장(${facts.storeName}) 주소에 우편번호가 없어 인쇄 서비스에 보낼 수 없습니다. 매장 주소를 "(06236) 서울특별시 …"처럼 입력해 주세요.`,
    );
  }
  const phone = (first.customerPhone ?? '').replace(/[^0-9]/g, '') || facts.storePhone.replace(/[^0-9]/g, '');
  return {
    orderCode: saleNo,
    storeCustomerId: facts.memberNo !== null ? `member-${facts.memberNo}` : `store-${facts.storeNo}`,
    shippingAddress: {
      address: address.address,
      addressDetail: `${facts.storeName} 매장 수령`,
      nationCode: 'KR',
      phoneNumber: phone,
      postcode: address.postcode,
      recipient: first.customerName ?? facts.storeName,
    },
    orderEntries: customOrders.map((c) => ({
      projectId: c.designId,
      quantity: c.quantity,
      productSellPrice: c.unitPrice,
    })),
  };
}

/** The spec's payload for a paid order's design lines (a web order, or a counter sale). */
export async function podOrderOf(db: Db, orderNo: string): Promise<PodOrder | null> {
  // a custom order whose production was stopped (refunded before it was made) is never sent
  const customOrders = (await customOrdersOfOrder(db, orderNo)).filter((c) => c.cancelledAt === null);
  if (customOrders.length === 0) return null;
  if (customOrders[0]?.channel === 'store') return counterPodOrderOf(db, orderNo, customOrders);
  const order = await orderSteps.selectOrder(db, orderNo);
  if (!order || customOrders.length === 0) return null;
  return {
    orderCode: orderNo,
    storeCustomerId: order.memberNo !== null ? `member-${order.memberNo}` : 'guest',
    shippingAddress: {
      address: order.receiverAddress,
      addressDetail: order.receiverDetailAddress,
      nationCode: 'KR',
      phoneNumber: order.receiverContact1.replace(/[^0-9]/g, ''),
      postcode: order.receiverZipCd,
      recipient: order.receiverName,
    },
    orderEntries: customOrders.map((c) => ({
      projectId: c.designId,
      quantity: c.quantity,
      productSellPrice: c.unitPrice,
    })),
  };
}
