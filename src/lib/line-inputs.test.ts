import { describe, expect, it } from 'vitest';
import { DESIGN_INPUT_LABEL } from './design/api.ts';
import { designLabelOf, designPreviewOf, shopperInputs } from './line-inputs.ts';

const design = { name: '우리집 방진패드', previewUrl: '/uploads/designs/a/front.png' };

describe('what a shopper reads of an order line', () => {
  it('never shows the design id input; other inputs as typed, blanks left out', () => {
    const inputs = [
      { inputLabel: DESIGN_INPUT_LABEL, inputValue: 'Ab3dEf6hIj9kLm2nOp5qRs' },
      { inputLabel: '각인 문구', inputValue: '포도' },
      { inputLabel: '메모', inputValue: '' },
    ];
    expect(shopperInputs(inputs)).toEqual([{ inputLabel: '각인 문구', inputValue: '포도' }]);
  });

  it('calls a design line by the design’s name, or 내 디자인, with its preview', () => {
    const designInput = [{ inputLabel: DESIGN_INPUT_LABEL, inputValue: 'Ab3dEf6hIj9kLm2nOp5qRs' }];
    expect(designLabelOf(design, designInput)).toBe('우리집 방진패드');
    // the design could not be read (deleted …): still a design line, never its id
    expect(designLabelOf(null, designInput)).toBe('내 디자인');
    expect(designLabelOf({ name: ' ' }, designInput)).toBe('내 디자인');
    // a plain line is no design line
    expect(designLabelOf(null, [{ inputLabel: '각인 문구', inputValue: '포도' }])).toBeNull();
    expect(designPreviewOf(design)).toBe('/uploads/designs/a/front.png');
    expect(designPreviewOf({ previewUrls: { front: null, back: '/b.png' } })).toBe('/b.png');
    expect(designPreviewOf(null)).toBeNull();
  });
});
