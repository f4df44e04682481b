import { IMAGE_BREAKPOINTS } from '../../lib/breakpoints.ts';

type Bp = keyof typeof IMAGE_BREAKPOINTS;

/**
 * A `sizes` attribute over the specification's image breakpoints: `{ base: '50vw', md: '33vw',
 * xl: '300px' }` → "(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw". With the `w`
 * descriptors of the image ladder the browser then picks the file for density 1 or 2 itself.
 */
export function sizesFor(slots: Partial<Record<Bp, string>> & { base: string }): string {
  const order: Bp[] = ['xxl', 'xl', 'lg', 'md', 'sm', 'xs'];
  const parts = order
    .filter((bp) => slots[bp])
    .map((bp) => `(min-width: ${IMAGE_BREAKPOINTS[bp]}px) ${slots[bp]}`);
  return [...parts, slots.base].join(', ');
}

/**
 * Product cards: 2 columns on phones, 3 from md, 4 from lg, capped by the container (1280px, and
 * 1440px from the 1600px viewport, so the widest slot is asked for from xxl).
 */
export const CARD_SIZES = sizesFor({
  base: 'calc(50vw - 24px)',
  md: 'calc(33vw - 32px)',
  lg: 'calc(25vw - 40px)',
  xl: '296px',
  xxl: '332px',
});
/** Product gallery: full width on phones, half the container from lg. */
export const GALLERY_SIZES = sizesFor({
  base: 'calc(100vw - 32px)',
  md: 'calc(100vw - 48px)',
  lg: 'calc(50vw - 48px)',
  xl: '600px',
  xxl: '664px',
});
/** Banners: the full viewport width up to the container. */
export const BANNER_SIZES = sizesFor({ base: '100vw', xl: '1280px', xxl: '1440px' });
