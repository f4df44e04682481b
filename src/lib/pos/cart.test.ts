import { describe, expect, it } from 'vitest';
import {
  addPayment,
  addToCart,
  cashReceiptProblem,
  changeOf,
  couponsToApply,
  discountProblem,
  goodsOf,
  inputProblems,
  lineInputs,
  newIdempotencyKey,
  previewSale,
  remainingOf,
  removeLine,
  saleRequest,
  setLineDiscount,
  setQty,
  type CartLine,
  type CounterCoupon,
  type CounterItem,
  type Discount,
} from './cart.ts';

const item = (optionNo: number, unitPrice: number): CounterItem => ({
  productNo: Math.floor(optionNo / 100),
  optionNo,
  productName: `상품 ${optionNo}`,
  optionLabel: '',
  barcode: null,
  optionManagementCd: null,
  unitPrice,
  stock: 10,
  soldOut: false,
  saleStatus: 'ONSALE',
  sellable: true,
  imageUrl: null,
  customizable: false,
  inputs: [],
});

const line = (i: CounterItem, qty: number, discount: Discount | null = null): CartLine => ({
  key: String(i.optionNo),
  item: i,
  qty,
  discount,
  inputs: [],
});

describe('cart lines', () => {
  it('adds, counts up, sets quantity, discounts and removes', () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, item(101, 1000));
    lines = addToCart(lines, item(102, 2000));
    lines = addToCart(lines, item(101, 1000));
    expect(lines.map((l) => [l.item.optionNo, l.qty])).toEqual([
      [101, 2],
      [102, 1],
    ]);
    lines = setQty(lines, '102', 5);
    lines = setQty(lines, '101', 0);
    expect(lines.map((l) => l.qty)).toEqual([1, 5]);
    expect(setQty(lines, '101', 123456)[0]?.qty).toBe(9999);
    lines = setLineDiscount(lines, '102', { kind: 'PERCENT', value: 10, reason: '단골' });
    expect(lines[1]?.discount?.value).toBe(10);
    expect(removeLine(lines, '101').map((l) => l.item.optionNo)).toEqual([102]);
  });
});

describe('input texts', () => {
  const engraved: CounterItem = {
    ...item(501, 5000),
    inputs: [
      { inputNo: 1, inputLabel: '각인 문구', required: true, maxLength: 5 },
      { inputNo: 2, inputLabel: '메모', required: false, maxLength: 10 },
    ],
  };

  it('asks the required ones, within their length, and keeps only what was typed', () => {
    expect(inputProblems(engraved, {})).toEqual({ 1: '각인 문구를 입력해 주세요.' });
    expect(inputProblems(engraved, { 1: '가나다라마바' })).toEqual({
      1: '각인 문구는 5자까지 입력할 수 있습니다.',
    });
    expect(inputProblems(engraved, { 1: ' 홍길동 ' })).toEqual({});
    expect(lineInputs(engraved, { 1: ' 홍길동 ', 2: '  ' })).toEqual([
      { inputNo: 1, inputLabel: '각인 문구', inputValue: '홍길동' },
    ]);
  });

  it('keeps the same option with other texts as another line, and the same texts as one', () => {
    const a = lineInputs(engraved, { 1: '민수' });
    const b = lineInputs(engraved, { 1: '지영' });
    let lines = addToCart([], engraved, 1, a);
    lines = addToCart(lines, engraved, 1, b);
    lines = addToCart(lines, engraved, 1, a);
    expect(lines.map((l) => [l.inputs[0]?.inputValue, l.qty])).toEqual([
      ['민수', 2],
      ['지영', 1],
    ]);
    lines = setQty(lines, lines[1]!.key, 4);
    expect(lines.map((l) => l.qty)).toEqual([2, 4]);
    const body = saleRequest({
      idempotencyKey: 'k'.repeat(20),
      shiftNo: 1,
      lines,
      orderDiscount: null,
      memberNo: null,
      usePoints: 0,
      payments: [],
      cashReceipt: null,
      soldAt: new Date(),
      offline: false,
    });
    expect(body.lines.map((l) => l.inputs)).toEqual([
      [{ inputNo: 1, value: '민수' }],
      [{ inputNo: 1, value: '지영' }],
    ]);
  });
});

describe('previewSale', () => {
  const d = (kind: Discount['kind'], value: number): Discount => ({ kind, value, reason: '사유' });
  const cases: { lines: [number, number, Discount | null][]; order: Discount | null; points: number }[] = [
    { lines: [[18000, 2, null]], order: null, points: 0 },
    {
      lines: [
        [18000, 2, d('PERCENT', 10)],
        [3333, 3, null],
      ],
      order: d('AMOUNT', 1001),
      points: 500,
    },
    {
      lines: [
        [999, 1, null],
        [1, 1, null],
        [5000, 7, d('AMOUNT', 77)],
      ],
      order: d('PERCENT', 33),
      points: 0,
    },
    {
      lines: [
        [1, 1, null],
        [1, 1, null],
        [1, 1, null],
      ],
      order: d('AMOUNT', 2),
      points: 1,
    },
    {
      lines: [
        [12900, 1, d('PERCENT', 100)],
        [4500, 2, null],
      ],
      order: d('PERCENT', 15),
      points: 1234,
    },
  ];
  it.each(cases)('shares every discount out to the won (%#)', ({ lines, order, points }) => {
    const cart = lines.map(([price, qty, discount], i) => line(item(100 + i, price), qty, discount));
    const p = previewSale(cart, order, points);
    expect(p.problems).toEqual([]);
    expect(p.lines.reduce((a, l) => a + l.netAmt, 0)).toBe(p.netAmt);
    expect(p.netAmt).toBe(p.goodsAmt - p.lineDiscountAmt - p.orderDiscountAmt);
    expect(p.payAmt).toBe(p.netAmt - p.usedPoints);
    for (const l of p.lines) expect(l.netAmt).toBeGreaterThanOrEqual(0);
  });

  it('prices a sale as the server does: line discount, the sale discount shared in proportion, points', () => {
    const p = previewSale(
      [line(item(100, 18000), 2, d('PERCENT', 10)), line(item(101, 3333), 3, null)],
      d('AMOUNT', 1001),
      500,
    );
    // 36,000 − 3,600 = 32,400 and 9,999; 1,001 shared: ⌊1,001 × 32,400 / 42,399⌋ = 764, the rest 237
    expect(p).toMatchObject({
      goodsAmt: 45999,
      lineDiscountAmt: 3600,
      orderDiscountAmt: 1001,
      netAmt: 41398,
      payAmt: 40898,
    });
    expect(p.lines.map((l) => l.netAmt)).toEqual([31636, 9762]);
  });

  it('reports what the server would refuse instead of throwing', () => {
    const cart = [line(item(101, 1000), 1, d('AMOUNT', 2000))];
    const p = previewSale(cart, null, 5000);
    expect(p.problems.map((x) => x.path)).toEqual(['lines.0.discount', 'usePoints']);
    expect(p.payAmt).toBe(0);
  });
});

describe('discountProblem', () => {
  it('needs a reason, a sane value and a percent up to 100', () => {
    expect(discountProblem({ kind: 'AMOUNT', value: 500, reason: '' }, 1000)?.field).toBe('reason');
    expect(discountProblem({ kind: 'AMOUNT', value: 1500, reason: 'x' }, 1000)?.message).toContain('1,000원');
    expect(discountProblem({ kind: 'PERCENT', value: 101, reason: 'x' }, 1000)?.field).toBe('value');
    expect(discountProblem({ kind: 'PERCENT', value: 1.5, reason: 'x' }, 1000)?.field).toBe('value');
    expect(discountProblem({ kind: 'PERCENT', value: 0, reason: '' }, 1000)).toBeNull();
    expect(discountProblem({ kind: 'PERCENT', value: 10, reason: '직원 할인' }, 1000)).toBeNull();
  });
});

describe('payments', () => {
  it('splits, merges cash and gives change', () => {
    let parts = addPayment([], { method: 'CARD', amount: 10000 });
    parts = addPayment(parts, { method: 'CASH', amount: 5000, received: 10000 });
    parts = addPayment(parts, { method: 'CASH', amount: 1000, received: 1000 });
    expect(parts).toEqual([
      { method: 'CARD', amount: 10000 },
      { method: 'CASH', amount: 6000, received: 11000 },
    ]);
    expect(remainingOf(20000, parts)).toBe(4000);
    expect(remainingOf(10000, parts)).toBe(0);
    expect(changeOf(parts)).toBe(5000);
  });

  it('makes keys the server accepts, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('saleRequest', () => {
  it('leaves out empty discounts, points without a member and a receipt without cash', () => {
    const body = saleRequest({
      idempotencyKey: 'k'.repeat(20),
      shiftNo: 3,
      lines: [
        line(item(101, 1000), 2, { kind: 'AMOUNT', value: 0, reason: '' }),
        line(item(102, 1000), 1, { kind: 'PERCENT', value: 10, reason: ' 단골 ' }),
      ],
      orderDiscount: { kind: 'AMOUNT', value: 0, reason: '' },
      memberNo: null,
      usePoints: 300,
      payments: [{ method: 'CARD', amount: 2900 }],
      cashReceipt: { type: 'INCOME', number: '01012345678' },
      soldAt: new Date('2026-11-25T01:02:03Z'),
      offline: false,
    });
    expect(body).toEqual({
      idempotencyKey: 'k'.repeat(20),
      shiftNo: 3,
      lines: [
        { optionNo: 101, qty: 2 },
        { optionNo: 102, qty: 1, discount: { kind: 'PERCENT', value: 10, reason: '단골' } },
      ],
      memberNo: null,
      usePoints: 0,
      coupons: [],
      payments: [{ method: 'CARD', amount: 2900 }],
      cashReceipt: null,
      soldAt: '2026-11-25T01:02:03.000Z',
      offline: false,
    });
  });
});

describe('coupons', () => {
  const coupon = (no: number, over: Partial<CounterCoupon>): CounterCoupon => ({
    couponIssueNo: no,
    couponNo: no,
    couponName: `쿠폰 ${no}`,
    couponType: 'PRODUCT',
    targetType: 'ALL_PRODUCT',
    targetProductNos: [],
    discountUnit: 'RATE',
    discountValue: 10,
    maxDiscountAmt: 0,
    minOrderAmt: 0,
    useEndAt: '2099-01-01T00:00:00.000Z',
    ...over,
  });
  const cart: CartLine[] = [
    line(item(101, 10000), 1, null),
    line(item(202, 30000), 1, null),
    line(item(303, 5000), 3, null),
  ];

  it('gives each product coupon the largest product it fits that no other took', () => {
    const chosen = couponsToApply(goodsOf(cart), [
      coupon(1, {}),
      coupon(2, {}),
      coupon(3, { targetType: 'PRODUCT', targetProductNos: [9] }),
      coupon(4, { couponType: 'CART', discountUnit: 'WON', discountValue: 1000 }),
    ]);
    expect(chosen.map((c) => c.productNo)).toEqual([2, 3, null, null]);
  });

  it('prices product coupons, then the cart coupon, then the sale discount, sharing each over its lines', () => {
    const applied = couponsToApply(goodsOf(cart), [
      coupon(1, { discountUnit: 'WON', discountValue: 3000 }),
      coupon(4, { couponType: 'CART', discountUnit: 'RATE', discountValue: 10, maxDiscountAmt: 2000 }),
    ]);
    const p = previewSale(cart, { kind: 'AMOUNT', value: 1000, reason: '행사' }, 0, applied);
    // 55,000 − 3,000 (product 2) − 2,000 (10% of 52,000, capped) − 1,000 = 49,000
    expect(p).toMatchObject({
      goodsAmt: 55000,
      couponDiscountAmt: 5000,
      orderDiscountAmt: 1000,
      payAmt: 49000,
    });
    expect(p.lines.reduce((a, l) => a + l.netAmt, 0)).toBe(49000);
    expect(p.problems).toEqual([]);
  });

  it('says why a coupon cannot apply and leaves it out', () => {
    const p = previewSale(
      cart,
      null,
      0,
      couponsToApply(goodsOf(cart), [
        coupon(3, { targetType: 'PRODUCT', targetProductNos: [9] }),
        coupon(5, { couponType: 'CART', discountUnit: 'WON', discountValue: 1000, minOrderAmt: 70000 }),
        coupon(6, { couponType: 'CART', discountUnit: 'WON', discountValue: 1000 }),
        coupon(7, { couponType: 'CART', discountUnit: 'WON', discountValue: 1000 }),
      ]),
    );
    expect(p.couponDiscountAmt).toBe(1000);
    expect(p.problems.map((x) => x.message)).toEqual([
      '이 쿠폰을 쓸 상품이 판매 목록에 없습니다. (쿠폰 3)',
      '70,000원 이상 구매 시 쓸 수 있는 쿠폰입니다. (쿠폰 5)',
      '주문 쿠폰은 한 번에 하나만 쓸 수 있습니다. (쿠폰 7)',
    ]);
  });
});

describe('cashReceiptProblem', () => {
  it('takes a phone for 소득공제 and a business number for 지출증빙', () => {
    expect(cashReceiptProblem('INCOME', '010-1234-5678')).toBeNull();
    expect(cashReceiptProblem('INCOME', '02-123-4567')).toContain('휴대폰');
    expect(cashReceiptProblem('EXPENSE', '123-45-67890')).toBeNull();
    expect(cashReceiptProblem('EXPENSE', '12345')).toContain('10자리');
    expect(cashReceiptProblem('EXPENSE', '')).toContain('사업자등록번호');
  });
});
