/**
 * The option picker's hand-off to the cart: it dispatches this event (bubbling, cancelable) on its
 * form when the shopper asks to add the chosen option. A cart island listens on `document`, calls
 * `preventDefault()` to say it took the line, and shows its own toast; unhandled, the picker says
 * that the cart is not ready yet. 바로 구매 sends the same event with `intent: 'buy'`.
 */
export const ADD_TO_CART_EVENT = 'podo:add-to-cart';

export interface AddToCartDetail {
  /** 장바구니 담기 puts the line in the cart; 바로 구매 makes an order sheet of it alone. */
  intent: 'cart' | 'buy';
  productNo: number;
  optionNo: number;
  orderCnt: number;
  /** Custom text inputs in Shopby's cart shape. */
  optionInputs: { inputLabel: string; inputValue: string }[];
  /** Unit price shown to the shopper (the cart recalculates it on the server). */
  buyPrice: number;
  productName: string;
  imageUrl?: string | undefined;
}

declare global {
  interface DocumentEventMap {
    [ADD_TO_CART_EVENT]: CustomEvent<AddToCartDetail>;
  }
}
