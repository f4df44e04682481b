import { shippingAddressApi } from '../../lib/clients/shipping-addresses.ts';
import { param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';

const one = shippingAddressApi[':addressNo{[0-9]{1,15}}'];
const no = (addressNo: number) => param({ addressNo: String(addressNo) });

/** Shopby's AddressDetail, as the address book answers it. */
export type BookAddress = ResponseOf<typeof shippingAddressApi.index.$get>['bookedAddresses'][number];

export interface AddressPayload {
  addressName: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  receiverContact2: string;
  defaultYn: 'Y' | 'N';
}

export async function fetchAddressBook(): Promise<BookAddress[]> {
  return (await unwrap(shippingAddressApi.index.$get())).bookedAddresses;
}

export function saveAddress(addressNo: number | null, body: AddressPayload): Promise<BookAddress> {
  // Shopby's body names the kind of address; the route drops what it does not keep
  const json = { ...body, addressType: 'BOOK' };
  return addressNo === null
    ? unwrap(shippingAddressApi.index.$post({ json }))
    : unwrap(one.$put({ param: no(addressNo), json }));
}

export function makeDefault(addressNo: number): Promise<BookAddress> {
  return unwrap(one.default.$put({ param: no(addressNo) }));
}

export function removeAddress(addressNo: number): Promise<null> {
  return unwrap(one.$delete({ param: no(addressNo) }));
}

/** The spec's stored client state "selected address" (the order sheet reads it). */
const SELECTED_ADDRESS_KEY = 'podo:selected-address';

export function rememberSelectedAddress(address: BookAddress): void {
  try {
    window.sessionStorage.setItem(SELECTED_ADDRESS_KEY, JSON.stringify(address));
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** The address form's unsaved fields while the shopper is away at the postcode step. */
export const ADDRESS_DRAFT_KEY = 'podo:address-draft';
