/** The address module's public entry: code outside src/server/address/ imports only this file. */
export {
  addressNotFound,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './service.ts';
export type { AddressInput } from './service.ts';
export { toShopbyAddress, toShopbyAddressBook } from './shopby.ts';
