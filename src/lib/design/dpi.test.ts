import { describe, expect, it } from 'vitest';
import { dpiWarning, effectiveDpi, isLowResolution, maxSizeForDpi } from './dpi.ts';

describe('effective DPI', () => {
  it('is pixels per printed inch on the weaker axis', () => {
    // 1181 px over 100 mm ≈ 300 DPI
    expect(effectiveDpi({ naturalWidth: 1181, naturalHeight: 1181, width: 100, height: 100 })).toBeCloseTo(
      300,
      0,
    );
    // stretched vertically: the vertical axis decides
    expect(effectiveDpi({ naturalWidth: 1181, naturalHeight: 590, width: 100, height: 100 })).toBeCloseTo(
      150,
      0,
    );
  });

  it('warns below 150 DPI', () => {
    const small = { naturalWidth: 500, naturalHeight: 500, width: 100, height: 100 }; // 127 DPI
    expect(isLowResolution(small)).toBe(true);
    expect(dpiWarning(small)).toContain('127 DPI');
    expect(dpiWarning({ ...small, width: 80, height: 80 })).toBeNull(); // 158 DPI
    expect(maxSizeForDpi(small).width).toBeCloseTo(84.67, 1);
  });
});
