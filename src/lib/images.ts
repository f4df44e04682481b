/**
 * Catalogue images are generated at fixed widths and named `<base>-<width>w.webp`, so any one
 * URL of an image tells every size it has. Product images are square; banners are 3:1.
 */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const BANNER_IMAGE_WIDTHS = [640, 1280, 1920] as const;

const SIZED = /^(.*)-(\d+)w\.(webp|png|jpg)$/;

export function imageUrlAtWidth(url: string, width: number): string {
  const m = SIZED.exec(url);
  return m ? `${m[1]}-${width}w.${m[3]}` : url;
}

/** `srcset` with width descriptors over the ladder the image was generated at. */
export function srcsetFor(url: string, ladder: readonly number[] = PRODUCT_IMAGE_WIDTHS): string | undefined {
  if (!SIZED.test(url)) return undefined;
  return ladder.map((w) => `${imageUrlAtWidth(url, w)} ${w}w`).join(', ');
}

/**
 * The smallest ladder width that covers `cssWidth` at `density` (1 or 2): what a fixed-size slot
 * (a product card) asks for as its `src`, with an `x` srcset for density 2.
 */
export function widthFor(
  cssWidth: number,
  density: number,
  ladder: readonly number[] = PRODUCT_IMAGE_WIDTHS,
): number {
  const need = cssWidth * density;
  return ladder.find((w) => w >= need) ?? ladder[ladder.length - 1] ?? cssWidth;
}
