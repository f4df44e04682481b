import { persistentJSON } from '@nanostores/persistent';
import { isSameLine, type CartOptionInputValue } from '../../lib/cart-merge.ts';

/**
 * The guest cart (spec sections 3–5), kept in this browser under 'podo:guest-cart' with the time
 * it last changed. It holds what the shopper chose (product, option, quantity, custom inputs) and
 * what to show before the server answers (name, image); prices, stock and delivery fees come from
 * POST /shop-api/guest/cart, never from here. The saved shape `{ timestamp, items }` is what
 * POST /shop-api/cart/merge takes at login.
 *
 * Rules: the same option again (no custom input) raises its quantity, another option is a new
 * line, a line with a custom input (engraving, a design) is always its own line. Older than
 * 24 hours → cleared at app start.
 */

/** 24 hours (spec sections 5 and 9). */
export const GUEST_CART_TTL_MS = 86_400_000;
export const GUEST_CART_KEY = 'podo:guest-cart';

export interface GuestCartLine {
  /** 5 random digits, unique in this cart. */
  cartNo: number;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: CartOptionInputValue[];
  productName?: string | undefined;
  /** The line's picture: for a design, its preview. */
  imageUrl?: string | undefined;
  optionTitle?: string | undefined;
}

export interface GuestCart {
  timestamp: number;
  items: GuestCartLine[];
}

const EMPTY: GuestCart = { timestamp: 0, items: [] };

export const $guestCart = persistentJSON<GuestCart>(GUEST_CART_KEY, EMPTY);

/** A cart number of 5 random digits that no line of `items` has. */
export function newCartNo(items: readonly Pick<GuestCartLine, 'cartNo'>[], random = Math.random): number {
  for (;;) {
    const no = 10000 + Math.floor(random() * 90000);
    if (!items.some((i) => i.cartNo === no)) return no;
  }
}

export type NewGuestCartLine = Omit<GuestCartLine, 'cartNo'>;

/** Pure: the cart after adding a line, and the line's cart number (existing or new). */
export function withLine(
  cart: GuestCart,
  line: NewGuestCartLine,
  now = Date.now(),
  random = Math.random,
): { cart: GuestCart; cartNo: number; increased: boolean } {
  const existing = cart.items.find((i) => isSameLine(i, line));
  if (existing) {
    const items = cart.items.map((i) =>
      i === existing ? { ...i, orderCnt: i.orderCnt + line.orderCnt } : i,
    );
    return { cart: { timestamp: now, items }, cartNo: existing.cartNo, increased: true };
  }
  const cartNo = newCartNo(cart.items, random);
  return { cart: { timestamp: now, items: [...cart.items, { ...line, cartNo }] }, cartNo, increased: false };
}

/** Adds a line following the guest cart rules; returns its cart number and whether it merged. */
export function addGuestCartLine(line: NewGuestCartLine, now = Date.now()) {
  const result = withLine(currentGuestCart(now), line, now);
  $guestCart.set(result.cart);
  return { cartNo: result.cartNo, increased: result.increased };
}

export function removeGuestCartLines(cartNos: readonly number[], now = Date.now()): void {
  const items = currentGuestCart(now).items.filter((i) => !cartNos.includes(i.cartNo));
  $guestCart.set(items.length ? { timestamp: now, items } : EMPTY);
}

export function clearGuestCart(): void {
  $guestCart.set(EMPTY);
}

/** The stored cart, or an empty one when it is older than 24 hours or not a cart at all. */
export function currentGuestCart(now = Date.now()): GuestCart {
  const cart = $guestCart.get();
  if (!cart || !Array.isArray(cart.items) || typeof cart.timestamp !== 'number') return EMPTY;
  if (cart.items.length > 0 && now - cart.timestamp >= GUEST_CART_TTL_MS) return EMPTY;
  return cart;
}

/** At app start: an expired guest cart is cleared. */
export function expireGuestCart(now = Date.now()): void {
  const cart = $guestCart.get();
  if (cart !== EMPTY && currentGuestCart(now) === EMPTY) clearGuestCart();
}
