import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AddressFields } from '../../lib/address-rules.ts';
import { db } from '../../server/db/client.ts';
import {
  toShopbyAddress,
  toShopbyAddressBook,
  addressNotFound,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
  type AddressInput,
} from '../../server/address/index.ts';
import { lastShippingAddress } from '../../server/order/index.ts';

import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { NO } from './query-params.ts';

/**
 * Shopby's AddressPayload. Fields Podo does not keep (addressType, countryCd, customsIdNumber,
 * receiverCity …) are dropped rather than refused, so Shopby clients work unchanged.
 */
const AddressBody = AddressFields.extend({
  defaultYn: z.enum(['Y', 'N'], { error: '기본 배송지 여부(defaultYn)는 Y 또는 N입니다.' }).default('N'),
});
type AddressBody = z.infer<typeof AddressBody>;

const inputOf = ({ defaultYn, ...fields }: AddressBody): AddressInput => ({
  ...fields,
  isDefault: defaultYn === 'Y',
});
const addressNoOf = (c: Context) => Number(c.req.param('addressNo'));

/**
 * `/profile/shipping-addresses`: the member's address book. Another member's address answers 404,
 * exactly like one that does not exist.
 */
export const shippingAddressRoutes = new Hono<AuthEnv>()
  .use(requireMember(), noStore())
  .get('/', async (c) => {
    const { memberNo } = memberOf(c);
    const conn = await db();
    const [rows, last] = await Promise.all([
      listAddresses(conn, memberNo),
      lastShippingAddress(conn, memberNo),
    ]);
    return c.json(toShopbyAddressBook(rows, { memberNo, address: last }));
  })
  .post('/', validate('json', AddressBody), async (c) => {
    const created = await createAddress(await db(), memberOf(c).memberNo, inputOf(c.req.valid('json')));
    return c.json(toShopbyAddress(created), 201);
  })
  .get(`/:addressNo${NO}`, async (c) => {
    const found = await getAddress(await db(), memberOf(c).memberNo, addressNoOf(c));
    if (!found) throw addressNotFound();
    return c.json(toShopbyAddress(found));
  })
  .put(`/:addressNo${NO}`, validate('json', AddressBody), async (c) => {
    const body = inputOf(c.req.valid('json'));
    const updated = await updateAddress(await db(), memberOf(c).memberNo, addressNoOf(c), body);
    return c.json(toShopbyAddress(updated));
  })
  .delete(`/:addressNo${NO}`, async (c) => {
    await deleteAddress(await db(), memberOf(c).memberNo, addressNoOf(c));
    return c.body(null, 204);
  })
  .put(`/:addressNo${NO}/default`, async (c) => {
    const updated = await setDefaultAddress(await db(), memberOf(c).memberNo, addressNoOf(c));
    return c.json(toShopbyAddress(updated));
  });

/** For the islands' typed client (src/lib/clients/shipping-addresses.ts). */
export type ShippingAddressRoutes = typeof shippingAddressRoutes;
