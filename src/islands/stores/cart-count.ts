import { atom } from 'nanostores';
import { cartApi } from '../../lib/clients/cart.ts';
import { unwrap } from '../../lib/shop-api-client.ts';
import type { CartKind } from './cart.ts';
import { $guestCart, currentGuestCart } from './guest-cart.ts';

/**
 * How many lines the shopper's cart holds, for the header's badge (decision 030). Never part of
 * the page's HTML, so pages stay the same for everyone and cacheable: a member's count is asked of
 * GET /shop-api/cart/count, a visitor's is the guest cart in this browser. null: not known (no
 * badge).
 */
export const $cartCount = atom<number | null>(null);

let following: CartKind | null = null;
let stopGuest: (() => void) | null = null;

/** The member cart's count as a cart call answered it (POST, PUT, DELETE /cart all return it). */
export function setMemberCartCount(count: number): void {
  if (following !== 'guest') $cartCount.set(count);
}

export async function refreshCartCount(kind: CartKind): Promise<void> {
  following = kind;
  if (kind === 'guest') {
    const update = () => $cartCount.set(currentGuestCart().items.length);
    stopGuest ??= $guestCart.listen(update);
    update();
    return;
  }
  stopGuest?.();
  stopGuest = null;
  try {
    const { count } = await unwrap(cartApi.count.$get());
    $cartCount.set(count);
  } catch {
    $cartCount.set(null);
  }
}
