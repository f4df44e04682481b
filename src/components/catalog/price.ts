/**
 * A price's markup (decision 071): 판매가 with, when discounted, the 할인율 and the struck-through
 * 정가. `Price.astro` writes it on the product page and the product cards write it through
 * `productCardsHtml`: one source of the markup.
 */
import { attr, escapeText } from '../../lib/html.ts';
import './price.css';
import { formatWon } from '../../lib/money.ts';
import { discountRate } from './product-card.ts';

export type PriceSize = 'card' | 'detail';

/** `salePrice` is the 정가 before the immediate discount `discountAmt`. */
export function priceHtml(salePrice: number, discountAmt = 0, size: PriceSize = 'card'): string {
  const off = Math.max(0, Math.min(discountAmt, salePrice));
  const price = salePrice - off;
  const rate = discountRate(salePrice, off);
  let html = `<p${attr('class', `price price--${size}`)}>`;
  if (rate > 0)
    html += `<span class="visually-hidden">할인율</span><span class="rate">${escapeText(rate)}%</span>`;
  html += `<span class="visually-hidden">판매가</span><strong class="sale-price"${attr('data-price', price)}>${escapeText(formatWon(price))}</strong>`;
  if (off > 0)
    html += `<span class="visually-hidden">정가</span><del class="list-price">${escapeText(formatWon(salePrice))}</del>`;
  return `${html}</p>`;
}
