import { describe, expect, it } from 'vitest';
import { discountRate, toCardProduct, toCardProducts } from './product-card.ts';
import { sizesFor } from './image-sizes.ts';

describe('product cards', () => {
  it('works out price after discount and the rate', () => {
    const p = toCardProduct({
      productNo: 7,
      productName: '방진 패드',
      salePrice: 15000,
      immediateDiscountAmt: 2100,
      listImageUrls: ['/a-640w.webp'],
    });
    expect(p).toMatchObject({
      href: '/product/7',
      price: 12900,
      discountRate: 14,
      imageUrl: '/a-640w.webp',
      isSoldOut: false,
    });
  });

  it("keeps the server's badges, and a sold-out item is 품절 whatever it was", () => {
    const badges = { freeDelivery: true, isNew: true, bestRank: 3 };
    const p = toCardProduct({ productNo: 7, productName: '방진 패드', salePrice: 15000, extra: { badges } });
    expect(p?.badges).toEqual(['BEST 3', 'NEW', '무료배송']);
    const none = toCardProduct({ productNo: 8, productName: '매트', salePrice: 9000 });
    expect(none?.badges).toEqual([]);
    const gone = toCardProduct({
      productNo: 9,
      productName: '밴드',
      salePrice: 9000,
      saleStatusType: 'SOLDOUT',
      extra: { badges },
    });
    // a sold-out card says 품절 on its image; BEST and NEW would only tempt
    expect(gone).toMatchObject({ isSoldOut: true, badges: ['무료배송'] });
  });

  it('drops items without a number or a name', () => {
    expect(
      toCardProducts([{ productName: 'x' }, { productNo: 1 }, { productNo: 2, productName: 'y' }]),
    ).toHaveLength(1);
  });

  it('never overstates a discount', () => {
    expect(discountRate(10000, 1990)).toBe(19);
    expect(discountRate(0, 100)).toBe(0);
  });

  it('builds sizes from the image breakpoints, widest first', () => {
    expect(sizesFor({ base: '100vw', md: '50vw', xl: '640px' })).toBe(
      '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw',
    );
  });
});
