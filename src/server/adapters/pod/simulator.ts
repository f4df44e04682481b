import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { PRODUCT_DESIGNS, TEMPLATES } from '../../../lib/design/templates.ts';
import {
  PodError,
  type PodCatalogueResource,
  type PodOrder,
  type PodOrderPayload,
  type PodOrderState,
  type PodOrderStatus,
  type PodPort,
  type PodToken,
} from './port.ts';

/**
 * The built-in print service: accepts orders in the spec's payload shape, checks them as the real
 * service would (every field, nation KR, at least one entry), keeps them in `pod_simulator_orders`
 * and advances their status with time (RECEIVED → IN_PRODUCTION → SHIPPED → DELIVERED, one step per
 * `stepMs`). Tokens it issues live `tokenTtlSeconds`; an unknown or expired token is a 401.
 */

export interface SimulatorOptions {
  stepMs?: number;
  tokenTtlSeconds?: number;
  now?: () => Date;
}

const STEPS: PodOrderStatus[] = ['RECEIVED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'];

export function createPodSimulator(db: () => Promise<Db>, options: SimulatorOptions = {}): PodPort {
  const stepMs = options.stepMs ?? 60_000;
  const ttl = options.tokenTtlSeconds ?? 3600;
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, number>();

  const checkToken = (token: string) => {
    const until = tokens.get(token);
    if (until === undefined || until <= now().getTime()) throw new PodError('invalid or expired token', 401);
  };

  const stateOf = (orderCode: string, createdAt: string, cancelledAt: string | null): PodOrderState => {
    if (cancelledAt) return { orderCode, status: 'CANCELLED', createdAt };
    const steps = Math.floor((now().getTime() - Date.parse(createdAt)) / stepMs);
    return { orderCode, status: STEPS[Math.min(STEPS.length - 1, Math.max(0, steps))]!, createdAt };
  };

  return {
    name: 'simulator',
    async issueToken(): Promise<PodToken> {
      const accessToken = `sim_${randomBytes(24).toString('base64url')}`;
      const issued = now();
      tokens.set(accessToken, issued.getTime() + ttl * 1000);
      return { accessToken, expiresIn: ttl, issuedAt: issued.toISOString() };
    },

    async createOrders(token: string, payload: PodOrderPayload): Promise<PodOrderState[]> {
      checkToken(token);
      const problem = checkPayload(payload);
      if (problem) throw new PodError(problem, 400);
      const conn = await db();
      const out: PodOrderState[] = [];
      for (const order of payload.orders) {
        const at = now().toISOString();
        await conn.execute({
          sql: 'INSERT OR IGNORE INTO pod_simulator_orders (order_code, payload, created_at) VALUES (?, ?, ?)',
          args: [order.orderCode, JSON.stringify(order), at],
        });
        const rs = await conn.execute({
          sql: 'SELECT created_at, cancelled_at FROM pod_simulator_orders WHERE order_code = ?',
          args: [order.orderCode],
        });
        const r = rs.rows[0]!;
        out.push(
          stateOf(
            order.orderCode,
            String(r.created_at),
            r.cancelled_at === null ? null : String(r.cancelled_at),
          ),
        );
      }
      return out;
    },

    async getOrder(token: string, orderCode: string): Promise<PodOrderState | null> {
      checkToken(token);
      const rs = await (
        await db()
      ).execute({
        sql: 'SELECT created_at, cancelled_at FROM pod_simulator_orders WHERE order_code = ?',
        args: [orderCode],
      });
      const r = rs.rows[0];
      return r
        ? stateOf(orderCode, String(r.created_at), r.cancelled_at === null ? null : String(r.cancelled_at))
        : null;
    },

    async cancelEntries(
      token: string,
      orderCode: string,
      projectIds: readonly string[],
    ): Promise<PodOrderState | null> {
      checkToken(token);
      const conn = await db();
      const rs = await conn.execute({
        sql: 'SELECT payload, created_at, cancelled_at, cancelled_entries FROM pod_simulator_orders WHERE order_code = ?',
        args: [orderCode],
      });
      const r = rs.rows[0];
      if (!r) return null;
      const state = stateOf(
        orderCode,
        String(r.created_at),
        r.cancelled_at === null ? null : String(r.cancelled_at),
      );
      if (state.status === 'CANCELLED') return state;
      if (state.status === 'SHIPPED' || state.status === 'DELIVERED')
        throw new PodError('order already shipped', 409);
      const entries = (JSON.parse(String(r.payload)) as PodOrder).orderEntries.map((e) => e.projectId);
      const cancelled = new Set([...(JSON.parse(String(r.cancelled_entries)) as string[]), ...projectIds]);
      const all = entries.every((id) => cancelled.has(id));
      await conn.execute({
        sql: 'UPDATE pod_simulator_orders SET cancelled_entries = ?, cancelled_at = ? WHERE order_code = ?',
        args: [JSON.stringify([...cancelled]), all ? now().toISOString() : null, orderCode],
      });
      return all ? { ...state, status: 'CANCELLED' } : state;
    },

    async catalogue(
      token: string,
      resource: PodCatalogueResource,
      params: Record<string, string>,
    ): Promise<unknown> {
      checkToken(token);
      return simulatorCatalogue(resource, params);
    },
  };
}

/** What the real service would refuse, or null. */
function checkPayload(payload: PodOrderPayload): string | null {
  if (!payload || !Array.isArray(payload.orders) || payload.orders.length === 0) return 'orders required';
  for (const o of payload.orders as PodOrder[]) {
    if (!o.orderCode || !o.storeCustomerId) return 'orderCode and storeCustomerId required';
    const a = o.shippingAddress;
    if (!a || a.nationCode !== 'KR') return 'shippingAddress with nationCode KR required';
    for (const f of ['address', 'phoneNumber', 'postcode', 'recipient'] as const) {
      if (typeof a[f] !== 'string' || a[f].trim() === '') return `shippingAddress.${f} required`;
    }
    if (typeof a.addressDetail !== 'string') return 'shippingAddress.addressDetail required';
    if (!Array.isArray(o.orderEntries) || o.orderEntries.length === 0) return 'orderEntries required';
    for (const e of o.orderEntries) {
      if (!e.projectId || !Number.isInteger(e.quantity) || e.quantity < 1)
        return 'orderEntries: projectId and quantity required';
      if (!Number.isInteger(e.productSellPrice) || e.productSellPrice < 0)
        return 'orderEntries: productSellPrice required';
    }
  }
  return null;
}

/** The simulator's catalogue: Podo's own customisable products and templates, as the service lists them. */
function simulatorCatalogue(resource: PodCatalogueResource, params: Record<string, string>): unknown {
  const variants = PRODUCT_DESIGNS.flatMap((p) => {
    const ids = new Set([p.defaultTemplate, ...Object.values(p.sizeOption?.templates ?? {})]);
    return [...ids].map((templateId) => ({
      variant_id: `${p.productNo}-${templateId}`,
      channel_product_id: String(p.productNo),
      design_template_id: templateId,
    }));
  });
  switch (resource) {
    case 'channel-products':
      return {
        items: PRODUCT_DESIGNS.map((p) => ({
          channel_product_id: String(p.productNo),
          product_no: p.productNo,
        })),
      };
    case 'design-templates':
      return {
        items: TEMPLATES.map((t) => ({
          design_template_id: t.id,
          name: t.label,
          shape: t.shape,
          width_mm: t.widthMm,
          height_mm: t.heightMm,
          bleed_mm: t.bleedMm,
        })),
      };
    case 'variants':
      return {
        items: params.productNo
          ? variants.filter((v) => v.channel_product_id === params.productNo)
          : variants,
      };
    case 'options':
      return {
        items: PRODUCT_DESIGNS.filter(
          (p) => !params.productNo || String(p.productNo) === params.productNo,
        ).map((p) => ({
          channel_product_id: String(p.productNo),
          material_option: p.materialOption,
          size_option: p.sizeOption?.label ?? null,
        })),
      };
    case 'variant': {
      const found = variants.find(
        (v) =>
          v.channel_product_id === params.productNo &&
          (!params.templateId || v.design_template_id === params.templateId),
      );
      if (!found) throw new PodError('variant not found', 404);
      return found;
    }
  }
}
