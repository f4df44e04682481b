import { MAX_ORDER_CNT } from '../../lib/order-limits.ts';
import { persistentJSON } from '@nanostores/persistent';
import type { CartOptionInputValue } from '../../lib/cart-merge.ts';
import { DESIGN_INPUT_LABEL } from '../../lib/design/design-input.ts';
import { guestCartApi } from '../../lib/clients/guest-cart.ts';
import { unwrap } from '../../lib/shop-api-client.ts';
import type { CartView } from '../cart/types.ts';
import { $guestIdentity } from './guest.ts';

/**
 * The guest cart (spec sections 3–5), kept in this browser under 'podo:guest-cart' with the time
 * it last changed. It holds what the shopper chose (product, option, quantity, custom inputs) and
 * what to show before the server answers (name, image); prices, stock and delivery fees come from
 * POST /shop-api/guest/cart, never from here. The saved shape `{ timestamp, items }` is what
 * POST /shop-api/cart/merge takes at login.
 *
 * The rules of spec section 4, exactly:
 * - the same option again (same custom input, or none) raises its quantity;
 * - another option of the product is appended;
 * - another custom input for the same option becomes a new line;
 * - a design line (option input '디자인 번호') never merges, not even with the same design added
 *   again (decision 011): each design is its own line;
 * - deleting the last option of a product removes the product; deleting the last product clears
 *   the cart;
 * - plus and minus change the quantity by 1; a quantity below 1 removes the option.
 * Older than 24 hours (86,400,000 ms since the timestamp) → cleared at app start.
 */

/** 24 hours (spec sections 5 and 9). */
export const GUEST_CART_TTL_MS = 86_400_000;
export const GUEST_CART_KEY = 'podo:guest-cart';
/** The server's limit on one line. */
const MAX_LINE_QUANTITY = MAX_ORDER_CNT;

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

/** The custom inputs that say something (blank ones count as none), in a comparable form. */
function inputsKey(inputs: readonly CartOptionInputValue[] | null | undefined): string {
  return JSON.stringify(
    (inputs ?? [])
      .map((i) => [i.inputLabel.trim(), i.inputValue.trim()] as const)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** True when the line carries a design (a non-blank '디자인 번호' input). */
function isDesignLine(line: Pick<GuestCartLine, 'optionInputs'>): boolean {
  return (line.optionInputs ?? []).some(
    (i) => i.inputLabel.trim() === DESIGN_INPUT_LABEL && i.inputValue.trim() !== '',
  );
}

/** One line of the guest cart: the same product, option and custom input; design lines never are. */
export function isSameGuestLine(
  a: Pick<GuestCartLine, 'productNo' | 'optionNo' | 'optionInputs'>,
  b: Pick<GuestCartLine, 'productNo' | 'optionNo' | 'optionInputs'>,
): boolean {
  if (isDesignLine(a) || isDesignLine(b)) return false;
  return (
    a.productNo === b.productNo &&
    a.optionNo === b.optionNo &&
    inputsKey(a.optionInputs) === inputsKey(b.optionInputs)
  );
}

const clampQuantity = (n: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(n)));

/** The cart with these lines, or the empty cart when none is left (the last product clears it). */
function withItems(items: GuestCartLine[], now: number): GuestCart {
  return items.length > 0 ? { timestamp: now, items } : EMPTY;
}

/** Pure: the cart after adding a line, and the line's cart number (existing or new). */
export function withLine(
  cart: GuestCart,
  line: NewGuestCartLine,
  now = Date.now(),
  random = Math.random,
): { cart: GuestCart; cartNo: number; increased: boolean } {
  const existing = cart.items.find((i) => isSameGuestLine(i, line));
  if (existing) {
    const items = cart.items.map((i) =>
      i === existing ? { ...i, orderCnt: clampQuantity(i.orderCnt + line.orderCnt) } : i,
    );
    return { cart: withItems(items, now), cartNo: existing.cartNo, increased: true };
  }
  const cartNo = newCartNo(cart.items, random);
  const added: GuestCartLine = { ...line, orderCnt: clampQuantity(line.orderCnt), cartNo };
  // another option of a product already in the cart goes right after that product's lines
  const lastOfProduct = cart.items.findLastIndex((i) => i.productNo === line.productNo);
  const items =
    lastOfProduct >= 0
      ? [...cart.items.slice(0, lastOfProduct + 1), added, ...cart.items.slice(lastOfProduct + 1)]
      : [...cart.items, added];
  return { cart: withItems(items, now), cartNo, increased: false };
}

/** Pure: the cart without these lines (a product without lines is gone; no product left → empty). */
export function withoutLines(cart: GuestCart, cartNos: readonly number[], now = Date.now()): GuestCart {
  return withItems(
    cart.items.filter((i) => !cartNos.includes(i.cartNo)),
    now,
  );
}

/** Pure: the cart without every line of a product. */
export function withoutProduct(cart: GuestCart, productNo: number, now = Date.now()): GuestCart {
  return withoutLines(
    cart,
    cart.items.filter((i) => i.productNo === productNo).map((i) => i.cartNo),
    now,
  );
}

/** Pure: a line's quantity set; below 1 removes the line. */
export function withQuantity(cart: GuestCart, cartNo: number, orderCnt: number, now = Date.now()): GuestCart {
  if (!cart.items.some((i) => i.cartNo === cartNo)) return cart;
  if (!Number.isFinite(orderCnt) || orderCnt < 1) return withoutLines(cart, [cartNo], now);
  return withItems(
    cart.items.map((i) => (i.cartNo === cartNo ? { ...i, orderCnt: clampQuantity(orderCnt) } : i)),
    now,
  );
}

/** Pure: plus or minus one. */
export function withStep(cart: GuestCart, cartNo: number, step: 1 | -1, now = Date.now()): GuestCart {
  const line = cart.items.find((i) => i.cartNo === cartNo);
  return line ? withQuantity(cart, cartNo, line.orderCnt + step, now) : cart;
}

/** The cart's products in order, each with its option lines. */
export function guestCartProducts(cart: GuestCart): { productNo: number; lines: GuestCartLine[] }[] {
  const products: { productNo: number; lines: GuestCartLine[] }[] = [];
  for (const line of cart.items) {
    const found = products.find((p) => p.productNo === line.productNo);
    if (found) found.lines.push(line);
    else products.push({ productNo: line.productNo, lines: [line] });
  }
  return products;
}

/** The stored cart, or an empty one when it is older than 24 hours or not a cart at all. */
export function currentGuestCart(now = Date.now()): GuestCart {
  const cart = $guestCart.get();
  if (!cart || !Array.isArray(cart.items) || typeof cart.timestamp !== 'number') return EMPTY;
  if (cart.items.length > 0 && now - cart.timestamp >= GUEST_CART_TTL_MS) return EMPTY;
  return cart;
}

/** Adds a line following the guest cart rules; returns its cart number and whether it merged. */
export function addGuestCartLine(line: NewGuestCartLine, now = Date.now()) {
  const result = withLine(currentGuestCart(now), line, now);
  $guestCart.set(result.cart);
  return { cartNo: result.cartNo, increased: result.increased };
}

export function setGuestCartQuantity(cartNo: number, orderCnt: number, now = Date.now()): void {
  $guestCart.set(withQuantity(currentGuestCart(now), cartNo, orderCnt, now));
}

export function stepGuestCartQuantity(cartNo: number, step: 1 | -1, now = Date.now()): void {
  $guestCart.set(withStep(currentGuestCart(now), cartNo, step, now));
}

export function removeGuestCartLines(cartNos: readonly number[], now = Date.now()): void {
  $guestCart.set(withoutLines(currentGuestCart(now), cartNos, now));
}

export function removeGuestCartProduct(productNo: number, now = Date.now()): void {
  $guestCart.set(withoutProduct(currentGuestCart(now), productNo, now));
}

export function clearGuestCart(): void {
  $guestCart.set(EMPTY);
}

/** At app start: an expired guest cart is cleared. */
export function expireGuestCart(now = Date.now()): void {
  const cart = $guestCart.get();
  if (cart !== EMPTY && cart.items?.length !== 0 && currentGuestCart(now) === EMPTY) clearGuestCart();
}

/** What the server reads of a line (the rest stays in the browser). */
export function requestLine(
  line: Pick<GuestCartLine, 'cartNo' | 'productNo' | 'optionNo' | 'orderCnt' | 'optionInputs'>,
) {
  return {
    cartNo: line.cartNo,
    productNo: line.productNo,
    optionNo: line.optionNo,
    orderCnt: line.orderCnt,
    optionInputs: line.optionInputs,
  };
}

/**
 * POST /shop-api/guest/cart: the server prices the lines (prices, stock and fees are its own). The
 * guest identity goes along: design lines are checked against the identity that made the design.
 */
export function priceGuestLines(
  lines: readonly Pick<GuestCartLine, 'cartNo' | 'productNo' | 'optionNo' | 'orderCnt' | 'optionInputs'>[],
  signal?: AbortSignal,
): Promise<CartView> {
  const identity = $guestIdentity.get();
  const guestToken = identity && identity.expiresAt > Date.now() ? identity.guestToken : null;
  return unwrap(
    guestCartApi.index.$post(
      { query: {}, json: lines.map(requestLine) },
      { ...(guestToken ? { headers: { guestToken } } : {}), init: { signal } },
    ),
  );
}
