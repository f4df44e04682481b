import { describe, expect, it } from 'vitest';
import { cardOptions, productCardParts, productCardsHtml } from './product-cards.ts';
import type { CardProduct } from './product-card.ts';
import { likeLinkHtml } from './like-link.ts';
import { priceHtml } from './price.ts';
import { productImageHtml } from './product-image.ts';

const variants = (base: string) =>
  [1280, 320, 960, 640].map((width) => ({ width, url: `/uploads/catalog/products/${base}-${width}w.webp` }));

function card(over: Partial<CardProduct>): CardProduct {
  return {
    productNo: 100001,
    productName: '원형 세탁기 방진패드 4개입',
    href: '/product/round-washer-dampener-4p',
    imageUrl: '/uploads/catalog/products/100001-1-ec9a4cd2fa-640w.webp',
    imageVariants: variants('100001-1-ec9a4cd2fa'),
    salePrice: 15900,
    discountAmt: 1590,
    price: 14310,
    discountRate: 10,
    isSoldOut: false,
    partnerName: '포도',
    brandName: '',
    promotionText: '',
    reviewRating: 0,
    totalReviewCount: 0,
    badges: [],
    ...over,
  };
}

/**
 * Cards as the category pages had them when each card was four Astro components (the built
 * server's HTML before decision 071, 100k bench catalogue), the image's scoping attribute
 * data-astro-cid-md4ymkxs replaced by its class.
 */
const BEFORE = {
  first:
    '<li><article class="product-card" data-product-no="100001"><div class="media"><img src="/uploads/cat' +
    'alog/products/100001-1-ec9a4cd2fa-640w.webp" srcset="/uploads/catalog/products/100001-1-ec9a4cd2fa-3' +
    '20w.webp 320w, /uploads/catalog/products/100001-1-ec9a4cd2fa-640w.webp 640w, /uploads/catalog/produc' +
    'ts/100001-1-ec9a4cd2fa-960w.webp 960w, /uploads/catalog/products/100001-1-ec9a4cd2fa-1280w.webp 1280' +
    'w" sizes="(min-width: 1536px) 332px, (min-width: 1280px) 296px, (min-width: 1024px) calc(25vw - 40px' +
    '), (min-width: 768px) calc(33vw - 32px), calc(50vw - 24px)" width="640" height="640" alt loading="ea' +
    'ger" decoding="sync" fetchpriority="high" class="product-image"><div class="like-slot like-slot--car' +
    'd"><a class="like-button like-button--card" href="/login?redirect=%2Fcategories%2F529105" data-like-' +
    'product="100001"><svg class="like-heart" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><p' +
    'ath d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4h2c.7-1.3 2.2-2.4 4.3-2.4 3' +
    '.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"></path></svg><span class="visually-hidden">원형 세탁기 방진패드 ' +
    '4개입 찜하기</span></a></div></div><div class="body"><p class="seller">포도</p><h3 class="name"><a class="p' +
    'roduct-link" href="/product/round-washer-dampener-4p">원형 세탁기 방진패드 4개입</a></h3><p class="price price-' +
    '-card"><span class="visually-hidden">할인율</span><span class="rate">10%</span><span class="visually-hi' +
    'dden">판매가</span><strong class="sale-price" data-price="14310">14,310원</strong><span class="visually-' +
    'hidden">정가</span><del class="list-price">15,900원</del></p><ul class="badges" role="list" aria-label=' +
    '"상품 표시"><li class="badge badge--best">BEST 2</li></ul><p class="promotion">[베스트] 아랫집 민원 걱정 끝! 10% 할인' +
    ' 중</p></div></article></li>',
  soldOut:
    '<li><article class="product-card" data-product-no="1090521" data-soldout="true"><div class="media"><' +
    'img src="/uploads/catalog/products/100021-1-a87072fe54-640w.webp" srcset="/uploads/catalog/products/' +
    '100021-1-a87072fe54-320w.webp 320w, /uploads/catalog/products/100021-1-a87072fe54-640w.webp 640w, /u' +
    'ploads/catalog/products/100021-1-a87072fe54-960w.webp 960w, /uploads/catalog/products/100021-1-a8707' +
    '2fe54-1280w.webp 1280w" sizes="(min-width: 1536px) 332px, (min-width: 1280px) 296px, (min-width: 102' +
    '4px) calc(25vw - 40px), (min-width: 768px) calc(33vw - 32px), calc(50vw - 24px)" width="640" height=' +
    '"640" alt loading="lazy" decoding="async" class="product-image"><span class="soldout-badge">품절</span' +
    '><div class="like-slot like-slot--card"><a class="like-button like-button--card" href="/login?redire' +
    'ct=%2Fcategories%2F529105%3Fsort%3Dnew" data-like-product="1090521"><svg class="like-heart" viewBox=' +
    '"0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4' +
    '.5c2.1 0 3.6 1.1 4.3 2.4h2c.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"></pa' +
    'th></svg><span class="visually-hidden">대형 책상 받침대 XL 찜하기</span></a></div></div><div class="body"><p c' +
    'lass="seller">포도</p><h3 class="name"><a class="product-link" href="/product/bench-1090521.0">대형 책상 받' +
    '침대 XL</a></h3><p class="price price--card"><span class="visually-hidden">할인율</span><span class="rate' +
    '">10%</span><span class="visually-hidden">판매가</span><strong class="sale-price" data-price="29700">29' +
    ',700원</strong><span class="visually-hidden">정가</span><del class="list-price">33,000원</del></p><p cla' +
    'ss="reviews"><span aria-hidden="true">★</span><span class="visually-hidden">평점</span> 4.3 <span clas' +
    's="count">(리뷰 2개)</span></p></div></article></li>',
  reviews:
    '<li><article class="product-card" data-product-no="1091632"><div class="media"><img src="/uploads/ca' +
    'talog/products/100032-1-e7b25776c9-640w.webp" srcset="/uploads/catalog/products/100032-1-e7b25776c9-' +
    '320w.webp 320w, /uploads/catalog/products/100032-1-e7b25776c9-640w.webp 640w, /uploads/catalog/produ' +
    'cts/100032-1-e7b25776c9-960w.webp 960w, /uploads/catalog/products/100032-1-e7b25776c9-1280w.webp 128' +
    '0w" sizes="(min-width: 1536px) 332px, (min-width: 1280px) 296px, (min-width: 1024px) calc(25vw - 40p' +
    'x), (min-width: 768px) calc(33vw - 32px), calc(50vw - 24px)" width="640" height="640" alt loading="e' +
    'ager" decoding="sync" fetchpriority="high" class="product-image"><div class="like-slot like-slot--ca' +
    'rd"><a class="like-button like-button--card" href="/login?redirect=%2Fcategories%2F612300%3Fsort%3Dr' +
    'eview" data-like-product="1091632"><svg class="like-heart" viewBox="0 0 24 24" aria-hidden="true" fo' +
    'cusable="false"><path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4h2c.7-1.3' +
    ' 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"></path></svg><span class="visually-hi' +
    'dden">실리콘 실내자전거 쿠션 8개입 찜하기</span></a></div></div><div class="body"><p class="seller">코지리빙</p><h3 cla' +
    'ss="name"><a class="product-link" href="/product/bench-1091632.0">실리콘 실내자전거 쿠션 8개입</a></h3><p class=' +
    '"price price--card"><span class="visually-hidden">판매가</span><strong class="sale-price" data-price="6' +
    '2500">62,500원</strong></p><ul class="badges" role="list" aria-label="상품 표시"><li class="badge">무료배송</' +
    'li></ul><p class="reviews"><span aria-hidden="true">★</span><span class="visually-hidden">평점</span> ' +
    '5.0 <span class="count">(리뷰 251개)</span></p></div></article></li>',
};

describe('product cards written as one string (decision 071)', () => {
  it('writes the markup the four components wrote', () => {
    const first = card({ badges: ['BEST 2'], promotionText: '[베스트] 아랫집 민원 걱정 끝! 10% 할인 중' });
    expect(
      productCardsHtml(
        [first],
        { eagerCount: 4, priorityFirst: true },
        '/login?redirect=%2Fcategories%2F529105',
      ),
    ).toBe(BEFORE.first);
    const soldOut = card({
      productNo: 1090521,
      productName: '대형 책상 받침대 XL',
      href: '/product/bench-1090521.0',
      imageUrl: '/uploads/catalog/products/100021-1-a87072fe54-640w.webp',
      imageVariants: variants('100021-1-a87072fe54'),
      salePrice: 33000,
      discountAmt: 3300,
      isSoldOut: true,
      reviewRating: 4.3,
      totalReviewCount: 2,
    });
    // the sold-out card is the ninth: past the eager first row
    const eight = Array.from({ length: 8 }, (_, i) => card({ productNo: i + 1 }));
    const html = productCardsHtml(
      [...eight, soldOut],
      { eagerCount: 4 },
      '/login?redirect=%2Fcategories%2F529105%3Fsort%3Dnew',
    );
    expect(html.slice(html.lastIndexOf('<li><article'))).toBe(BEFORE.soldOut);
    const reviews = card({
      productNo: 1091632,
      productName: '실리콘 실내자전거 쿠션 8개입',
      href: '/product/bench-1091632.0',
      imageUrl: '/uploads/catalog/products/100032-1-e7b25776c9-640w.webp',
      imageVariants: variants('100032-1-e7b25776c9'),
      salePrice: 62500,
      discountAmt: 0,
      partnerName: '',
      brandName: '코지리빙',
      reviewRating: 5,
      totalReviewCount: 251,
      badges: ['무료배송'],
    });
    expect(
      productCardsHtml(
        [reviews],
        { eagerCount: 4, priorityFirst: true },
        '/login?redirect=%2Fcategories%2F612300%3Fsort%3Dreview',
      ),
    ).toBe(BEFORE.reviews);
  });

  it("splits a member's card where the heart island goes", () => {
    const p = card({});
    const [before, after] = productCardParts(p, cardOptions(0, { priorityFirst: true }));
    const link = likeLinkHtml({
      productNo: p.productNo,
      productName: p.productName,
      variant: 'card',
      loginHref: '/login',
    });
    expect(before + link + after).toBe(productCardsHtml([p], { priorityFirst: true }, '/login'));
    expect(before.endsWith('fetchpriority="high" class="product-image">')).toBe(true);
    expect(after.startsWith('</div><div class="body">')).toBe(true);
  });

  it('names the product with the heading level asked for', () => {
    const html = productCardsHtml([card({})], { headingLevel: 2 }, '/login');
    expect(html).toContain(
      '<h2 class="name"><a class="product-link" href="/product/round-washer-dampener-4p">',
    );
    expect(html).toContain('</a></h2>');
    expect(html).toContain('loading="lazy" decoding="async" class="product-image">');
  });

  it('a card without an image shows the placeholder', () => {
    const html = productCardsHtml([card({ imageUrl: undefined, imageVariants: [] })], {}, '/login');
    expect(html).toContain(
      '<svg class="placeholder product-image" role="img" aria-label="이미지 준비 중" width="640" height="640" viewBox="0 0 100 100"',
    );
    expect(html).not.toContain('<img');
  });
});

const decode = (t: string) =>
  t
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/**
 * A small reader of HTML as a browser tokenizes it (tags with bare or double-quoted attributes,
 * text between them): what the cards write must read back as the tags written and the values given.
 */
function read(html: string) {
  const tags: string[] = [];
  const attrs: [string, string][] = [];
  const texts: string[] = [];
  const tag = /<(\/?[a-z][a-z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*(?:="[^"]*")?)*)\s*>/gy;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt !== i) {
      const end = lt === -1 ? html.length : lt;
      texts.push(decode(html.slice(i, end)));
      i = end;
      continue;
    }
    tag.lastIndex = i;
    const m = tag.exec(html);
    if (!m) throw new Error(`not a tag at ${i}: ${html.slice(i, i + 40)}`);
    tags.push(m[1]!);
    for (const a of m[2]!.matchAll(/([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"]*)")?/g))
      attrs.push([a[1]!, decode(a[2] ?? '')]);
    i = tag.lastIndex;
  }
  return { tags, attrs, texts };
}

describe("a card's texts and attributes from managers and imports are escaped", () => {
  const evil = (what: string) => `<script>alert("${what}")</script> & '${what}' <img src=x onerror=alert(1)>`;
  const hostile = card({
    productName: evil('name'),
    href: '/product/a"onclick="alert(1)&x=<b>',
    imageUrl: '/i/a"onerror="alert(1)&-640w.webp',
    imageVariants: [
      { width: 320, url: '/i/a"x=1&-320w.webp' },
      { width: 640, url: '/i/a"onerror="alert(1)&-640w.webp' },
    ],
    partnerName: evil('seller'),
    promotionText: evil('promotion'),
    badges: ['BEST 1', evil('badge')],
    reviewRating: 4.5,
    totalReviewCount: 3,
  });
  const plain = card({
    productName: 'name',
    href: '/product/a',
    imageUrl: '/i/a-640w.webp',
    imageVariants: [
      { width: 320, url: '/i/a-320w.webp' },
      { width: 640, url: '/i/a-640w.webp' },
    ],
    partnerName: 'seller',
    promotionText: 'promotion',
    badges: ['BEST 1', 'badge'],
    reviewRating: 4.5,
    totalReviewCount: 3,
  });
  const loginHref = '/login?redirect=%2Fsearch%3Fkeyword%3D"a&b';

  it('adds no tag and no attribute, whatever the texts hold', () => {
    const html = productCardsHtml([hostile], { eagerCount: 1 }, loginHref);
    const same = productCardsHtml([plain], { eagerCount: 1 }, '/login');
    expect(read(html).tags).toEqual(read(same).tags);
    expect(read(html).attrs.map(([name]) => name)).toEqual(read(same).attrs.map(([name]) => name));
    expect(read(html).tags).not.toContain('script');
  });

  it('keeps every value whole: texts and attributes read back as given', () => {
    const html = productCardsHtml([hostile], { eagerCount: 1 }, loginHref);
    const { texts: t, attrs } = read(html);
    for (const text of [
      evil('name'),
      evil('seller'),
      evil('promotion'),
      evil('badge'),
      `${evil('name')} 찜하기`,
    ]) {
      expect(t, text).toContain(text);
    }
    const a = attrs.map(([, value]) => value);
    expect(a).toContain('/product/a"onclick="alert(1)&x=<b>');
    expect(a).toContain('/i/a"onerror="alert(1)&-640w.webp');
    expect(a).toContain('/i/a"x=1&-320w.webp 320w, /i/a"onerror="alert(1)&-640w.webp 640w');
    expect(a).toContain(loginHref);
  });

  it("escapes the product page's price, image and heart the same way", () => {
    expect(priceHtml(15900, 1590, 'detail')).toBe(
      '<p class="price price--detail"><span class="visually-hidden">할인율</span><span class="rate">10%</span>' +
        '<span class="visually-hidden">판매가</span><strong class="sale-price" data-price="14310">14,310원</strong>' +
        '<span class="visually-hidden">정가</span><del class="list-price">15,900원</del></p>',
    );
    const image = productImageHtml({ src: undefined, alt: evil('alt'), width: 1280, height: 1280 });
    expect(read(image).attrs).toContainEqual(['aria-label', `${evil('alt')} (이미지 준비 중)`]);
    expect(read(image).tags).toEqual(['svg', 'rect', '/rect', 'path', '/path', 'circle', '/circle', '/svg']);
    const heart = likeLinkHtml({
      productNo: 1,
      productName: evil('name'),
      variant: 'detail',
      loginHref,
      likeCount: 1447,
    });
    expect(heart).toContain(
      '<span>찜하기</span><span class="like-count" aria-label="찜 1,447개">1,447</span>',
    );
    expect(read(heart).attrs).toContainEqual(['href', loginHref]);
    expect(read(heart).texts).toEqual(['찜하기', '1,447']);
    const cardHeart = likeLinkHtml({ productNo: 1, productName: evil('name'), variant: 'card', loginHref });
    expect(read(cardHeart).texts).toEqual([`${evil('name')} 찜하기`]);
  });
});
