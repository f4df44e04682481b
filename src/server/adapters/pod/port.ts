/**
 * The print-on-demand port: the outside print service that prints custom designs and ships them.
 * Built-in: `simulator` (in-process, no network; keeps its orders in its own table and advances
 * their status with time). `http` (http.ts) is the real service over HTTP: an OAuth
 * client-credentials token, orders in the spec's payload shape (decision 027).
 */

/** The spec's print-on-demand order payload. */
export interface PodShippingAddress {
  address: string;
  addressDetail: string;
  nationCode: 'KR';
  phoneNumber: string;
  postcode: string;
  recipient: string;
}

export interface PodOrderEntry {
  /** The print service's project for one design (Podo sends the design id). */
  projectId: string;
  quantity: number;
  /** Price per unit the shopper paid, in won. */
  productSellPrice: number;
}

export interface PodOrder {
  /** Podo's code for the order at the print service (unique, idempotent: re-sending is harmless). */
  orderCode: string;
  storeCustomerId: string;
  shippingAddress: PodShippingAddress;
  orderEntries: PodOrderEntry[];
}

export interface PodOrderPayload {
  orders: PodOrder[];
}

export type PodOrderStatus = 'RECEIVED' | 'IN_PRODUCTION' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

export interface PodOrderState {
  orderCode: string;
  status: PodOrderStatus;
  createdAt: string;
}

export interface PodToken {
  accessToken: string;
  /** Seconds from `issuedAt`. */
  expiresIn: number;
  issuedAt: string;
}

export type PodCatalogueResource =
  'channel-products' | 'design-templates' | 'variants' | 'options' | 'variant';

/**
 * A refusal or failure of the print service. `status` is the HTTP status, 0 when no answer came
 * (timeout, connection refused); `retryAfterSeconds` is a 429's or 503's Retry-After.
 */
export class PodError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'PodError';
  }
}

export type PodAdapterName = 'simulator' | 'http';

export interface PodPort {
  readonly name: PodAdapterName;
  /** POST external oauth: a new access token. */
  issueToken(): Promise<PodToken>;
  /** Places orders (same orderCode again: answers the existing order). */
  createOrders(token: string, payload: PodOrderPayload): Promise<PodOrderState[]>;
  getOrder(token: string, orderCode: string): Promise<PodOrderState | null>;
  /**
   * Stops the entries of these projects (design ids) of an order before they are made; the whole
   * order is CANCELLED once every entry is. A 409 PodError once the order has shipped.
   */
  cancelEntries(
    token: string,
    orderCode: string,
    projectIds: readonly string[],
  ): Promise<PodOrderState | null>;
  /** GET /api/pod/admin: the service's catalogue (channel products, design templates, variants …). */
  catalogue(token: string, resource: PodCatalogueResource, params: Record<string, string>): Promise<unknown>;
}
