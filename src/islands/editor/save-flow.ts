import { optionInputOf } from '../../lib/design/design-input.ts';

/**
 * What "디자인 저장" and "저장하고 장바구니 담기" (COMPLETE_SAVE) do, by who is designing
 * (spec section 4, print-on-demand; issue 7, ordering):
 *
 * - nobody (no member, no guest identity) → the guest guide modal first;
 * - a member: the design is saved for the member; COMPLETE_SAVE adds a cart line (status 200
 *   needed) and goes to /cart, a plain save opens the add-to-cart modal;
 * - a guest with a guest identity: the design is kept with that identity; COMPLETE_SAVE puts the
 *   line in the guest cart and goes to /guest/cart, a plain save opens the add-to-cart modal.
 */

export const DESIGN_SAVE_FAILED = '디자인 생성에 실패했습니다. 다시 시도해 주세요.';
export const DESIGN_CART_FAILED = '디자인 상품을 장바구니에 담지 못했습니다.';

export type Designer =
  | { kind: 'member'; memberNo: number; memberId: string | null }
  | { kind: 'guest'; guestToken: string }
  | { kind: 'none' };

export type SaveIntent = 'save' | 'complete';

export type AfterSave = { kind: 'guide' } | { kind: 'cart'; cart: 'member' | 'guest'; then: 'go' | 'modal' };

export function afterSave(designer: Designer, intent: SaveIntent): AfterSave {
  if (designer.kind === 'none') return { kind: 'guide' };
  return { kind: 'cart', cart: designer.kind, then: intent === 'complete' ? 'go' : 'modal' };
}

/** Where COMPLETE_SAVE ends. */
export const cartPath = (cart: 'member' | 'guest') => (cart === 'member' ? '/cart' : '/guest/cart');

export interface DesignCartLine {
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: { inputLabel: string; inputValue: string }[];
}

/**
 * The cart line of a design: the product, the chosen option (material …), the design number as an
 * option input, and the product's own inputs that were filled in (blank ones are left out).
 */
export function designCartLine(input: {
  productNo: number;
  optionNo: number;
  orderCnt: number;
  designId: string;
  inputs?: Record<string, string>;
}): DesignCartLine {
  const own = Object.entries(input.inputs ?? {})
    .map(([inputLabel, value]) => ({ inputLabel, inputValue: value.trim() }))
    .filter((i) => i.inputValue !== '' && i.inputLabel !== optionInputOf(input.designId).inputLabel);
  return {
    productNo: input.productNo,
    optionNo: input.optionNo,
    orderCnt: input.orderCnt,
    optionInputs: [optionInputOf(input.designId), ...own],
  };
}
