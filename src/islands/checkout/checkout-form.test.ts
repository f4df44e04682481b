import { describe, expect, it } from 'vitest';
import {
  addressFields,
  calculateRequestOf,
  CUSTOM_MEMO,
  deliveryMemoOf,
  draftOf,
  emptyForm,
  pointsFieldProblem,
  pointsOf,
  reserveRequestOf,
  validateCheckout,
  type CheckoutForm,
  type FormAddress,
} from './checkout-form.ts';

const filled: CheckoutForm = {
  ...emptyForm(),
  ordererName: '김포도',
  ordererContact: '010-1234-5678',
  ordererEmail: 'grape@example.com',
  receiverName: '이수령',
  receiverContact: '01098765432',
  receiverZipCd: '06236',
  receiverAddress: '서울 강남구 테헤란로 152',
  receiverDetailAddress: '12층',
  agreeOrder: true,
};

const saved: FormAddress = {
  addressNo: 7,
  receiverName: '박집',
  receiverZipCd: '63100',
  receiverAddress: '제주특별자치도 제주시 첨단로 242',
  receiverJibunAddress: '',
  receiverDetailAddress: '101호',
  receiverContact1: '010-2222-3333',
};

const member = { member: true, savedAddress: null, pointsMax: 0, points: 0, balance: 0 };
const guest = { member: false, savedAddress: null, pointsMax: 0, points: 0, balance: 0 };

describe('checkout form checks', () => {
  it('passes a complete member form', () => {
    expect(validateCheckout(filled, member)).toEqual({});
  });

  it('names every missing field of an empty guest form, in Korean', () => {
    const errors = validateCheckout(emptyForm(), guest);
    expect(Object.keys(errors)).toEqual([
      'ordererName',
      'ordererContact',
      'receiverName',
      'receiverContact',
      'receiverZipCd',
      'receiverAddress',
      'password',
      'passwordConfirm',
      'agreeOrder',
      'agreeGuestPrivacy',
    ]);
    expect(errors.receiverZipCd).toBe('우편번호 5자리를 입력해 주세요.');
  });

  it('checks the guest password rule and its confirmation', () => {
    const base = { ...filled, agreeGuestPrivacy: true };
    expect(
      validateCheckout({ ...base, password: 'short1', passwordConfirm: 'short1' }, guest).password,
    ).toBeTruthy();
    expect(
      validateCheckout({ ...base, password: 'grape2024', passwordConfirm: 'grape2025' }, guest)
        .passwordConfirm,
    ).toBe('비밀번호가 일치하지 않습니다.');
    expect(validateCheckout({ ...base, password: 'grape2024', passwordConfirm: 'grape2024' }, guest)).toEqual(
      {},
    );
  });

  it('skips the address fields when a saved address is chosen, and limits points', () => {
    const form = { ...filled, addressChoice: 7 as const, receiverName: '', receiverZipCd: '' };
    expect(validateCheckout(form, { ...member, savedAddress: saved })).toEqual({});
    expect(
      validateCheckout(form, { ...member, savedAddress: saved, pointsMax: 100, points: 200, balance: 5000 })
        .points,
    ).toBe('이 주문에는 적립금을 최대 100원까지 사용할 수 있습니다.');
  });

  it('refuses more points than the member has, then more than the order may take', () => {
    const limits = { balance: 3000, pointsMax: 2500 };
    expect(pointsFieldProblem(4000, limits)).toBe('보유 적립금 3,000원보다 많이 사용할 수 없습니다.');
    expect(pointsFieldProblem(2800, limits)).toBe(
      '이 주문에는 적립금을 최대 2,500원까지 사용할 수 있습니다.',
    );
    expect(pointsFieldProblem(2500, limits)).toBeUndefined();
    expect(pointsFieldProblem(0, { balance: 0, pointsMax: 0 })).toBeUndefined();
    expect(validateCheckout(filled, { ...member, points: 4000, ...limits }).points).toBe(
      '보유 적립금 3,000원보다 많이 사용할 수 없습니다.',
    );
  });
});

describe('checkout requests', () => {
  it('asks calculate with the zip code, coupons and points (members only)', () => {
    const coupons = { product: { 100019: 55, 100020: 0 }, cart: 9 };
    expect(calculateRequestOf(filled, { member: true, saved: null, coupons, points: 300 })).toEqual({
      addressRequest: { receiverZipCd: '06236' },
      couponRequest: { productCoupons: [{ couponIssueNo: 55, productNo: 100019 }], cartCouponIssueNo: 9 },
      accumulationUseAmt: 300,
    });
    expect(
      calculateRequestOf(
        { ...filled, receiverZipCd: '12' },
        { member: false, saved: null, coupons, points: 300 },
      ),
    ).toEqual({ accumulationUseAmt: 0 });
    expect(
      calculateRequestOf({ ...filled, addressChoice: 7 }, { member: true, saved, coupons, points: 0 })
        .addressRequest,
    ).toEqual({ receiverZipCd: '63100' });
  });

  it('builds the reserve body with the amount the page shows', () => {
    const body = reserveRequestOf(
      { ...filled, memoPreset: CUSTOM_MEMO, memoCustom: ' 문 앞 ', password: 'grape2024' },
      {
        orderSheetNo: '2024010112345678',
        member: false,
        saved: null,
        coupons: { product: {}, cart: 0 },
        points: 0,
        payType: 'VIRTUAL_ACCOUNT',
        agreements: ['ORDER_INFO_AGREE', 'NONE_MEMBER_PRIVACY_USAGE_AGREEMENT'],
        paymentAmt: 30900,
      },
    );
    expect(body).toMatchObject({
      orderSheetNo: '2024010112345678',
      orderer: { ordererName: '김포도', ordererContact1: '010-1234-5678', ordererEmail: 'grape@example.com' },
      shippingAddress: { receiverName: '이수령', receiverZipCd: '06236', receiverDetailAddress: '12층' },
      deliveryMemo: '문 앞',
      payType: 'VIRTUAL_ACCOUNT',
      tempPassword: 'grape2024',
      agreementTypes: ['ORDER_INFO_AGREE', 'NONE_MEMBER_PRIVACY_USAGE_AGREEMENT'],
      clientReturnUrl: '/order/order-result',
      paymentAmtForVerification: 30900,
    });
    expect(body).not.toHaveProperty('coupons');
    expect(body).not.toHaveProperty('subPayAmt');
  });

  it('keeps presets as they are and drops unknown memo choices', () => {
    expect(deliveryMemoOf({ memoPreset: '부재 시 문 앞에 놓아 주세요.', memoCustom: 'x' })).toBe(
      '부재 시 문 앞에 놓아 주세요.',
    );
    expect(deliveryMemoOf({ memoPreset: '<script>', memoCustom: '' })).toBe('');
  });

  it('never keeps the password or the consents in the saved draft', () => {
    const draft = draftOf({ ...filled, password: 'secret123', passwordConfirm: 'secret123' });
    expect(draft).not.toHaveProperty('password');
    expect(draft).not.toHaveProperty('passwordConfirm');
    expect(draft).not.toHaveProperty('agreeOrder');
    expect(draft.receiverZipCd).toBe('06236');
  });

  it('reads points as whole won', () => {
    expect(pointsOf('1,500원')).toBe(1500);
    expect(pointsOf('')).toBe(0);
  });
});

describe('주문자 정보와 동일 (decision 030)', () => {
  const same: CheckoutForm = { ...filled, sameAsOrderer: true, receiverName: '', receiverContact: '' };

  it("sends the orderer's name and phone as the receiver's", () => {
    expect(validateCheckout(same, member)).toEqual({});
    const body = reserveRequestOf(same, {
      orderSheetNo: '1',
      member: true,
      saved: null,
      coupons: { product: {}, cart: 0 },
      points: 0,
      payType: 'CREDIT_CARD',
      agreements: [],
      paymentAmt: 1000,
    });
    expect(body.shippingAddress).toMatchObject({ receiverName: '김포도', receiverContact1: '010-1234-5678' });
  });

  it('reports a missing orderer once, not again for the receiver', () => {
    const errors = validateCheckout({ ...same, ordererName: '' }, member);
    expect(Object.keys(errors)).toEqual(['ordererName']);
  });

  it('is off on a new form', () => {
    expect(emptyForm().sameAsOrderer).toBe(false);
  });
});

describe("the last order's address, offered (decision 030)", () => {
  it('fills the new-address fields with it, the receiver typed rather than copied', () => {
    const form = { ...emptyForm(), sameAsOrderer: true, ...addressFields(saved) };
    expect(form).toMatchObject({
      addressChoice: 'new',
      sameAsOrderer: false,
      receiverName: '박집',
      receiverContact: '010-2222-3333',
      receiverZipCd: '63100',
      receiverAddress: '제주특별자치도 제주시 첨단로 242',
      receiverDetailAddress: '101호',
    });
    expect(validateCheckout({ ...filled, ...addressFields(saved) }, member)).toEqual({});
  });
});
