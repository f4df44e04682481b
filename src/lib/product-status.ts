/** A product's sale status as the back office names it (one label per status everywhere). */
export const SALE_STATUS_LABELS = {
  READY: '판매대기',
  ONSALE: '판매중',
  FINISHED: '판매종료',
  STOP: '판매중지',
  PROHIBITION: '판매금지',
} as const;

export type SaleStatusCode = keyof typeof SALE_STATUS_LABELS;

export const SALE_STATUS_CODES = Object.keys(SALE_STATUS_LABELS) as SaleStatusCode[];

/** What a stock-ledger line's reason is called. */
export const STOCK_REASON_LABELS = {
  ORDER: '주문',
  CANCEL: '주문 취소',
  RETURN: '반품',
  COUNTER_SALE: '매장 판매',
  COUNTER_REFUND: '매장 환불',
  RECEIVE: '입고',
  ADJUST: '조정',
  COUNT: '재고 실사',
  INITIAL: '최초 등록',
} as const;

export const STOCK_CHANNEL_LABELS = {
  WEB: '온라인',
  COUNTER: '매장',
  MANAGER: '관리자',
  IMPORT: 'CSV 가져오기',
} as const;
