import { describe, expect, it } from 'vitest';
import { GUEST_CART_TTL_MS, newCartNo, withLine, type GuestCart } from './guest-cart.ts';

const empty: GuestCart = { timestamp: 0, items: [] };
const plain = { productNo: 1, optionNo: 11, orderCnt: 1, optionInputs: [] };
const design = (id: string) => ({
  productNo: 100005,
  optionNo: 5,
  orderCnt: 1,
  optionInputs: [{ inputLabel: '디자인', inputValue: id }],
});

describe('guest cart rules', () => {
  it('gives every line 5 random digits, unique in the cart', () => {
    const values = [0.1, 0.1, 0.5];
    const no = newCartNo([{ cartNo: 19000 }], () => values.shift()!);
    expect(no).toBe(55000);
    expect(String(newCartNo([])).length).toBe(5);
  });

  it('the same option again raises its quantity', () => {
    const a = withLine(empty, plain, 10);
    const b = withLine(a.cart, { ...plain, orderCnt: 2 }, 20);
    expect(b.increased).toBe(true);
    expect(b.cartNo).toBe(a.cartNo);
    expect(b.cart.items).toHaveLength(1);
    expect(b.cart.items[0]?.orderCnt).toBe(3);
    expect(b.cart.timestamp).toBe(20);
  });

  it('another option is appended', () => {
    const a = withLine(empty, plain);
    const b = withLine(a.cart, { ...plain, optionNo: 12 });
    expect(b.cart.items.map((i) => i.optionNo)).toEqual([11, 12]);
  });

  it('each design is its own line, even the same design twice', () => {
    let cart = withLine(empty, design('d1')).cart;
    cart = withLine(cart, design('d2')).cart;
    const again = withLine(cart, design('d1'));
    expect(again.increased).toBe(false);
    expect(again.cart.items).toHaveLength(3);
    expect(new Set(again.cart.items.map((i) => i.cartNo)).size).toBe(3);
  });

  it('knows the 24 hour limit', () => {
    expect(GUEST_CART_TTL_MS).toBe(86_400_000);
  });
});
