import { describe, expect, it } from 'vitest';
import { BASIC_COLOURS, COLOUR_IDS, EXTENDED_COLOURS, PALETTE, colourHex, isColourId } from './palette.ts';

describe('palette', () => {
  it('has 12 basic and 35 extended colours', () => {
    expect(BASIC_COLOURS).toHaveLength(12);
    expect(EXTENDED_COLOURS).toHaveLength(35);
    expect(PALETTE).toHaveLength(47);
  });

  it('has unique ids, unique hex values and Korean labels', () => {
    expect(new Set(COLOUR_IDS).size).toBe(PALETTE.length);
    expect(new Set(PALETTE.map((c) => c.hex.toUpperCase())).size).toBe(PALETTE.length);
    for (const c of PALETTE) {
      expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.label).toMatch(/[가-힣]/);
    }
  });

  it('includes the colours the spec names', () => {
    for (const id of [
      'black',
      'cobaltBlue',
      'green',
      'darkGreen',
      'lightGreen',
      'skyBlue',
      'red',
      'orange',
      'pink',
      'white',
      'silver',
      'navy',
      'purple',
      'mint',
    ]) {
      expect(isColourId(id), id).toBe(true);
    }
    expect(colourHex('white')).toBe('#FFFFFF');
    expect(isColourId('#ff0000')).toBe(false);
  });
});
