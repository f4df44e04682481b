/**
 * Delivery fee rules, pure. Lines are grouped by partner and delivery template (one parcel per
 * group); each group pays its template's fee once:
 *
 * - FREE: nothing.
 * - FIXED_FEE: the base fee.
 * - CONDITIONAL: the base fee, or nothing when the group's goods (after immediate discounts,
 *   before coupons) reach `aboveDeliveryAmt`.
 *
 * A remote address adds a remote-area fee to every group that ships, free shipping included: the
 * carriers charge it whatever the shop's own condition. Which fee (`remoteFeeAt`): a template with
 * its own postcode ranges (the manager's 도서산간 구간) charges the matching range's fee and nothing
 * outside them; a template without uses the carriers' common table (Jeju and the islands) with its
 * `remoteDeliveryAmt`.
 */

export type DeliveryConditionType = 'FREE' | 'CONDITIONAL' | 'FIXED_FEE';

export interface DeliveryTemplate {
  templateNo: number;
  conditionType: DeliveryConditionType;
  baseDeliveryAmt: number;
  /** Free at or above this amount (CONDITIONAL only). */
  aboveDeliveryAmt: number;
  remoteDeliveryAmt: number;
  returnDeliveryAmt: number;
}

export interface GroupFee {
  deliveryAmt: number;
  remoteDeliveryAmt: number;
}

/** The fee of one group whose goods come to `buyAmt` (0 when the group has nothing to ship). */
export function groupDeliveryFee(template: DeliveryTemplate, buyAmt: number, remote: boolean): GroupFee {
  if (buyAmt <= 0) return { deliveryAmt: 0, remoteDeliveryAmt: 0 };
  let deliveryAmt = 0;
  if (template.conditionType === 'FIXED_FEE') deliveryAmt = template.baseDeliveryAmt;
  if (template.conditionType === 'CONDITIONAL') {
    deliveryAmt = buyAmt >= template.aboveDeliveryAmt ? 0 : template.baseDeliveryAmt;
  }
  return { deliveryAmt, remoteDeliveryAmt: remote ? template.remoteDeliveryAmt : 0 };
}

/**
 * Postcodes (5-digit 2015 system) the parcel carriers charge extra for: Jeju (63000–63644) and the
 * islands of the mainland provinces (Incheon's Ongjin and Ganghwa islands, Ulleungdo, the islands
 * of Tongyeong, Sinan, Wando, Yeosu, Boryeong, Taean …), from the carriers' common table.
 */
const REMOTE_RANGES: readonly (readonly [number, number])[] = [
  [63000, 63644], // 제주
  [22386, 22388], // 인천 중구 (섬)
  [23004, 23010], // 인천 강화 (섬)
  [23100, 23136], // 인천 옹진
  [31708, 31708], // 충남 당진 (섬)
  [32133, 32133], // 충남 태안 (섬)
  [33411, 33411], // 충남 보령 (섬)
  [40200, 40240], // 경북 울릉
  [46768, 46771], // 부산 강서 (섬)
  [52570, 52571], // 경남 사천 (섬)
  [53031, 53033], // 경남 통영 (섬)
  [53089, 53104], // 경남 통영 (섬)
  [54000, 54000], // 전북 군산 (섬)
  [56347, 56349], // 전북 부안 (섬)
  [57068, 57069], // 전남 영광 (섬)
  [58760, 58762], // 전남 목포 (섬)
  [58800, 58810], // 전남 신안
  [58816, 58818], // 전남 신안
  [58826, 58826], // 전남 신안
  [58828, 58866], // 전남 신안
  [58953, 58958], // 전남 진도 (섬)
  [59102, 59103], // 전남 완도 (섬)
  [59106, 59106],
  [59127, 59127],
  [59129, 59129],
  [59137, 59166], // 전남 완도 (섬)
  [59650, 59650], // 전남 여수 (섬)
  [59766, 59766],
  [59781, 59790], // 전남 여수 (섬)
];

/** True for Jeju and island postcodes; false for anything else, including a missing code. */
export function isRemoteZipCode(zipCd: string | null | undefined): boolean {
  const digits = (zipCd ?? '').replace(/\D/g, '');
  if (digits.length !== 5) return false;
  const n = Number(digits);
  return REMOTE_RANGES.some(([from, to]) => n >= from && n <= to);
}

/** A template's own remote-area range: postcodes `zipFrom`–`zipTo` (5 digits, inclusive) pay `extraFee`. */
export interface RemoteAreaRange {
  zipFrom: string;
  zipTo: string;
  extraFee: number;
}

/** The 5-digit postcode in `zipCd`, or null when it is not one. */
function zip5(zipCd: string | null | undefined): string | null {
  const digits = (zipCd ?? '').replace(/\D/g, '');
  return digits.length === 5 ? digits : null;
}

/**
 * The remote-area fee a group of `template` pays when shipped to `zipCd`: with the template's own
 * ranges, the fee of the range the postcode falls in (0 in none of them); without, the template's
 * remote fee for a postcode of the common table (0 elsewhere). 0 without a valid postcode.
 */
export function remoteFeeAt(
  template: Pick<DeliveryTemplate, 'remoteDeliveryAmt'>,
  zipCd: string | null | undefined,
  ranges: readonly RemoteAreaRange[] | undefined,
): number {
  const zip = zip5(zipCd);
  if (zip === null) return 0;
  if (ranges && ranges.length > 0)
    return ranges.find((r) => zip >= r.zipFrom && zip <= r.zipTo)?.extraFee ?? 0;
  return isRemoteZipCode(zip) ? template.remoteDeliveryAmt : 0;
}
