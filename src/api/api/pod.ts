import { Hono } from 'hono';
import { z } from 'zod';
import { PodError, podService, verifyPodWebhook } from '../../server/adapters/pod/index.ts';
import { db } from '../../server/db/client.ts';
import {
  guestTokenHash,
  podTokenState,
  receivePodStatus,
  sendOrderToPod,
  setPodToken,
  withPodToken,
  customOrdersOfOrder,
} from '../../server/design/index.ts';

import { env } from '../../server/platform/env.ts';
import { appError, badRequest } from '../../server/platform/errors.ts';
import { orderSteps } from '../../server/order/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/api/pod`: the print service (spec section 7). Its token never leaves the server: set-token asks
 * the service for a new one (external oauth) and keeps it; token-expiry-check says whether it is
 * (about to be) expired, 60 s early. `admin` reads the service's catalogue; `user` (re)sends one of
 * the caller's own paid orders — the payload is built from the order, never taken from the browser.
 * `webhook` takes the service's status of an order, signed with POD_WEBHOOK_SECRET (404 without it).
 */

const AdminQuery = z.object({
  url: z.enum(['channel-products', 'design-templates', 'variants', 'options', 'variant'], {
    error: '조회할 항목(url)을 확인해 주세요.',
  }),
  productNo: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  templateId: z.string().max(60).optional(),
});

/** The spec's body: a project id and orders; only the order codes are used. */
const UserBody = z.object({
  projectId: z.string().min(1).max(60),
  orders: z
    .array(z.object({ orderCode: z.string().min(1).max(40) }).loose())
    .min(1)
    .max(10),
});

const WebhookBody = z.object({
  orderCode: z.string().min(1).max(40),
  status: z.enum(['RECEIVED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'CANCELLED']),
});

const podFailure = (err: unknown) =>
  err instanceof PodError && err.status === 404
    ? appError('NOT_FOUND', '인쇄 서비스에서 찾을 수 없습니다.')
    : appError('POD_UNAVAILABLE');

export const podRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .post('/set-token', requireAdmin(), async (c) => {
    try {
      return c.json({ data: await setPodToken(await db()) });
    } catch (err) {
      throw podFailure(err);
    }
  })
  .post('/webhook', async (c) => {
    const secret = env().POD_WEBHOOK_SECRET;
    if (!secret) throw appError('NOT_FOUND', '요청한 주소를 찾을 수 없습니다.');
    // the signature is of the body's exact bytes: read as text, parsed only once verified
    const raw = await c.req.text();
    const headers = {
      timestamp: c.req.header('X-Pod-Timestamp'),
      signature: c.req.header('X-Pod-Signature'),
    };
    const check = verifyPodWebhook(secret, headers, raw);
    if (check !== 'ok') {
      console.warn('[podo] print service webhook refused', check);
      throw appError('POD_WEBHOOK_REFUSED');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw) as unknown;
    } catch {
      json = null;
    }
    const body = WebhookBody.safeParse(json);
    if (!body.success) throw badRequest('인쇄 서비스 알림의 내용을 확인해 주세요.');
    const known = await receivePodStatus(await db(), body.data.orderCode, body.data.status);
    return c.json({ data: { received: true, known } });
  })
  .post('/token-expiry-check', async (c) => c.json({ data: await podTokenState(await db()) }))
  .get('/admin', requireAdmin(), validate('query', AdminQuery), async (c) => {
    const { url, ...params } = c.req.valid('query');
    const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    try {
      const port = podService();
      return c.json({ data: await withPodToken(await db(), (token) => port.catalogue(token, url, clean)) });
    } catch (err) {
      throw podFailure(err);
    }
  })
  .post('/user', validate('json', UserBody), async (c) => {
    const { projectId, orders } = c.req.valid('json');
    const member = c.get('member');
    const guest = c.get('guestToken');
    if (!member && !guest) throw appError('login-required', '로그인하거나 비회원 주문 정보를 보내 주세요.');
    const conn = await db();
    const results = [];
    for (const { orderCode } of orders) {
      const order = await orderSteps.selectOrder(conn, orderCode);
      const mine =
        order &&
        (member
          ? order.memberNo === member.memberNo
          : order.memberNo === null && order.guestTokenHash === guestTokenHash(guest!));
      const lines = mine ? await customOrdersOfOrder(conn, orderCode) : [];
      if (!lines.some((l) => l.designId === projectId)) {
        throw appError('NOT_FOUND', '제작할 주문을 찾을 수 없습니다.');
      }
      const sent = lines.every((l) => l.podSentAt !== null)
        ? { ok: true as const, orderCode, status: lines[0]!.podStatus ?? 'RECEIVED' }
        : await sendOrderToPod(conn, orderCode);
      if (!sent?.ok)
        throw appError(
          'POD_UNAVAILABLE',
          '인쇄 서비스에 주문을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
        );
      results.push({ orderCode, projectId, status: sent.status });
    }
    return c.json({ data: { orders: results } });
  });
