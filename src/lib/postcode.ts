/**
 * The Kakao (formerly Daum) postcode service, as the browser and the CSP both need it (decision 041).
 * Kakao moved the script to t1.kakaocdn.net and the search pages to postcode.map.kakao.com in 2026
 * (the old t1.daumcdn.net and `daum.Postcode` still answer for now); the shop uses the new names.
 */
export const POSTCODE_SCRIPT_URL = 'https://t1.kakaocdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/** Where the script comes from: the only origin a page with an address form adds to `script-src`. */
export const POSTCODE_SCRIPT_ORIGIN = new URL(POSTCODE_SCRIPT_URL).origin;
/** The search page the script embeds in its frame (`frame-src`). */
export const POSTCODE_FRAME_ORIGIN = 'https://postcode.map.kakao.com';

/** The part of the service's `oncomplete` data the shop reads (its names, as documented). */
export interface PostcodeResult {
  zonecode: string;
  address: string;
  addressType: 'R' | 'J';
  /** What the shopper clicked: 도로명 (R) or 지번 (J). */
  userSelectedType: 'R' | 'J';
  roadAddress: string;
  jibunAddress: string;
  /** The matching address of the other kind, when the chosen one is empty. */
  autoRoadAddress?: string;
  autoJibunAddress?: string;
  buildingName: string;
  /** Y for 공동주택 (apartments). */
  apartment: 'Y' | 'N';
  /** 법정동 or 법정리. */
  bname: string;
  noSelected?: 'Y' | 'N';
}

/** What the address forms take: the 5-digit postcode, the base address, the jibun address. */
export interface PickedAddress {
  zipCd: string;
  address: string;
  jibun: string;
}

const clean = (v: string | undefined) => (v ?? '').trim();

/**
 * The picked address as Korean shops write it (Kakao's guide): the road address followed by its
 * 참고항목 in parentheses — the 법정동 (a name ending in 동, 로 or 가; villages' 리 are left out) and,
 * for an apartment, the building's name — or, when the shopper picked 지번, the jibun address with
 * the apartment's name. Office buildings' names are left out: they are not part of the address.
 */
export function addressFromPostcode(data: PostcodeResult): PickedAddress {
  const road = clean(data.roadAddress) || clean(data.autoRoadAddress);
  const jibun = clean(data.jibunAddress) || clean(data.autoJibunAddress);
  const building = data.apartment === 'Y' ? clean(data.buildingName) : '';
  const bname = clean(data.bname);
  const pickedJibun = data.userSelectedType === 'J' ? jibun : '';
  let address: string;
  if (pickedJibun) {
    address = building ? `${pickedJibun} (${building})` : pickedJibun;
  } else {
    const extra = [/[동로가]$/.test(bname) ? bname : '', building].filter(Boolean).join(', ');
    address = extra ? `${road} (${extra})` : road;
  }
  return { zipCd: clean(data.zonecode), address, jibun };
}
