import { afterEach, describe, expect, it } from 'vitest';
import {
  $guestCart,
  addGuestCartLine,
  currentGuestCart,
  expireGuestCart,
  GUEST_CART_KEY,
  GUEST_CART_TTL_MS,
  guestCartProducts,
  isSameGuestLine,
  newCartNo,
  removeGuestCartLines,
  removeGuestCartProduct,
  setGuestCartQuantity,
  stepGuestCartQuantity,
  withLine,
  withoutLines,
  withoutProduct,
  withQuantity,
  withStep,
  type GuestCart,
} from './guest-cart.ts';

const empty: GuestCart = { timestamp: 0, items: [] };
const plain = { productNo: 1, optionNo: 11, orderCnt: 1, optionInputs: [] };
const engraved = (text: string) => ({
  productNo: 2,
  optionNo: 21,
  orderCnt: 1,
  optionInputs: [{ inputLabel: '각인 문구', inputValue: text }],
});

/** A cart built by adding `lines` one after another. */
function cartOf(...lines: (typeof plain)[]): GuestCart {
  return lines.reduce((cart, line, i) => withLine(cart, line, 100 + i).cart, empty);
}

afterEach(() => $guestCart.set(empty));

describe('guest cart rules (spec section 4)', () => {
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

  it('another option of the product is appended, next to its product', () => {
    const cart = cartOf(plain, { ...plain, productNo: 5, optionNo: 51 }, { ...plain, optionNo: 12 });
    expect(cart.items.map((i) => i.optionNo)).toEqual([11, 12, 51]);
    expect(guestCartProducts(cart).map((p) => [p.productNo, p.lines.length])).toEqual([
      [1, 2],
      [5, 1],
    ]);
  });

  it('another custom input becomes a new line; the same one raises the quantity', () => {
    let cart = withLine(empty, engraved('사랑해')).cart;
    const other = withLine(cart, engraved('고마워'));
    expect(other.increased).toBe(false);
    expect(other.cart.items).toHaveLength(2);
    cart = other.cart;
    const same = withLine(cart, engraved(' 사랑해 '));
    expect(same.increased).toBe(true);
    expect(same.cart.items.map((i) => i.orderCnt)).toEqual([2, 1]);
    // a line without input is not the line with input
    const bare = withLine(cart, { ...engraved(''), optionInputs: [] });
    expect(bare.increased).toBe(false);
    expect(bare.cart.items).toHaveLength(3);
    expect(new Set(bare.cart.items.map((i) => i.cartNo)).size).toBe(3);
  });

  it('a design line never merges, not even the same design added twice (decision 011)', () => {
    const design = (id: string) => ({
      productNo: 3,
      optionNo: 31,
      orderCnt: 1,
      optionInputs: [{ inputLabel: '디자인 번호', inputValue: id }],
    });
    const first = withLine(empty, design('AAAAAAAAAAAAAAAAAAAAAA'), 10);
    const again = withLine(first.cart, design('AAAAAAAAAAAAAAAAAAAAAA'), 20);
    expect(again.increased).toBe(false);
    expect(again.cartNo).not.toBe(first.cartNo);
    expect(again.cart.items.map((i) => i.orderCnt)).toEqual([1, 1]);
    const other = withLine(again.cart, design('BBBBBBBBBBBBBBBBBBBBBB'), 30);
    expect(other.cart.items).toHaveLength(3);
    expect(new Set(other.cart.items.map((i) => i.cartNo)).size).toBe(3);
    // the same option without a design still merges with itself, never with a design line
    const bare = { ...design(''), optionInputs: [] };
    const plainOnce = withLine(other.cart, bare, 40);
    const plainTwice = withLine(plainOnce.cart, bare, 50);
    expect(plainOnce.increased).toBe(false);
    expect(plainTwice.increased).toBe(true);
    expect(plainTwice.cart.items).toHaveLength(4);
    expect(isSameGuestLine(design('AAAAAAAAAAAAAAAAAAAAAA'), design('AAAAAAAAAAAAAAAAAAAAAA'))).toBe(false);
  });

  it('plus and minus change the quantity by 1; below 1 removes the option', () => {
    const cart = cartOf(plain, { ...plain, optionNo: 12 });
    const [first, second] = cart.items;
    const up = withStep(cart, first!.cartNo, 1, 500);
    expect(up.items[0]?.orderCnt).toBe(2);
    expect(up.timestamp).toBe(500);
    const down = withStep(up, first!.cartNo, -1);
    expect(down.items[0]?.orderCnt).toBe(1);
    const gone = withStep(down, first!.cartNo, -1);
    expect(gone.items.map((i) => i.cartNo)).toEqual([second!.cartNo]);
    expect(withQuantity(cart, second!.cartNo, 0).items).toHaveLength(1);
    expect(withQuantity(cart, second!.cartNo, 7).items[1]?.orderCnt).toBe(7);
    expect(withQuantity(cart, second!.cartNo, 5000).items[1]?.orderCnt).toBe(999);
  });

  it('deleting the last option removes the product; the last product clears the cart', () => {
    const cart = cartOf(plain, { ...plain, optionNo: 12 }, { ...plain, productNo: 5, optionNo: 51 });
    const [a, b, c] = cart.items;
    const oneLeft = withoutLines(cart, [a!.cartNo]);
    expect(guestCartProducts(oneLeft).map((p) => p.productNo)).toEqual([1, 5]);
    const productGone = withoutLines(oneLeft, [b!.cartNo]);
    expect(guestCartProducts(productGone).map((p) => p.productNo)).toEqual([5]);
    const cleared = withoutLines(productGone, [c!.cartNo], 999);
    expect(cleared).toEqual({ timestamp: 0, items: [] });
    expect(withoutProduct(cart, 1).items.map((i) => i.productNo)).toEqual([5]);
    expect(withoutProduct(withoutProduct(cart, 1), 5)).toEqual({ timestamp: 0, items: [] });
    const single = cartOf(plain);
    expect(withStep(single, single.items[0]!.cartNo, -1)).toEqual(empty);
  });

  it('keeps the store under podo:guest-cart and acts on it', () => {
    expect(GUEST_CART_KEY).toBe('podo:guest-cart');
    const { cartNo, increased } = addGuestCartLine({ ...plain, productName: '방석' });
    expect(increased).toBe(false);
    expect(addGuestCartLine(plain).increased).toBe(true);
    stepGuestCartQuantity(cartNo, 1);
    expect(currentGuestCart().items[0]?.orderCnt).toBe(3);
    setGuestCartQuantity(cartNo, 1);
    const other = addGuestCartLine({ ...plain, productNo: 9, optionNo: 91 }).cartNo;
    removeGuestCartProduct(1);
    expect(currentGuestCart().items.map((i) => i.cartNo)).toEqual([other]);
    removeGuestCartLines([other]);
    expect(currentGuestCart()).toEqual(empty);
  });
});

describe('guest cart expiry', () => {
  it('knows the 24 hour limit', () => {
    expect(GUEST_CART_TTL_MS).toBe(86_400_000);
  });

  it('is empty after 24 hours and cleared at app start', () => {
    const t = 1_000_000;
    addGuestCartLine(plain, t);
    expect(currentGuestCart(t + GUEST_CART_TTL_MS - 1).items).toHaveLength(1);
    expireGuestCart(t + GUEST_CART_TTL_MS - 1);
    expect($guestCart.get().items).toHaveLength(1);
    expect(currentGuestCart(t + GUEST_CART_TTL_MS).items).toHaveLength(0);
    expireGuestCart(t + GUEST_CART_TTL_MS);
    expect($guestCart.get()).toEqual(empty);
  });

  it('every change moves the timestamp', () => {
    const { cartNo } = addGuestCartLine(plain, 1000);
    stepGuestCartQuantity(cartNo, 1, 5000);
    expect($guestCart.get().timestamp).toBe(5000);
  });

  it('ignores a stored value that is not a cart', () => {
    $guestCart.set({ nonsense: true } as unknown as GuestCart);
    expect(currentGuestCart()).toEqual(empty);
  });
});
