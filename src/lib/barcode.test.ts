import { describe, expect, it } from 'vitest';
import { demoEan13, ean13, ean13CheckDigit, inHouseCode, isValidEan13 } from './barcode.ts';

describe('barcodes', () => {
  it('computes and checks the EAN-13 check digit', () => {
    // a real one: 8801043 (Nongshim) 015127 … check digit from the standard weights 1,3,1,3 …
    expect(ean13CheckDigit('880104301512')).toBe(Number(ean13('880104301512').slice(-1)));
    expect(ean13('400638133393')).toBe('4006381333931');
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('names in-house and demo codes', () => {
    expect(inHouseCode(123)).toBe('PD00000123');
    expect(demoEan13(10000101)).toBe(ean13('880000000101'));
    expect(isValidEan13(demoEan13(10003402))).toBe(true);
  });
});
