import { describe, expect, it } from 'vitest';
import { templateForProduct, templatesOfProduct } from './templates.ts';

describe('product templates', () => {
  it('maps the demo products and their size option onto templates', () => {
    expect(templateForProduct(100005)).toBe('round-dampener-100');
    expect(templateForProduct(100005, { 사이즈: '12cm' })).toBe('round-dampener-120');
    expect(templateForProduct(100006, { 사이즈: '80 x 80mm' })).toBe('square-dampener-80');
    expect(templateForProduct(100016)).toBe('square-cushion-400');
    expect(templateForProduct(100023)).toBe('square-cushion-450');
    expect(templateForProduct(100001)).toBeNull();
    expect(templatesOfProduct(100017)).toEqual(['round-cushion-350', 'round-cushion-450']);
  });
});
