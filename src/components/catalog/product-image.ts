/**
 * A catalogue image's markup (decision 071): `ProductImage.astro` writes it for the gallery and the
 * banners, and the product cards of a list page write it through `productCardsHtml`, so there is one
 * source of the `<img>` (or its placeholder) and its srcset rules.
 *
 * Explicit width/height (no layout shift) and a srcset over the widths the image was generated at.
 * Fluid slots pass `sizes` (w descriptors, the browser applies density 1 or 2); fixed slots pass
 * `fixedWidth` and get 1x/2x candidates. Lazy unless `eager`/`priority`.
 */
import { IMAGE_DENSITIES } from '../../lib/breakpoints.ts';
import { attr } from '../../lib/html.ts';
import './product-image.css';
import {
  BANNER_IMAGE_WIDTHS,
  PRODUCT_IMAGE_WIDTHS,
  imageUrlAtWidth,
  srcsetFor,
  widthFor,
} from '../../lib/images.ts';

export interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** Intrinsic ratio as width/height attributes (the CSS decides the rendered size). */
  width: number;
  height: number;
  sizes?: string | undefined;
  /** A fixed CSS width in px (thumbnails): 1x/2x candidates instead of `sizes`. */
  fixedWidth?: number | undefined;
  kind?: 'product' | 'banner' | undefined;
  /** Above the fold: load at once. */
  eager?: boolean | undefined;
  /** The page's largest above-the-fold image: eager and fetchpriority=high. */
  priority?: boolean | undefined;
  class?: string | undefined;
  /** Generated widths of the image when known (they take precedence over the URL naming). */
  variants?: readonly { width: number; url: string }[] | undefined;
}

/**
 * The class every catalogue image carries; `ProductImage.astro`'s rule (width 100 %, height auto)
 * is keyed on it, not on an Astro scoping attribute, since these strings are not Astro templates.
 */
export const PRODUCT_IMAGE_CLASS = 'product-image';

const PLACEHOLDER_SHAPES =
  '<rect width="100" height="100" fill="#f1eef5"></rect><path d="M30 64l14-16 10 11 8-8 10 13z" fill="#cdbfe0"></path><circle cx="62" cy="38" r="6" fill="#cdbfe0"></circle>';

export function productImageHtml(props: ProductImageProps): string {
  const {
    src,
    alt,
    width,
    height,
    sizes,
    fixedWidth,
    kind = 'product',
    eager = false,
    priority = false,
    class: className,
    variants,
  } = props;
  const classes = className ? `${PRODUCT_IMAGE_CLASS} ${className}` : PRODUCT_IMAGE_CLASS;
  const ladder = kind === 'banner' ? BANNER_IMAGE_WIDTHS : PRODUCT_IMAGE_WIDTHS;
  let imgSrc = src;
  let srcset: string | undefined;
  let imgSizes: string | undefined;
  const known = (variants ?? []).filter((v) => v.width > 0 && v.url);
  if (known.length > 1) known.sort((a, b) => a.width - b.width);
  const pick = (cssWidth: number, d: number) =>
    known.find((v) => v.width >= cssWidth * d) ?? known[known.length - 1];
  if (src && known.length > 1 && fixedWidth) {
    imgSrc = pick(fixedWidth, 1)?.url ?? src;
    srcset = IMAGE_DENSITIES.map((d) => `${pick(fixedWidth, d)?.url ?? src} ${d}x`).join(', ');
  } else if (src && known.length > 1) {
    srcset = known.map((v) => `${v.url} ${v.width}w`).join(', ');
    imgSrc = pick(kind === 'banner' ? 1280 : 640, 1)?.url ?? src;
    imgSizes = sizes ?? '100vw';
  } else if (src && fixedWidth && srcsetFor(src, ladder) !== undefined) {
    imgSrc = imageUrlAtWidth(src, widthFor(fixedWidth, 1, ladder));
    srcset = IMAGE_DENSITIES.map(
      (d) => `${imageUrlAtWidth(src, widthFor(fixedWidth, d, ladder))} ${d}x`,
    ).join(', ');
  } else if (src) {
    srcset = srcsetFor(src, ladder);
    if (srcset) {
      imgSrc = imageUrlAtWidth(src, ladder[Math.min(1, ladder.length - 1)] ?? width);
      imgSizes = sizes ?? '100vw';
    }
  }
  if (!imgSrc) {
    const label = alt ? `${alt} (이미지 준비 중)` : '이미지 준비 중';
    return `<svg${attr('class', `placeholder ${classes}`)} role="img"${attr('aria-label', label)}${attr('width', width)}${attr('height', height)} viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">${PLACEHOLDER_SHAPES}</svg>`;
  }
  const loading = eager || priority ? 'eager' : 'lazy';
  return `<img${attr('src', imgSrc)}${attr('srcset', srcset)}${attr('sizes', imgSizes)}${attr('width', width)}${attr('height', height)}${attr('alt', alt)}${attr('loading', loading)}${attr('decoding', priority ? 'sync' : 'async')}${attr('fetchpriority', priority ? 'high' : undefined)}${attr('class', classes)}>`;
}
