import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/fixtures/memory-storage.ts';

let sessionStore: MemoryStorage;
let calls: { url: string; init: RequestInit }[];

function answer(status: number, body: unknown) {
  return vi.fn(async (url: URL | string, init: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

async function load() {
  vi.resetModules();
  const cart = await import('./cart.ts');
  const guest = await import('./guest-cart.ts');
  const toast = await import('./toast.ts');
  // @nanostores/persistent's in-memory storage outlives resetModules (node_modules stay loaded)
  guest.clearGuestCart();
  cart.$cartUnchecked.set({ member: [], guest: [] });
  return { cart, guest, toast };
}

beforeEach(() => {
  calls = [];
  sessionStore = new MemoryStorage();
  vi.stubGlobal('window', {
    location: { origin: 'http://shop.test' },
    sessionStorage: sessionStore,
    matchMedia: () => ({ matches: true }),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guest cart merge at login', () => {
  it('sends the guest lines to POST /shop-api/cart/merge, then empties the guest cart', async () => {
    vi.stubGlobal('fetch', answer(200, { count: 2, merged: 1, added: 1, skipped: [] }));
    const { cart, guest } = await load();
    guest.addGuestCartLine({ productNo: 1, optionNo: 11, orderCnt: 2, optionInputs: [], productName: 'A' });
    guest.addGuestCartLine({ productNo: 1, optionNo: 12, orderCnt: 1, optionInputs: [] });
    const outcome = await cart.mergeGuestCartIntoMember();
    expect(outcome).toEqual({ status: 'merged', skipped: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/cart/merge');
    const body = JSON.parse(String(calls[0]!.init.body)) as Record<string, unknown>[];
    expect(body.map((l) => [l.productNo, l.optionNo, l.orderCnt])).toEqual([
      [1, 11, 2],
      [1, 12, 1],
    ]);
    // only what the server reads: no names, images or prices
    expect(Object.keys(body[0]!).sort()).toEqual([
      'cartNo',
      'optionInputs',
      'optionNo',
      'orderCnt',
      'productNo',
    ]);
    expect(guest.currentGuestCart().items).toEqual([]);
  });

  it('keeps the guest cart and tells the next page when the merge fails', async () => {
    vi.stubGlobal(
      'fetch',
      answer(503, { code: 'DB_BUSY', message: '주문이 몰려 처리가 늦어지고 있습니다.' }),
    );
    const { cart, guest, toast } = await load();
    guest.addGuestCartLine({ productNo: 1, optionNo: 11, orderCnt: 1, optionInputs: [] });
    const outcome = await cart.mergeGuestCartIntoMember();
    expect(outcome.status).toBe('failed');
    expect(guest.currentGuestCart().items).toHaveLength(1);
    expect(toast.takeQueuedToast()).toEqual({
      message: '장바구니 담기 또는 수정에 실패했습니다. 다시 시도해 주세요.',
      messageType: 'error',
    });
    toast.hideToast();
  });

  it('calls nothing for an empty guest cart', async () => {
    vi.stubGlobal('fetch', answer(200, {}));
    const { cart } = await load();
    expect(await cart.mergeGuestCartIntoMember()).toEqual({ status: 'empty', skipped: 0 });
    expect(calls).toHaveLength(0);
  });
});

describe('cart selections', () => {
  it('ticks new lines, remembers unticked ones per cart, and forgets lines that are gone', async () => {
    const { cart } = await load();
    expect(cart.CART_SELECTION_KEY.startsWith('podo:')).toBe(true);
    expect(cart.checkedCartNos('member', [1, 2, 3])).toEqual([1, 2, 3]);
    cart.setCartChecked('member', [2], false);
    expect(cart.checkedCartNos('member', [1, 2, 3])).toEqual([1, 3]);
    expect(cart.checkedCartNos('guest', [2])).toEqual([2]);
    cart.setCartChecked('member', [1, 2, 3], false);
    expect(cart.checkedCartNos('member', [1, 2, 3])).toEqual([]);
    cart.setCartChecked('member', [1, 2, 3], true);
    expect(cart.checkedCartNos('member', [1, 2, 3])).toEqual([1, 2, 3]);
    cart.setCartChecked('member', [3], false);
    cart.pruneCartSelection('member', [1, 2]);
    expect(cart.$cartUnchecked.get().member).toEqual([]);
  });
});

describe('stored client state', () => {
  it('keeps every cart and order key under podo: so logout clears it (consent flags aside)', async () => {
    const { cart, guest, toast } = await load();
    const draft = await import('./order-draft.ts');
    const payType = await import('./pay-type.ts');
    const keys = [
      guest.GUEST_CART_KEY,
      cart.CART_SELECTION_KEY,
      draft.ORDER_DRAFT_KEY,
      draft.GUEST_ORDER_TOKENS_KEY,
      payType.PAY_TYPE_KEY,
      toast.PENDING_TOAST_KEY,
    ];
    for (const key of keys) {
      expect(key.startsWith('podo:')).toBe(true);
      expect(key).not.toMatch(/^podo:consent/);
    }
    expect(payType.$payType.get()).toBe('CREDIT_CARD');
  });
});
