import { afterEach, describe, expect, it } from 'vitest';
import {
  $recentlyViewed,
  rememberViewed,
  RECENTLY_VIEWED_MAX,
  withViewed,
  type ViewedProduct,
} from './recently-viewed.ts';

const product = (no: number): ViewedProduct => ({
  productNo: no,
  productName: `상품 ${no}`,
  href: `/product/p-${no}`,
  imageUrl: `/img/${no}.webp`,
  price: 1000 * no,
});

afterEach(() => $recentlyViewed.set([]));

describe('recently viewed products (decision 030)', () => {
  it('puts the latest first and keeps a product once', () => {
    const list = [product(1), product(2), product(1)].reduce(withViewed, [] as ViewedProduct[]);
    expect(list.map((p) => p.productNo)).toEqual([1, 2]);
  });

  it(`keeps the last ${RECENTLY_VIEWED_MAX} only`, () => {
    let list: ViewedProduct[] = [];
    for (let no = 1; no <= RECENTLY_VIEWED_MAX + 5; no++) list = withViewed(list, product(no));
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]?.productNo).toBe(RECENTLY_VIEWED_MAX + 5);
  });

  it('takes a fresh price and name of a product seen again', () => {
    const list = withViewed([product(3)], { ...product(3), price: 500, productName: '새 이름' });
    expect(list).toEqual([{ ...product(3), price: 500, productName: '새 이름' }]);
  });

  it('drops what is not a product (a hand-edited or old entry)', () => {
    $recentlyViewed.set([product(1), { productNo: 'x' } as unknown as ViewedProduct]);
    rememberViewed(product(2));
    expect($recentlyViewed.get().map((p) => p.productNo)).toEqual([2, 1]);
  });
});
