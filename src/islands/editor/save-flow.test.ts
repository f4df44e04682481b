import { describe, expect, it } from 'vitest';
import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import { afterSave, cartPath, designCartLine } from './save-flow.ts';

describe('what saving leads to', () => {
  it('nobody → the guest guide first', () => {
    expect(afterSave({ kind: 'none' }, 'complete')).toEqual({ kind: 'guide' });
    expect(afterSave({ kind: 'none' }, 'save')).toEqual({ kind: 'guide' });
  });

  it('a member: COMPLETE_SAVE goes to /cart, a plain save opens the add-to-cart modal', () => {
    const member = { kind: 'member' as const, memberNo: 1, memberId: 'grape' };
    expect(afterSave(member, 'complete')).toEqual({ kind: 'cart', cart: 'member', then: 'go' });
    expect(afterSave(member, 'save')).toEqual({ kind: 'cart', cart: 'member', then: 'modal' });
    expect(cartPath('member')).toBe('/cart');
  });

  it('a guest with an identity: the guest cart, then /guest/cart', () => {
    const guest = { kind: 'guest' as const, guestToken: 'guest:x' };
    expect(afterSave(guest, 'complete')).toEqual({ kind: 'cart', cart: 'guest', then: 'go' });
    expect(cartPath('guest')).toBe('/guest/cart');
  });
});

describe('the design cart line', () => {
  it('carries the design number first and the filled product inputs', () => {
    const line = designCartLine({
      productNo: 100005,
      optionNo: 7,
      orderCnt: 1,
      designId: 'abcdefghijklmnopqrstuv',
      inputs: { '각인 문구': ' 포도 ', '제작 요청사항': '  ' },
    });
    expect(line).toEqual({
      productNo: 100005,
      optionNo: 7,
      orderCnt: 1,
      optionInputs: [
        { inputLabel: DESIGN_INPUT_LABEL, inputValue: 'abcdefghijklmnopqrstuv' },
        { inputLabel: '각인 문구', inputValue: '포도' },
      ],
    });
  });

  it('never lets a product input replace the design number', () => {
    const line = designCartLine({
      productNo: 1,
      optionNo: 1,
      orderCnt: 1,
      designId: 'abcdefghijklmnopqrstuv',
      inputs: { [DESIGN_INPUT_LABEL]: 'other' },
    });
    expect(line.optionInputs).toHaveLength(1);
  });
});
