import { hc } from 'hono/client';
import type { ShippingAddressRoutes } from '../../api/shop-api/shipping-addresses.ts';
import { CLIENT_OPTIONS } from '../shop-api-client.ts';

/** `/shop-api/profile/shipping-addresses`: the member's address book (src/api/shop-api/shipping-addresses.ts). */
export const shippingAddressApi = hc<ShippingAddressRoutes>(
  '/shop-api/profile/shipping-addresses',
  CLIENT_OPTIONS,
);
