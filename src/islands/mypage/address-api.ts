import { apiRequest } from '../../lib/shop-api-client.ts';

/** The fields of Shopby's AddressDetail the address islands use. */
export interface BookAddress {
  addressNo: number;
  addressName: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverJibunAddress?: string | undefined;
  receiverDetailAddress: string | null;
  receiverContact1: string;
  receiverContact2: string | null;
  defaultYn: 'Y' | 'N';
}

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

const BASE = '/shop-api/profile/shipping-addresses';

export async function fetchAddressBook(): Promise<BookAddress[]> {
  return (await apiRequest<{ bookedAddresses: BookAddress[] }>(BASE)).bookedAddresses;
}

export function saveAddress(addressNo: number | null, body: AddressPayload): Promise<BookAddress> {
  return addressNo === null
    ? apiRequest<BookAddress>(BASE, { method: 'POST', body: { ...body, addressType: 'BOOK' } })
    : apiRequest<BookAddress>(`${BASE}/${addressNo}`, {
        method: 'PUT',
        body: { ...body, addressType: 'BOOK' },
      });
}

export function makeDefault(addressNo: number): Promise<BookAddress> {
  return apiRequest<BookAddress>(`${BASE}/${addressNo}/default`, { method: 'PUT' });
}

export function removeAddress(addressNo: number): Promise<unknown> {
  return apiRequest(`${BASE}/${addressNo}`, { method: 'DELETE' });
}

/** The spec's stored client state "selected address" (the order sheet reads it). */
export const SELECTED_ADDRESS_KEY = 'podo:selected-address';

export function rememberSelectedAddress(address: BookAddress): void {
  try {
    window.sessionStorage.setItem(SELECTED_ADDRESS_KEY, JSON.stringify(address));
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** The address form's unsaved fields while the shopper is away at the postcode step. */
export const ADDRESS_DRAFT_KEY = 'podo:address-draft';
