import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import {
  $cartUnchecked,
  changeMemberCartQuantity,
  checkedFrom,
  deleteMemberCartLines,
  fetchMemberCart,
  fetchMemberCartSubset,
  pruneCartSelection,
  type CartKind,
} from '../stores/cart.ts';
import {
  $guestCart,
  currentGuestCart,
  priceGuestLines,
  removeGuestCartLines,
  setGuestCartQuantity,
  type GuestCartLine,
} from '../stores/guest-cart.ts';
import { allLines, selectableCartNos } from './cart-model.ts';
import type { CartProduct, CartView } from './types.ts';

const EMPTY_VIEW: CartView = {
  deliveryGroups: [],
  invalidProducts: [],
  price: {
    standardAmt: 0,
    discountAmt: 0,
    buyAmt: 0,
    totalDeliveryAmt: 0,
    totalAmt: 0,
    accumulationAmtWhenBuyConfirm: 0,
  },
};

/** Spec section 8's alert for a failed cart change. */
const CART_UPDATE_FAILED = '장바구니 담기 또는 수정에 실패했습니다. 다시 시도해 주세요.';

/** A guest line the server refused, shown with the products that cannot be bought (with its reason). */
function refusedProduct(line: GuestCartLine, message: string): CartProduct {
  return {
    productNo: line.productNo,
    productName: line.productName ?? '구매할 수 없는 상품',
    imageUrl: line.imageUrl ?? '',
    brandName: '',
    partnerName: '',
    buyAmt: 0,
    minBuyCount: 1,
    maxBuyCountInfo: { maxBuyTimeCount: 0 },
    optionUsed: Boolean(line.optionTitle),
    orderProductOptions: [
      {
        cartNo: line.cartNo,
        productNo: line.productNo,
        optionNo: line.optionNo,
        orderCnt: line.orderCnt,
        stockCnt: 0,
        soldOut: false,
        optionName: '',
        optionValue: '',
        optionTitle: line.optionTitle ?? '',
        imageUrl: line.imageUrl ?? '',
        buyPrice: 0,
        price: { salePrice: 0, addPrice: 0, immediateDiscountAmt: 0, standardAmt: 0, buyAmt: 0 },
        optionInputs: line.optionInputs,
        validInfo: { valid: false, errorCode: { code: 'REFUSED' }, message },
      },
    ],
  };
}

/**
 * Prices the guest cart. The server refuses the whole list when one line is no longer valid (an
 * option removed from sale, an input rule changed, a design that is gone); such lines are found one
 * by one and shown with the products that cannot be bought, with the server's reason, so the rest
 * can still be bought and the shopper decides what to delete.
 */
async function priceGuestCart(items: readonly GuestCartLine[], signal: AbortSignal): Promise<CartView> {
  try {
    return await priceGuestLines(items, signal);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const refused: CartProduct[] = [];
    const good: GuestCartLine[] = [];
    for (const line of items) {
      try {
        await priceGuestLines([line], signal);
        good.push(line);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 400) throw e;
        refused.push(refusedProduct(line, e.message));
      }
    }
    if (refused.length === 0) throw err;
    const view = good.length ? await priceGuestLines(good, signal) : EMPTY_VIEW;
    return { ...view, invalidProducts: [...view.invalidProducts, ...refused] };
  }
}

/** The whole cart as the server prices it: the member's, or this browser's guest lines. */
async function fetchCart(kind: CartKind, signal: AbortSignal): Promise<CartView> {
  if (kind === 'member') return fetchMemberCart(signal);
  const items = currentGuestCart().items;
  return items.length ? priceGuestCart(items, signal) : EMPTY_VIEW;
}

export interface CartState {
  kind: CartKind;
  /** The whole cart as the server priced it (null while loading the first time). */
  view: CartView | null;
  /** The ticked lines alone, priced by the server (null: nothing ticked). */
  selected: CartView | null;
  checked: number[];
  selectable: number[];
  loading: boolean;
  /** A failure to show (role=alert). */
  error: string | null;
  /** A line being changed (its controls are disabled meanwhile). */
  busyLine: number | null;
  reload: () => Promise<void>;
  setQuantity: (cartNo: number, orderCnt: number) => Promise<void>;
  remove: (cartNos: readonly number[]) => Promise<void>;
  setError: (message: string | null) => void;
}

/** The member cart (server) or the guest cart (this browser, priced by the server), one interface. */
export function useCart(kind: CartKind): CartState {
  const guestCart = useStore($guestCart);
  const unchecked = useStore($cartUnchecked);
  const [view, setView] = useState<CartView | null>(null);
  const [selected, setSelected] = useState<CartView | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const loadAbort = useRef<AbortController | null>(null);

  /** Loads the cart; `loading` is already on (set by `reload`, or when the guest cart changes). */
  const load = useCallback((): Promise<void> => {
    loadAbort.current?.abort();
    const ac = new AbortController();
    loadAbort.current = ac;
    return fetchCart(kind, ac.signal)
      .then((next) => {
        if (ac.signal.aborted) return;
        pruneCartSelection(
          kind,
          allLines(next).map((l) => l.cartNo),
        );
        setView(next);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        if (err instanceof ApiError && err.status === 401 && kind === 'member') {
          window.location.assign(`/login?redirect=${encodeURIComponent('/cart')}`);
          return;
        }
        setError(errorMessage(err));
      })
      .finally(() => {
        if (!ac.signal.aborted) setLoading(false);
      });
  }, [kind]);

  const reload = useCallback(async () => {
    setLoading(true);
    await load();
  }, [load]);

  // the guest cart reloads whenever its store changes (this tab or another): busy from that render on
  const guestKey = kind === 'guest' ? JSON.stringify(guestCart) : '';
  const [loadingFor, setLoadingFor] = useState(guestKey);
  if (loadingFor !== guestKey) {
    setLoadingFor(guestKey);
    setLoading(true);
  }
  useEffect(() => {
    void load();
  }, [load, guestKey]);

  const selectable = useMemo(() => selectableCartNos(view), [view]);
  const checked = useMemo(() => checkedFrom(unchecked, kind, selectable), [unchecked, kind, selectable]);
  // `checked` is a new array whenever the selection store changes: its contents are what matter
  const checkedKey = checked.join(',');

  // nothing ticked (or no cart yet): no ticked lines to price, from this render on
  const nothingTicked = checked.length === 0 || !view;
  if (nothingTicked && selected !== null) setSelected(null);

  useEffect(() => {
    if (!checkedKey || !view) return;
    const cartNos = checkedKey.split(',').map(Number);
    const ac = new AbortController();
    const run =
      kind === 'member'
        ? fetchMemberCartSubset(cartNos, ac.signal)
        : priceGuestLines(
            currentGuestCart().items.filter((i) => cartNos.includes(i.cartNo)),
            ac.signal,
          );
    run.then(
      (v) => {
        if (!ac.signal.aborted) setSelected(v);
      },
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setError(errorMessage(err));
      },
    );
    return () => ac.abort();
  }, [kind, checkedKey, view]);

  const setQuantity = useCallback(
    async (cartNo: number, orderCnt: number) => {
      setError(null);
      if (kind === 'guest') {
        setGuestCartQuantity(cartNo, orderCnt);
        return;
      }
      setBusyLine(cartNo);
      try {
        if (orderCnt < 1) await deleteMemberCartLines([cartNo]);
        else await changeMemberCartQuantity(cartNo, orderCnt);
      } catch (err) {
        setError(err instanceof ApiError && err.status < 500 ? err.message : CART_UPDATE_FAILED);
      } finally {
        setBusyLine(null);
        await reload();
      }
    },
    [kind, reload],
  );

  const remove = useCallback(
    async (cartNos: readonly number[]) => {
      setError(null);
      if (cartNos.length === 0) return;
      if (kind === 'guest') {
        removeGuestCartLines(cartNos);
        return;
      }
      try {
        await deleteMemberCartLines(cartNos);
      } catch (err) {
        setError(err instanceof ApiError && err.status < 500 ? err.message : CART_UPDATE_FAILED);
      } finally {
        await reload();
      }
    },
    [kind, reload],
  );

  return {
    kind,
    view,
    selected,
    checked,
    selectable,
    loading,
    error,
    busyLine,
    reload,
    setQuantity,
    remove,
    setError,
  };
}
