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

/** `defaultAddress` and every booked address (the default among them, first). */
export function toShopbyAddressBook(rows: readonly AddressRow[]): GetProfileShippingAddressesResponse {
  const booked = rows.map(toShopbyAddress);
  return {
    defaultAddress: booked.find((a) => a.defaultYn === 'Y') ?? null,
    bookedAddresses: booked,
    recentAddresses: [],
    recurringPaymentAddresses: [],
  };
}
