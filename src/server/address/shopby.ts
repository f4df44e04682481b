import type {
  AddressDetail,
  GetProfileShippingAddressesResponse,
} from '@shopby/shop-sdk/build/types/domain/order';
import { formatPhone } from '../../lib/phone.ts';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { AddressRow } from './repo.ts';

/** The address book in Shopby's shapes (`GET /profile/shipping-addresses` and friends). */

export function toShopbyAddress(a: AddressRow): AddressDetail {
  return {
    addressNo: a.addressNo,
    memberNo: a.memberNo,
    mallNo: 1,
    addressType: 'BOOK',
    addressName: a.addressName,
    defaultYn: a.isDefault ? 'Y' : 'N',
    receiverName: a.receiverName,
    receiverZipCd: a.receiverZipCd,
    receiverAddress: a.receiverAddress,
    receiverJibunAddress: a.receiverJibunAddress,
    receiverDetailAddress: a.receiverDetailAddress || null,
    receiverContact1: formatPhone(a.receiverContact1),
    receiverContact2: a.receiverContact2 ? formatPhone(a.receiverContact2) : null,
    countryCd: 'KR',
    registerYmdt: toShopbyYmdt(a.createdAt),
    lastUseYmdt: null,
    customsIdNumber: null,
    externalMemberNo: null,
    firstName: null,
    lastName: null,
    city: null,
    state: null,
  };
}

/** An address the member sent an order to (the order module's, passed in by the route). */
export interface RecentAddressInput {
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  orderedAt: string;
}

const sameAddress = (
  a: Pick<AddressRow, 'receiverZipCd' | 'receiverAddress' | 'receiverDetailAddress' | 'receiverName'>,
  r: RecentAddressInput,
) =>
  a.receiverZipCd === r.receiverZipCd &&
  a.receiverAddress.trim() === r.receiverAddress.trim() &&
  (a.receiverDetailAddress ?? '').trim() === r.receiverDetailAddress.trim() &&
  a.receiverName.trim() === r.receiverName.trim();

/**
 * A recent address in Shopby's shape. It is not in the book, so it has no number of its own
 * (`addressNo` 0, `addressType` RECENT): a client fills its form with it.
 */
function toShopbyRecent(memberNo: number, r: RecentAddressInput): AddressDetail {
  return {
    addressNo: 0,
    memberNo,
    mallNo: 1,
    addressType: 'RECENT',
    addressName: '최근 배송지',
    defaultYn: 'N',
    receiverName: r.receiverName,
    receiverZipCd: r.receiverZipCd,
    receiverAddress: r.receiverAddress,
    receiverJibunAddress: r.receiverJibunAddress,
    receiverDetailAddress: r.receiverDetailAddress || null,
    receiverContact1: formatPhone(r.receiverContact1),
    receiverContact2: null,
    countryCd: 'KR',
    registerYmdt: toShopbyYmdt(r.orderedAt),
    lastUseYmdt: toShopbyYmdt(r.orderedAt),
    customsIdNumber: null,
    externalMemberNo: null,
    firstName: null,
    lastName: null,
    city: null,
    state: null,
  };
}

/**
 * `defaultAddress` and every booked address (the default among them, first); `recentAddresses`:
 * the last order's address when the book does not hold it already.
 */
export function toShopbyAddressBook(
  rows: readonly AddressRow[],
  recent: { memberNo: number; address: RecentAddressInput | null } | null = null,
): GetProfileShippingAddressesResponse {
  const booked = rows.map(toShopbyAddress);
  const last = recent?.address;
  const offered =
    last && !rows.some((a) => sameAddress(a, last)) ? [toShopbyRecent(recent.memberNo, last)] : [];
  return {
    defaultAddress: booked.find((a) => a.defaultYn === 'Y') ?? null,
    bookedAddresses: booked,
    recentAddresses: offered,
    recurringPaymentAddresses: [],
  };
}
