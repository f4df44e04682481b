import { describe, expect, it } from 'vitest';
import { designConfigOf, productDesignConfig, templateForProduct, templatesOfProduct } from './templates.ts';

describe('product templates', () => {
  it('maps the demo products and their size option onto templates', () => {
    const of = (productNo: number) => designConfigOf(productNo, null);
    expect(templateForProduct(of(100005))).toBe('round-dampener-100');
    expect(templateForProduct(of(100005), { 사이즈: '12cm' })).toBe('round-dampener-120');
    expect(templateForProduct(of(100006), { 사이즈: '80 x 80mm' })).toBe('square-dampener-80');
    expect(templateForProduct(of(100016))).toBe('square-cushion-400');
    expect(templateForProduct(of(100023))).toBe('square-cushion-450');
    expect(templateForProduct(of(100001))).toBeNull();
    expect(templatesOfProduct(of(100017))).toEqual(['round-cushion-350', 'round-cushion-450']);
    expect(templatesOfProduct(null)).toEqual([]);
  });
});

describe('a product’s design config from the catalogue', () => {
  it('a catalogue product is designed on the template its manager chose, alone', () => {
    const config = designConfigOf(101, 'square-cushion-450');
    expect(config).toEqual({
      productNo: 101,
      defaultTemplate: 'square-cushion-450',
      sizeOption: null,
      materialOption: null,
    });
    expect(templatesOfProduct(config)).toEqual(['square-cushion-450']);
    // whatever its options say
    expect(templateForProduct(config, { 사이즈: '12cm' })).toBe('square-cushion-450');
  });

  it('no template or an unknown one: the product cannot be designed', () => {
    expect(designConfigOf(101, null)).toBeNull();
    expect(designConfigOf(101, 'hexagon-cushion-999')).toBeNull();
    expect(designConfigOf(101, '')).toBeNull();
  });

  it('a demo product keeps its size mapping while the catalogue names one of its templates or none', () => {
    const entry = productDesignConfig(100016);
    expect(entry).not.toBeNull();
    expect(designConfigOf(100016, 'square-cushion-400')).toBe(entry);
    expect(designConfigOf(100016, 'square-cushion-500')).toBe(entry);
    expect(designConfigOf(100016, null)).toBe(entry);
    expect(designConfigOf(100016, 'not-a-template')).toBe(entry);
  });

  it('a demo product given a template outside its entry is designed on that template alone', () => {
    const config = designConfigOf(100016, 'round-cushion-450');
    expect(templatesOfProduct(config)).toEqual(['round-cushion-450']);
    expect(templateForProduct(config, { 사이즈: '45 x 45cm' })).toBe('round-cushion-450');
    // its material option is still the catalogue's option of that name
    expect(config?.materialOption).toBe('원단');
  });
});
