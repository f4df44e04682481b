import { josa } from 'es-hangul';
import { CUSTOM_ORDER_STATUS_LABELS, type CustomOrderStatus } from '../../lib/design/api.ts';
import { parseDesign, type DesignDocument, type SideName } from '../../lib/design/schema.ts';
import { template } from '../../lib/design/templates.ts';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import { getMember } from '../member/index.ts';
import { orderSteps } from '../order/index.ts';
import {
  ADMIN_TRANSITIONS,
  customOrderEvents,
  getCustomOrder,
  type CustomOrderEvent,
  type CustomOrderRow,
} from './custom-orders.ts';
import { counterLineFacts, type CounterLineFacts } from './counter-order-repo.ts';
import { pickupGuide, type PickupGuide } from './counter-orders.ts';
import * as repo from './repo.ts';
import { isCalendarYmd } from '../../lib/dates.ts';

/**
 * What the back office's custom design pages (/custom/admin/*) read: sales channels as shown,
 * Seoul date filters, and one custom order with its design, order and history. Server-rendered
 * pages call these directly; the actions go through /api/custom/orders/*.
 */

/**
 * Sales channels as the filters know them, in the order they show them: the designs' stored
 * channels, and 'store' — orders taken at a store's counter (designs made there are stored as
 * 'brand' with their store; a counter order's channel is the store whatever its design's).
 */
export const STORED_SALES_CHANNELS = ['brand', 'store', 'smartstore', 'administrator', 'none'] as const;

/** A channel from a query (brand slug or stored name) → the stored name, or undefined. */
export function storedSalesChannel(param: string | null | undefined): string | undefined {
  if (!param) return undefined;
  if (param === env().BRAND_SLUG || param === 'brand') return 'brand';
  return (STORED_SALES_CHANNELS as readonly string[]).includes(param) ? param : undefined;
}

export function salesChannelLabel(stored: string | null): string {
  switch (stored) {
    case 'brand':
      return `${env().BRAND_NAME} (자사몰)`;
    case 'store':
      return '매장';
    case 'smartstore':
      return '스마트스토어';
    case 'administrator':
      return '관리자';
    case 'none':
      return '없음';
    default:
      return '-';
  }
}

/** A `YYYY-MM-DD` that is a real calendar day, else null. */
export function validYmd(value: string | null | undefined): string | null {
  return value && isCalendarYmd(value) ? value : null;
}

export { seoulDayRange } from '../../lib/dates.ts';

export interface StatusMove {
  to: CustomOrderStatus;
  label: string;
}

/** The moves an administrator may make from `status`, with the button text. */
export function adminMoves(status: CustomOrderStatus): StatusMove[] {
  return ADMIN_TRANSITIONS[status].map((to) => ({
    to,
    label:
      to === 'design_complete' && status === 'progress'
        ? '디자인 완료로 되돌리기 (재제작)'
        : to === 'request' && status === 'design_complete'
          ? '제작 요청으로 되돌리기'
          : `${josa(CUSTOM_ORDER_STATUS_LABELS[to], '으로/로')} 변경`,
  }));
}

export interface CustomOrderDetail {
  customOrder: Omit<CustomOrderRow, 'document'>;
  /** The document copied when the order was paid (what is printed), or null if it does not parse. */
  document: DesignDocument | null;
  documentJson: string;
  /** Sides to show and print: the front only when front and back are the same. */
  sides: SideName[];
  templateLabel: string;
  design: {
    designId: string;
    name: string;
    salesChannel: string;
    material: string | null;
    memberNo: number | null;
    memberId: string | null;
    memberName: string | null;
    guest: boolean;
    deleted: boolean;
  } | null;
  order: {
    orderNo: string;
    orderStatus: string;
    orderedAt: string;
    paidAt: string | null;
    payType: string;
    payAmt: number;
    ordererName: string;
    ordererContact1: string;
    ordererEmail: string;
    receiverName: string;
    receiverZipCd: string;
    receiverAddress: string;
    receiverDetailAddress: string;
    receiverContact1: string;
    receiverContact2: string;
    deliveryMemo: string;
  } | null;
  line: {
    productName: string;
    optionName: string;
    optionValue: string;
    orderCnt: number;
    buyPrice: number;
    buyAmt: number;
    optionInputs: { inputLabel: string; inputValue: string }[];
  } | null;
  /**
   * A counter order (channel 'store'): its sale line, the store it is picked up at, the customer;
   * null for a web order (see `order` and `line`).
   */
  counter: {
    sale: CounterLineFacts | null;
    customerName: string;
    customerPhone: string;
    pickup: PickupGuide;
  } | null;
  events: CustomOrderEvent[];
  moves: StatusMove[];
}

/** One custom order for /custom/admin/order/:slug, or null when there is none. */
export async function customOrderDetail(db: Db, customOrderNo: number): Promise<CustomOrderDetail | null> {
  const row = await getCustomOrder(db, customOrderNo);
  if (!row) return null;
  const web = row.channel === 'web';
  const [order, options, events, designRow, counterFacts] = await Promise.all([
    web ? orderSteps.selectOrder(db, row.orderNo) : null,
    web ? orderSteps.selectOptions(db, row.orderNo) : [],
    customOrderEvents(db, customOrderNo),
    repo.findByIds(db, [row.designId]).then((rows) => rows[0] ?? null),
    row.saleLineNo === null ? [] : counterLineFacts(db, [row.saleLineNo]),
  ]);
  const sale = counterFacts[0] ?? null;
  const member = designRow?.memberNo ? await getMember(db, designRow.memberNo) : null;
  const parsed = parseDesign(row.document);
  const document = parsed.ok ? parsed.document : null;
  const line = options.find((o) => o.orderOptionNo === row.orderOptionNo) ?? null;
  const { document: raw, ...customOrder } = row;
  return {
    customOrder,
    document,
    documentJson: document ? JSON.stringify(document, null, 2) : raw,
    sides: document && !document.frontBackSame ? ['front', 'back'] : ['front'],
    templateLabel: document ? template(document.templateId).label : '',
    design: designRow && {
      designId: designRow.designId,
      name: designRow.name,
      // the channel the order was taken in: a counter order's is the store
      salesChannel: web ? designRow.salesChannel : 'store',
      material: designRow.material,
      memberNo: designRow.memberNo,
      memberId: member?.memberId ?? null,
      memberName: member?.memberName ?? null,
      guest: designRow.memberNo === null,
      deleted: designRow.deletedAt !== null,
    },
    order: order && {
      orderNo: order.orderNo,
      orderStatus: order.orderStatus,
      orderedAt: order.orderedAt,
      paidAt: order.paidAt,
      payType: order.payType,
      payAmt: order.payAmt,
      ordererName: order.ordererName,
      ordererContact1: order.ordererContact1,
      ordererEmail: order.ordererEmail,
      receiverName: order.receiverName,
      receiverZipCd: order.receiverZipCd,
      receiverAddress: order.receiverAddress,
      receiverDetailAddress: order.receiverDetailAddress,
      receiverContact1: order.receiverContact1,
      receiverContact2: order.receiverContact2,
      deliveryMemo: order.deliveryMemo,
    },
    line: line && {
      productName: line.productName,
      optionName: line.optionName,
      optionValue: line.optionValue,
      orderCnt: line.orderCnt,
      buyPrice: line.buyPrice,
      buyAmt: line.buyAmt,
      optionInputs: line.optionInputs.map(({ inputLabel, inputValue }) => ({ inputLabel, inputValue })),
    },
    counter: web
      ? null
      : {
          sale,
          customerName: row.customerName ?? '',
          customerPhone: row.customerPhone ?? '',
          pickup: pickupGuide(row, sale !== null && sale.refundedQty >= sale.qty),
        },
    events,
    // production stopped by a refund: no more moves
    moves: row.cancelledAt ? [] : adminMoves(row.status),
  };
}
