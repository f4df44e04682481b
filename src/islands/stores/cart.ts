import { persistentJSON } from '@nanostores/persistent';
import { cartApi } from '../../lib/clients/cart.ts';
import { orderSheetApi } from '../../lib/clients/order-sheets.ts';
import { query, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import type { CartView } from '../cart/types.ts';
import { setMemberCartCount } from './cart-count.ts';
import { clearGuestCart, currentGuestCart, requestLine } from './guest-cart.ts';
import { queueToast, showToast, type Toast } from './toast.ts';

/**
 * The member cart's calls (docs/commerce-api.md: /shop-api/cart), the checkbox selections of both
 * carts (stored client state: "checkbox selections"), the order sheet made from a cart, and the
 * guest cart's merge into the member cart at login (spec section 4).
 */

export type CartKind = 'member' | 'guest';

/**
 * Lines the shopper unticked, per cart. Storing the unticked ones keeps every new line ticked, as
 * shoppers expect, and survives reloads. Logout clears it with every other `podo:` key.
 */
export const CART_SELECTION_KEY = 'podo:cart-selection';
export type CartUnchecked = Record<CartKind, number[]>;
export const $cartUnchecked = persistentJSON<CartUnchecked>(CART_SELECTION_KEY, { member: [], guest: [] });

function uncheckedIn(stored: CartUnchecked | null | undefined, kind: CartKind): number[] {
  const list = stored?.[kind];
  return Array.isArray(list) ? list : [];
}

function unchecked(kind: CartKind): number[] {
  return uncheckedIn($cartUnchecked.get(), kind);
}

/** Pure: the ticked lines among `selectable` (lines that can be ordered), given the stored value. */
export function checkedFrom(
  stored: CartUnchecked | null | undefined,
  kind: CartKind,
  selectable: readonly number[],
): number[] {
  const off = new Set(uncheckedIn(stored, kind));
  return selectable.filter((no) => !off.has(no));
}

/** The ticked lines among `selectable`, now. */
export function checkedCartNos(kind: CartKind, selectable: readonly number[]): number[] {
  return checkedFrom($cartUnchecked.get(), kind, selectable);
}

export function setCartChecked(kind: CartKind, cartNos: readonly number[], checked: boolean): void {
  const off = new Set(unchecked(kind));
  for (const no of cartNos) {
    if (checked) off.delete(no);
    else off.add(no);
  }
  $cartUnchecked.set({ ...$cartUnchecked.get(), [kind]: [...off] });
}

/** Drops remembered lines the cart no longer has. */
export function pruneCartSelection(kind: CartKind, existing: readonly number[]): void {
  const kept = unchecked(kind).filter((no) => existing.includes(no));
  if (kept.length !== unchecked(kind).length) $cartUnchecked.set({ ...$cartUnchecked.get(), [kind]: kept });
}

// ---- member cart (/shop-api/cart; a session is required, else 401) ----

export interface CartLineRequest {
  productNo: number;
  optionNo: number;
  orderCnt: number;
  optionInputs: { inputLabel: string; inputValue: string }[];
}

/** A line POST /cart added or raised. */
export type AddedCartLine = ResponseOf<typeof cartApi.index.$post>['extra']['lines'][number];

export function fetchMemberCart(signal?: AbortSignal): Promise<CartView> {
  return unwrap(cartApi.index.$get({ query: {} }, { init: { signal } }));
}

/** The selected lines alone, priced by the server (totals, delivery fee per group). */
export function fetchMemberCartSubset(cartNos: readonly number[], signal?: AbortSignal): Promise<CartView> {
  return unwrap(cartApi.subset.$get({ query: query({ cartNo: cartNos.join(',') }) }, { init: { signal } }));
}

export async function addToMemberCart(lines: readonly CartLineRequest[]): Promise<AddedCartLine[]> {
  const res = await unwrap(cartApi.index.$post({ json: [...lines] }));
  setMemberCartCount(res.count);
  return res.extra.lines;
}

export async function changeMemberCartQuantity(cartNo: number, orderCnt: number): Promise<void> {
  await unwrap(cartApi.index.$put({ json: { cartNo, orderCnt } }));
}

export async function deleteMemberCartLines(cartNos: readonly number[]): Promise<void> {
  const res = await unwrap(cartApi.index.$delete({ query: query({ cartNo: cartNos.join(',') }) }));
  setMemberCartCount(res.count);
}

// ---- order sheets ----

export interface OrderSheetRequest {
  products?: CartLineRequest[];
  cartNos?: number[];
}

/** POST /shop-api/order-sheets: the order goes on only when this succeeds (spec section 5). */
export async function createOrderSheet(body: OrderSheetRequest, guestToken?: string): Promise<string> {
  const res = await unwrap(
    orderSheetApi.index.$post(
      { json: { products: body.products ?? [], ...(body.cartNos ? { cartNos: body.cartNos } : {}) } },
      guestToken ? { headers: { guestToken } } : {},
    ),
  );
  return res.orderSheetNo;
}

// ---- login: the guest cart into the member cart ----

/** Spec section 8: "cart add or update failed, try again" (the guest merge). */
const CART_MERGE_FAILED = '장바구니 담기 또는 수정에 실패했습니다. 다시 시도해 주세요.';

export interface MergeOutcome {
  status: 'empty' | 'merged' | 'failed';
  /** Lines that could not be kept (sold no more, unknown option …). */
  skipped: number;
}

/**
 * Spec section 4, the last step of the login flow: per guest line, the same product and option
 * without custom input adds its quantity to the member's line, anything else becomes a new line
 * (the rule runs on the server, POST /shop-api/cart/merge); then the guest cart is emptied. On
 * failure the guest cart is kept and the shopper told, by default on the page the login leads to.
 */
export async function mergeGuestCartIntoMember(
  opts: { notify?: 'next-page' | 'here'; guestToken?: string | null } = {},
): Promise<MergeOutcome> {
  const tell = (t: Omit<Toast, 'id'>) => (opts.notify === 'here' ? showToast(t) : queueToast(t));
  const cart = currentGuestCart();
  if (cart.items.length === 0) return { status: 'empty', skipped: 0 };
  try {
    const res = await unwrap(
      cartApi.merge.$post(
        { json: cart.items.map(requestLine) },
        opts.guestToken ? { headers: { guestToken: opts.guestToken } } : {},
      ),
    );
    clearGuestCart();
    $cartUnchecked.set({ ...$cartUnchecked.get(), guest: [] });
    const skipped = res.skipped.length;
    if (skipped > 0) {
      tell({
        message: `판매가 끝났거나 구매할 수 없는 상품 ${skipped}개는 장바구니에 옮기지 못했습니다.`,
        messageType: 'info',
      });
    }
    return { status: 'merged', skipped };
  } catch {
    tell({ message: CART_MERGE_FAILED, messageType: 'error' });
    return { status: 'failed', skipped: 0 };
  }
}
