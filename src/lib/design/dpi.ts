import { MM_PER_INCH } from './geometry.ts';
import type { ImageNode } from './schema.ts';

/** Below this an image prints visibly soft: the editor warns (it does not refuse). */
export const MIN_PRINT_DPI = 150;

/**
 * The resolution an image node will print at: its pixels over its printed size, on the weaker
 * axis (a stretched image is as sharp as its stretched direction).
 */
export function effectiveDpi(
  node: Pick<ImageNode, 'naturalWidth' | 'naturalHeight' | 'width' | 'height'>,
): number {
  const dpiX = node.naturalWidth / (node.width / MM_PER_INCH);
  const dpiY = node.naturalHeight / (node.height / MM_PER_INCH);
  return Math.min(dpiX, dpiY);
}

export function isLowResolution(
  node: Pick<ImageNode, 'naturalWidth' | 'naturalHeight' | 'width' | 'height'>,
): boolean {
  return effectiveDpi(node) < MIN_PRINT_DPI;
}

/** The Korean warning shown beside a low-resolution image, or null. */
export function dpiWarning(
  node: Pick<ImageNode, 'naturalWidth' | 'naturalHeight' | 'width' | 'height'>,
): string | null {
  const dpi = Math.floor(effectiveDpi(node));
  return dpi < MIN_PRINT_DPI
    ? `이미지 해상도가 낮아 흐리게 인쇄될 수 있습니다 (${dpi} DPI, 권장 ${MIN_PRINT_DPI} DPI 이상). 크기를 줄이거나 더 큰 이미지를 올려 주세요.`
    : null;
}

/** The largest printed size (mm) at which the image still reaches `MIN_PRINT_DPI`, keeping its aspect. */
export function maxSizeForDpi(
  node: Pick<ImageNode, 'naturalWidth' | 'naturalHeight'>,
  dpi = MIN_PRINT_DPI,
): { width: number; height: number } {
  return { width: (node.naturalWidth / dpi) * MM_PER_INCH, height: (node.naturalHeight / dpi) * MM_PER_INCH };
}
