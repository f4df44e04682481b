/**
 * The wishlist heart's markup for a visitor who is not signed in (decision 071): a plain link to
 * the login page that comes back to this page, so list pages ship no script for visitors.
 * `ProductLikeToggle.astro` writes it on the product page and the product cards write it through
 * `productCardsHtml`; members get the `LikeButton` island instead (ProductLikeToggle.astro).
 */
import { attr, escapeText } from '../../lib/html.ts';
import '../../islands/catalog/like-button.css';
import './like-link.css';

export type LikeVariant = 'card' | 'detail';

/** The heart's slot: where the island or the link sits (the card places it over the image). */
export function likeSlotOpen(variant: LikeVariant): string {
  return `<div${attr('class', `like-slot like-slot--${variant}`)}>`;
}
export const LIKE_SLOT_CLOSE = '</div>';

const HEART =
  '<svg class="like-heart" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4h2c.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"></path></svg>';

export interface LikeLinkProps {
  productNo: number;
  productName: string;
  variant: LikeVariant;
  /** The login page's address that comes back here (`loginUrlForPage`). */
  loginHref: string;
  likeCount?: number | undefined;
}

/** The visitor's heart in its slot. */
export function likeLinkHtml({
  productNo,
  productName,
  variant,
  loginHref,
  likeCount,
}: LikeLinkProps): string {
  let html = `${likeSlotOpen(variant)}<a${attr('class', `like-button like-button--${variant}`)}${attr('href', loginHref)}${attr('data-like-product', productNo)}>${HEART}`;
  html +=
    variant === 'card'
      ? `<span class="visually-hidden">${escapeText(productName)} 찜하기</span>`
      : '<span>찜하기</span>';
  if (variant === 'detail' && likeCount !== undefined) {
    const count = likeCount.toLocaleString('ko-KR');
    html += `<span class="like-count"${attr('aria-label', `찜 ${count}개`)}>${escapeText(count)}</span>`;
  }
  return `${html}</a>${LIKE_SLOT_CLOSE}`;
}
