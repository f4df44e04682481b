import { z } from 'zod';
import { MAX_ORDER_CNT } from '../../lib/order-limits.ts';

/**
 * Request bodies of the cart routes (Shopby's CartLoad, CartPayload, GuestCartRequestItem).
 * Objects are not strict on purpose: a browser's cart store sends back everything it holds
 * (prices, stock, images …). Those fields are dropped here and never read.
 */

/** A single object is taken as a list of one. */
function asList(v: unknown): unknown {
  return Array.isArray(v) ? v : [v];
}

/** A list, or `{ items: [...] }` (a store's saved shape). */
function itemsList(v: unknown): unknown {
  if (Array.isArray(v)) return v;
  if (v && typeof v === 'object' && Array.isArray((v as { items?: unknown }).items))
    return (v as { items: unknown[] }).items;
  return v;
}

const quantity = `주문 수량은 1개 이상 ${MAX_ORDER_CNT}개 이하로 입력해 주세요.`;

export const OrderCnt = z
  .number({ error: quantity })
  .int({ error: quantity })
  .min(1, { error: quantity })
  .max(MAX_ORDER_CNT, { error: quantity });

const positiveNo = (what: string) =>
  z
    .number({ error: `${what} 번호를 확인해 주세요.` })
    .int({ error: `${what} 번호를 확인해 주세요.` })
    .positive({ error: `${what} 번호를 확인해 주세요.` });

export const ProductNo = positiveNo('상품');
export const OptionNo = positiveNo('옵션');
export const CartNo = positiveNo('장바구니');

export const OptionInputBody = z.object({
  inputLabel: z.string({ error: '입력 항목 이름을 확인해 주세요.' }).max(100),
  inputValue: z
    .string({ error: '입력 내용을 확인해 주세요.' })
    .max(1000, { error: '입력 내용이 너무 깁니다.' }),
});

export const CartLoadBody = z.object({
  productNo: ProductNo,
  optionNo: OptionNo,
  orderCnt: OrderCnt,
  optionInputs: z.array(OptionInputBody).max(20).nullish(),
});
export type CartLoadBody = z.infer<typeof CartLoadBody>;

/** Shopby sends an array; a single line object is accepted too. */
export const PostCartBody = z.preprocess(
  asList,
  z.array(CartLoadBody).min(1, { error: '담을 상품을 선택해 주세요.' }).max(100),
);

/** At login: the guest cart's lines, possibly stale; at most 100. */
export const MergeCartBody = z.preprocess(itemsList, z.array(CartLoadBody).max(100));

export const PutCartItem = z.object({
  cartNo: CartNo,
  orderCnt: OrderCnt,
  optionInputs: z.array(OptionInputBody).max(20).nullish(),
});
export type PutCartItem = z.infer<typeof PutCartItem>;

export const PutCartBody = z.preprocess(asList, z.array(PutCartItem).min(1).max(100));

/** "1,2,3" → [1, 2, 3]. */
const CartNoList = z
  .string({ error: '장바구니 번호를 확인해 주세요.' })
  .trim()
  .regex(/^\d{1,15}(,\d{1,15})*$/, { error: '장바구니 번호를 확인해 주세요.' })
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((nos) => nos.length <= 100, { error: '한 번에 100개까지 선택할 수 있습니다.' });

const Flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const CartQuery = z.object({ divideInvalidProducts: Flag });

export const CartNosQuery = z.object({ cartNo: CartNoList, divideInvalidProducts: Flag });

const GuestCartItem = CartLoadBody.extend({
  /** The guest cart's own line number (5 random digits), echoed back. */
  cartNo: z.number().int().nonnegative().nullish(),
});

export const GuestCartBody = z.preprocess(itemsList, z.array(GuestCartItem).max(100));
