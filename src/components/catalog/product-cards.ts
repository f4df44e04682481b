/**
 * The product cards of a list page, written as one string (decision 071). A card used to be four
 * Astro components (ProductCard, ProductImage, Price, ProductLikeToggle): ~100 component renders per
 * category page, each with its own instance, props, async iteration and `createAstro`. The markup
 * is the same; the image's, the price's and the visitor's heart come from the functions their own
 * components use (product-image.ts, price.ts, like-link.ts), so each piece has one source.
 *
 * Every value is escaped as Astro escapes a template's expressions (src/lib/html.ts): product names,
 * sellers, promotions and badges come from managers and imports.
 */
import { attr, escapeText } from '../../lib/html.ts';
import './product-cards.css';
import { CARD_SIZES } from './image-sizes.ts';
import { likeLinkHtml } from './like-link.ts';
import { priceHtml } from './price.ts';
import type { CardProduct } from './product-card.ts';
import { productImageHtml } from './product-image.ts';

export interface CardOptions {
  /** Load the image at once (the first visible row). */
  eager?: boolean | undefined;
  /** The page's main above-the-fold image (fetchpriority=high). */
  priority?: boolean | undefined;
  /** Heading level of the product name inside its list. */
  headingLevel?: 2 | 3 | undefined;
}

/**
 * One card inside its `<li>`, in two parts: the heart goes between them (a member's heart is an
 * island that only Astro can render; a visitor's is `likeLinkHtml`).
 */
export function productCardParts(p: CardProduct, options: CardOptions = {}): [string, string] {
  const { eager, priority, headingLevel = 3 } = options;
  const before =
    `<li><article class="product-card"${attr('data-product-no', p.productNo)}${attr('data-soldout', p.isSoldOut ? 'true' : undefined)}><div class="media">` +
    productImageHtml({
      src: p.imageUrl,
      variants: p.imageVariants,
      alt: '',
      width: 640,
      height: 640,
      sizes: CARD_SIZES,
      eager,
      priority,
    }) +
    (p.isSoldOut ? '<span class="soldout-badge">품절</span>' : '');

  const seller = p.partnerName || p.brandName;
  const name = headingLevel === 2 ? 'h2' : 'h3';
  let after = '</div><div class="body">';
  if (seller) after += `<p class="seller">${escapeText(seller)}</p>`;
  after += `<${name} class="name"><a class="product-link"${attr('href', p.href)}>${escapeText(p.productName)}</a></${name}>`;
  after += priceHtml(p.salePrice, p.discountAmt, 'card');
  if (p.badges.length > 0) {
    after += '<ul class="badges" role="list" aria-label="상품 표시">';
    for (const b of p.badges) {
      const kind = b.startsWith('BEST') ? ' badge--best' : b === 'NEW' ? ' badge--new' : '';
      after += `<li class="badge${kind}">${escapeText(b)}</li>`;
    }
    after += '</ul>';
  }
  if (p.promotionText) after += `<p class="promotion">${escapeText(p.promotionText)}</p>`;
  if (p.totalReviewCount > 0) {
    after +=
      `<p class="reviews"><span aria-hidden="true">★</span><span class="visually-hidden">평점</span> ${escapeText(p.reviewRating.toFixed(1))} ` +
      `<span class="count">(리뷰 ${escapeText(p.totalReviewCount.toLocaleString('ko-KR'))}개)</span></p>`;
  }
  after += '</div></article></li>';
  return [before, after];
}

export interface GridOptions {
  /** Cards in the first visible row load eagerly; the rest lazily. */
  eagerCount?: number | undefined;
  /** Give the first card's image fetchpriority=high. */
  priorityFirst?: boolean | undefined;
  headingLevel?: 2 | 3 | undefined;
}

/** The options of the grid's card number `i`. */
export function cardOptions(i: number, options: GridOptions): CardOptions {
  const { eagerCount = 0, priorityFirst = false, headingLevel = 3 } = options;
  return { eager: i < eagerCount, priority: priorityFirst && i === 0, headingLevel };
}

/**
 * The cards of a grid for a visitor who is not signed in, hearts included (links to the login
 * page that come back to `loginHref`'s page). Members' cards are assembled by ProductGrid.astro.
 */
export function productCardsHtml(
  products: readonly CardProduct[],
  options: GridOptions,
  loginHref: string,
): string {
  let html = '';
  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    const [before, after] = productCardParts(p, cardOptions(i, options));
    html +=
      before +
      likeLinkHtml({ productNo: p.productNo, productName: p.productName, variant: 'card', loginHref }) +
      after;
  }
  return html;
}
