import { describe, expect, it } from 'vitest';
import { PostcodeFields } from './address-rules.ts';
import { addressFromPostcode, type PostcodeResult } from './postcode.ts';

/** What Kakao's postcode service hands `oncomplete` for 서울 강남구 테헤란로 152 (강남파이낸스센터). */
const office: PostcodeResult = {
  zonecode: '06236',
  address: '서울 강남구 테헤란로 152',
  addressType: 'R',
  userSelectedType: 'R',
  roadAddress: '서울 강남구 테헤란로 152',
  jibunAddress: '서울 강남구 역삼동 737',
  autoRoadAddress: '',
  autoJibunAddress: '',
  buildingName: '강남파이낸스센터',
  apartment: 'N',
  bname: '역삼동',
  noSelected: 'N',
};

/** An apartment: 서울 송파구 올림픽로 99 (잠실엘스). */
const apartment: PostcodeResult = {
  ...office,
  zonecode: '05551',
  address: '서울 송파구 올림픽로 99',
  roadAddress: '서울 송파구 올림픽로 99',
  jibunAddress: '서울 송파구 잠실동 19',
  buildingName: '잠실엘스',
  apartment: 'Y',
  bname: '잠실동',
};

describe('addressFromPostcode: the picked address → the form’s fields', () => {
  it('a road address gets its 법정동 in parentheses; an office building’s name is left out', () => {
    expect(addressFromPostcode(office)).toEqual({
      zipCd: '06236',
      address: '서울 강남구 테헤란로 152 (역삼동)',
      jibun: '서울 강남구 역삼동 737',
    });
  });

  it('an apartment’s name follows the 법정동, as Korean shops write it', () => {
    expect(addressFromPostcode(apartment).address).toBe('서울 송파구 올림픽로 99 (잠실동, 잠실엘스)');
  });

  it('a 법정리 (읍·면 villages) is not added; the apartment name alone is', () => {
    const village = {
      ...apartment,
      roadAddress: '경기 양평군 양평읍 양평시장길 5',
      bname: '양근리',
      buildingName: '양평한신',
    };
    expect(addressFromPostcode(village).address).toBe('경기 양평군 양평읍 양평시장길 5 (양평한신)');
    expect(addressFromPostcode({ ...village, apartment: 'N' }).address).toBe(
      '경기 양평군 양평읍 양평시장길 5',
    );
  });

  it('the shopper who picked 지번 gets the jibun address, with the apartment’s name', () => {
    expect(addressFromPostcode({ ...office, userSelectedType: 'J' })).toEqual({
      zipCd: '06236',
      address: '서울 강남구 역삼동 737',
      jibun: '서울 강남구 역삼동 737',
    });
    expect(addressFromPostcode({ ...apartment, userSelectedType: 'J' }).address).toBe(
      '서울 송파구 잠실동 19 (잠실엘스)',
    );
  });

  it('falls back to the service’s automatic match when the chosen kind is empty', () => {
    const jibunOnly = {
      ...office,
      userSelectedType: 'J' as const,
      jibunAddress: '',
      autoJibunAddress: '서울 강남구 역삼동 737',
    };
    expect(addressFromPostcode(jibunOnly)).toMatchObject({
      address: '서울 강남구 역삼동 737',
      jibun: '서울 강남구 역삼동 737',
    });
    const roadOnly = { ...office, roadAddress: '', autoRoadAddress: '서울 강남구 테헤란로 152' };
    expect(addressFromPostcode(roadOnly).address).toBe('서울 강남구 테헤란로 152 (역삼동)');
  });

  it('trims what the service sends, and the result passes the server’s own address rules', () => {
    const picked = addressFromPostcode({
      ...apartment,
      zonecode: ' 05551 ',
      roadAddress: ' 서울 송파구 올림픽로 99 ',
    });
    expect(picked.zipCd).toBe('05551');
    expect(picked.address.startsWith('서울 송파구 올림픽로 99 (')).toBe(true);
    const checked = PostcodeFields.safeParse({
      receiverZipCd: picked.zipCd,
      receiverAddress: picked.address,
      receiverJibunAddress: picked.jibun,
    });
    expect(checked.success).toBe(true);
  });
});
