import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let calls: string[];

function answer(status: number, body: unknown) {
  return vi.fn(async (url: URL | string) => {
    calls.push(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

async function load() {
  vi.resetModules();
  const count = await import('./cart-count.ts');
  const cart = await import('./cart.ts');
  const guest = await import('./guest-cart.ts');
  guest.clearGuestCart();
  return { count, cart, guest };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('window', {
    location: { origin: 'http://shop.test' },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("the header's cart count (decision 030)", () => {
  it("a member's comes from GET /shop-api/cart/count, never from the page", async () => {
    vi.stubGlobal('fetch', answer(200, { count: 3 }));
    const { count } = await load();
    expect(count.$cartCount.get()).toBeNull();
    await count.refreshCartCount('member');
    expect(calls).toEqual(['http://shop.test/shop-api/cart/count']);
    expect(count.$cartCount.get()).toBe(3);
  });

  it('follows what adding to the member cart answers', async () => {
    vi.stubGlobal('fetch', answer(200, { count: 5, extra: { lines: [] } }));
    const { count, cart } = await load();
    await cart.addToMemberCart([{ productNo: 1, optionNo: 11, orderCnt: 1, optionInputs: [] }]);
    expect(count.$cartCount.get()).toBe(5);
  });

  it("a visitor's counts the guest cart's lines in this browser, with no request", async () => {
    vi.stubGlobal('fetch', answer(500, {}));
    const { count, guest } = await load();
    await count.refreshCartCount('guest');
    expect(count.$cartCount.get()).toBe(0);
    guest.addGuestCartLine({ productNo: 1, optionNo: 11, orderCnt: 2, optionInputs: [] });
    guest.addGuestCartLine({ productNo: 1, optionNo: 12, orderCnt: 1, optionInputs: [] });
    expect(count.$cartCount.get()).toBe(2);
    expect(calls).toEqual([]);
  });

  it('a failed count shows no badge rather than a wrong number', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: '로그인이 필요합니다.' }));
    const { count } = await load();
    await count.refreshCartCount('member');
    expect(count.$cartCount.get()).toBeNull();
  });
});
