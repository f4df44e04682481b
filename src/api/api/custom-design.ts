import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  CUSTOM_ORDER_STATUSES,
  CreateTime,
  DampenerDeleteBody,
  DampenerPatchBody,
  DampenerPatchData,
  DampenerPostBody,
  DampenerPostData,
  DesignId,
} from '../../lib/design/api.ts';
import { parseDesign, type SideName } from '../../lib/design/schema.ts';
import { db } from '../../server/db/client.ts';
import {
  adminListDesigns,
  assertOwnMemberId,
  createDesign,
  deleteDesign,
  designError,
  getDesign,
  getDesignRow,
  listDesigns,
  previewUrlOf,
  updateDesign,
  type DesignActor,
  type DesignRef,
  seoulDayRange,
  storedSalesChannel,
  renderPreviewPng,
  renderPrintFile,
  storeCustomOrderPrintFiles,
  syncPodStatus,
  changeCustomOrderStatus,
  customOrderEvents,
  getCustomOrder,
  listCustomOrders,
} from '../../server/design/index.ts';

import { getMember, getMemberById } from '../../server/member/index.ts';

import { env } from '../../server/platform/env.ts';
import { AppError, appError } from '../../server/platform/errors.ts';
import { storage } from '../../server/storage/index.ts';
import { noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `/api/custom`: saved designs (spec: GET, POST, PATCH, DELETE /api/custom/dampener?memberId=…),
 * the admin list (GET /api/custom/admin?…), previews and print files, and the back office's custom
 * orders. The member is always the session's; `memberId` may only name the caller (403 otherwise).
 * Guests with a `guestToken` header keep designs with that identity.
 */

/** A design travels as JSON text inside JSON: generous, the document itself is capped at 64 KB. */
const DESIGN_BODY_LIMIT = 256 * 1024;
const limitBody = () =>
  bodyLimit({
    maxSize: DESIGN_BODY_LIMIT,
    onError: (c) => c.json({ code: 'DESIGN_TOO_LARGE', message: '디자인 데이터가 너무 큽니다.' }, 413),
  });

const MemberIdQuery = z.object({
  memberId: z.string().max(100).optional(),
  createTime: CreateTime.optional(),
});

function actorOf(c: Context<AuthEnv>): DesignActor {
  const member = c.get('member');
  return {
    member: member ? { memberNo: member.memberNo, memberId: member.memberId, isAdmin: member.isAdmin } : null,
    guestToken: c.get('guestToken'),
  };
}

const SIDES = new Set(['front', 'back']);
function sideOf(file: string, suffix: string): SideName {
  const side = file.endsWith(suffix) ? file.slice(0, -suffix.length) : '';
  if (!SIDES.has(side)) throw appError('NOT_FOUND', '요청한 주소를 찾을 수 없습니다.');
  return side as SideName;
}

function pngResponse(c: Context, png: Uint8Array, options: { download?: string; cache: string }) {
  c.header('Content-Type', 'image/png');
  c.header('Cache-Control', options.cache);
  c.header('X-Content-Type-Options', 'nosniff');
  if (options.download) c.header('Content-Disposition', `attachment; filename="${options.download}"`);
  return c.body(new Uint8Array(png));
}

const AdminDesignQuery = z.object({
  memberNo: z.coerce.number().int().positive().optional(),
  productNo: z.coerce.number().int().positive().optional(),
  status: z.enum([...CUSTOM_ORDER_STATUSES, 'none']).optional(),
  salesChannel: z.string().max(40).optional(),
  shape: z.enum(['circle', 'square']).optional(),
  keyword: z.string().trim().max(50).optional(),
  startYmd: z.iso.date().optional(),
  endYmd: z.iso.date().optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const CustomOrderQuery = z.object({
  status: z.enum(CUSTOM_ORDER_STATUSES).optional(),
  orderNo: z.string().max(40).optional(),
  designId: DesignId.optional(),
  memberNo: z.coerce.number().int().positive().optional(),
  /** The brand slug, smartstore, administrator or none. */
  salesChannel: z.string().max(40).optional(),
  /** Seoul days, inclusive, on when the custom order was made (the order paid). */
  startYmd: z.iso.date().optional(),
  endYmd: z.iso.date().optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const StatusBody = z.object({
  status: z.enum(CUSTOM_ORDER_STATUSES, { error: '제작 상태를 확인해 주세요.' }),
  note: z.string().trim().max(200).optional(),
});
const CustomOrderNo = z.object({ customOrderNo: z.coerce.number().int().positive() });

export const customDesignRoutes = new Hono<AuthEnv>()
  .use(noStore())
  // ---------------------------------------------------------------- the spec's dampener routes
  .get('/dampener', validate('query', MemberIdQuery), async (c) => {
    const { memberId, createTime } = c.req.valid('query');
    const actor = actorOf(c);
    const other = assertOwnMemberId(actor, memberId, false);
    const conn = await db();
    if (other === -1) {
      // an administrator reading another member's designs: through the admin list
      const { items } = await adminListDesigns(conn, {
        keyword: undefined,
        pageNumber: 1,
        pageSize: 100,
        memberNo: await memberNoOf(memberId!),
      });
      return c.json({ data: createTime ? items.filter((d) => d.createTime === createTime) : items });
    }
    if (createTime) return c.json({ data: await getDesign(conn, actor, { createTime }) });
    return c.json({ data: await listDesigns(conn, actor) });
  })
  .post(
    '/dampener',
    limitBody(),
    validate('query', MemberIdQuery),
    validate('json', DampenerPostBody),
    async (c) => {
      const actor = actorOf(c);
      assertOwnMemberId(actor, c.req.valid('query').memberId, true);
      const view = await createDesign(await db(), actor, c.req.valid('json').dampenerPostData);
      return c.json({ data: view }, 201);
    },
  )
  .patch(
    '/dampener',
    limitBody(),
    validate('query', MemberIdQuery),
    validate('json', DampenerPatchBody),
    async (c) => {
      const actor = actorOf(c);
      assertOwnMemberId(actor, c.req.valid('query').memberId, true);
      const { dampenerPatchData, createTime } = c.req.valid('json');
      return c.json({ data: await updateDesign(await db(), actor, { createTime }, dampenerPatchData) });
    },
  )
  .delete('/dampener', validate('query', MemberIdQuery), validate('json', DampenerDeleteBody), async (c) => {
    const actor = actorOf(c);
    assertOwnMemberId(actor, c.req.valid('query').memberId, true);
    const { createTime } = c.req.valid('json');
    await deleteDesign(await db(), actor, { createTime });
    return c.json({ data: { createTime, deleted: true } });
  })
  // ---------------------------------------------------------------------- admin design list
  .get('/admin', requireAdmin(), validate('query', AdminDesignQuery), async (c) => {
    const q = c.req.valid('query');
    const list = await adminListDesigns(await db(), {
      memberNo: q.memberNo,
      productNo: q.productNo,
      status: q.status === 'none' ? undefined : q.status,
      ordered: q.status === 'none' ? false : undefined,
      salesChannel: q.salesChannel,
      shape: q.shape,
      keyword: q.keyword,
      ...seoulDayRange(q.startYmd ?? null, q.endYmd ?? null),
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
    });
    return c.json({ data: list });
  })
  // ------------------------------------------------------------- one design, preview, print
  .get('/designs/:designId', async (c) => {
    const designId = parseDesignId(c.req.param('designId'));
    return c.json({ data: await getDesign(await db(), actorOf(c), { designId }) });
  })
  .get('/designs/:designId/preview/:file', async (c) => {
    const row = await getDesignRow(await db(), actorOf(c), parseDesignId(c.req.param('designId')));
    const side = sideOf(c.req.param('file'), '.png');
    const url = previewUrlOf(row, side);
    const key = url ? storage().keyOfUrl(url) : null;
    const png = key ? await storage().get(key) : null;
    if (!png) throw appError('NOT_FOUND', '미리보기를 찾을 수 없습니다.');
    return pngResponse(c, png, { cache: 'private, max-age=60' });
  })
  .get('/designs/:designId/print/:file', requireAdmin(), async (c) => {
    const row = await getDesignRow(await db(), actorOf(c), parseDesignId(c.req.param('designId')));
    const parsed = parseDesign(row.document);
    if (!parsed.ok) throw new AppError(parsed.code, 422, parsed.message); // stored, yet no longer valid
    if (c.req.param('file') === 'design.json') {
      c.header('Content-Disposition', `attachment; filename="${row.designId}.json"`);
      return c.json(parsed.document);
    }
    const side = sideOf(c.req.param('file'), '.png');
    const file = await renderPrintFile(parsed.document, side);
    return pngResponse(c, file.png, {
      download: `${row.designId}-${side}-300dpi.png`,
      cache: 'private, no-store',
    });
  })
  // ------------------------------------------------------------ custom orders (back office)
  .get('/orders', requireAdmin(), validate('query', CustomOrderQuery), async (c) => {
    const { startYmd, endYmd, salesChannel, ...q } = c.req.valid('query');
    const list = await listCustomOrders(await db(), {
      ...q,
      // an unknown channel matches nothing rather than everything
      salesChannel: salesChannel ? (storedSalesChannel(salesChannel) ?? '-') : undefined,
      ...seoulDayRange(startYmd ?? null, endYmd ?? null),
    });
    return c.json({
      data: {
        ...list,
        pageNumber: q.pageNumber,
        pageSize: q.pageSize,
        items: list.items.map(({ document: _d, ...rest }) => rest),
      },
    });
  })
  .get('/orders/:customOrderNo', requireAdmin(), validate('param', CustomOrderNo), async (c) => {
    const conn = await db();
    const { customOrderNo } = c.req.valid('param');
    const row = await getCustomOrder(conn, customOrderNo);
    if (!row) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
    const { document, ...rest } = row;
    return c.json({
      data: {
        ...rest,
        document: JSON.parse(document) as unknown,
        events: await customOrderEvents(conn, customOrderNo),
      },
    });
  })
  .patch(
    '/orders/:customOrderNo/status',
    requireAdmin(),
    validate('param', CustomOrderNo),
    validate('json', StatusBody),
    async (c) => {
      const { status, note } = c.req.valid('json');
      const conn = await db();
      const no = c.req.valid('param').customOrderNo;
      let row = await changeCustomOrderStatus(conn, no, status, {
        actorMemberNo: c.get('member')!.memberNo,
        note,
      });
      // the page shows the print service's status beside the one just set: read it now
      if (row.podSentAt !== null) {
        await syncPodStatus(conn, row.orderNo).catch((err: unknown) =>
          console.error('[podo] print service status not read', row.orderNo, err),
        );
        row = (await getCustomOrder(conn, no)) ?? row;
      }
      // the print files are made when the design is confirmed (after the status change is committed)
      if (status === 'design_complete') {
        row.printFiles = await storeCustomOrderPrintFiles(conn, no).catch((err: unknown) => {
          console.error('[podo] print files not made', no, err);
          return row.printFiles;
        });
      }
      const { document: _d, ...rest } = row;
      return c.json({ data: rest });
    },
  )
  .post('/orders/:customOrderNo/print-files', requireAdmin(), validate('param', CustomOrderNo), async (c) => {
    return c.json({ data: await storeCustomOrderPrintFiles(await db(), c.req.valid('param').customOrderNo) });
  })
  .post('/orders/:customOrderNo/pod-sync', requireAdmin(), validate('param', CustomOrderNo), async (c) => {
    const conn = await db();
    const row = await getCustomOrder(conn, c.req.valid('param').customOrderNo);
    if (!row) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
    return c.json({ data: { podStatus: await syncPodStatus(conn, row.orderNo) } });
  })
  .get(
    '/orders/:customOrderNo/preview/:file',
    requireAdmin(),
    validate('param', CustomOrderNo.extend({ file: z.string() })),
    async (c) => {
      // the copy that was bought (the design itself may have been edited since)
      const { customOrderNo, file } = c.req.valid('param');
      const row = await getCustomOrder(await db(), customOrderNo);
      if (!row) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
      const parsed = parseDesign(row.document);
      if (!parsed.ok) throw new AppError(parsed.code, 422, parsed.message); // stored, yet no longer valid
      const preview = await renderPreviewPng(parsed.document, sideOf(file, '.png'));
      return pngResponse(c, preview.png, { cache: 'private, max-age=300' });
    },
  )
  .get(
    '/orders/:customOrderNo/print/:file',
    requireAdmin(),
    validate('param', CustomOrderNo.extend({ file: z.string() })),
    async (c) => {
      const { customOrderNo, file: name } = c.req.valid('param');
      const row = await getCustomOrder(await db(), customOrderNo);
      if (!row) throw appError('NOT_FOUND', '제작 주문을 찾을 수 없습니다.');
      const parsed = parseDesign(row.document);
      if (!parsed.ok) throw new AppError(parsed.code, 422, parsed.message); // stored, yet no longer valid
      if (name === 'design.json') {
        c.header('Content-Disposition', `attachment; filename="${row.orderNo}-${customOrderNo}-design.json"`);
        return c.json(parsed.document);
      }
      const side = sideOf(name, '.png');
      const file = await renderPrintFile(parsed.document, side);
      return pngResponse(c, file.png, {
        download: `${row.orderNo}-${customOrderNo}-${side}-300dpi.png`,
        cache: 'private, no-store',
      });
    },
  );

function parseDesignId(value: string): string {
  const parsed = DesignId.safeParse(value);
  if (!parsed.success) throw appError('DESIGN_NOT_FOUND');
  return parsed.data;
}

/** An administrator's `memberId` (login id or member number) → member number. */
async function memberNoOf(memberId: string): Promise<number> {
  const conn = await db();
  const member = /^\d{1,12}$/.test(memberId)
    ? await getMember(conn, Number(memberId))
    : await getMemberById(conn, memberId);
  if (!member) throw appError('NOT_FOUND', '회원을 찾을 수 없습니다.');
  return member.memberNo;
}

// ------------------------------------------------------------------------------ brand routes

/**
 * `/api/{brand}` custom-order commands of the spec, by path or `?url=`: the same service as above.
 *   /custom-order/{designId}                          GET, PATCH { data: dampenerPatchData }, DELETE
 *   /custom-order/user/{memberId}                     GET (list), POST { data: dampenerPostData }
 *   /custom-order/user/{memberId}/create-time/{time}  GET, PATCH { data: dampenerPatchData }, DELETE
 * Answers `{ data: { message } }` like the other brand commands. Other paths fall through.
 */
type Command =
  | { kind: 'design'; designId: string }
  | { kind: 'user'; memberId: string }
  | { kind: 'user-time'; memberId: string; createTime: string };

function customOrderCommand(c: Context): Command | null {
  const brand = c.req.param('brand') ?? '';
  if (brand !== env().BRAND_SLUG) return null;
  const path = c.req.path;
  const rest = c.req.query('url') || path.slice(path.indexOf(`/${brand}`) + brand.length + 1);
  const parts = rest
    .split('?')[0]!
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map(safeDecode);
  if (parts[0] !== 'custom-order') return null;
  if (parts.length === 2 && parts[1]) return { kind: 'design', designId: parts[1] };
  if (parts[1] === 'user' && parts[2] && parts.length === 3) return { kind: 'user', memberId: parts[2] };
  if (parts[1] === 'user' && parts[2] && parts[3] === 'create-time' && parts[4] && parts.length === 5) {
    return { kind: 'user-time', memberId: parts[2], createTime: parts[4] };
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const brandReply = (c: Context, message: unknown, status: 200 | 201 = 200) =>
  c.json({ data: { message } }, status);

async function jsonData<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw appError('INVALID_INPUT', '디자인 데이터 형식이 올바르지 않습니다.');
  }
  const data = raw !== null && typeof raw === 'object' ? (raw as { data?: unknown }).data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw appError('INVALID_INPUT', message && /[가-힣]/.test(message) ? message : '입력값을 확인해 주세요.');
  }
  return parsed.data;
}

async function handleBrandCommand(c: Context<AuthEnv>, next: Next) {
  const command = customOrderCommand(c);
  if (!command) return next();
  c.header('Cache-Control', 'private, no-store');
  if (Number(c.req.header('Content-Length') ?? 0) > DESIGN_BODY_LIMIT) {
    return c.json({ code: 'DESIGN_TOO_LARGE', message: '디자인 데이터가 너무 큽니다.' }, 413);
  }
  const actor = actorOf(c);
  const method = c.req.method;
  const write = method !== 'GET';
  const conn = await db();
  if (command.kind === 'user' || command.kind === 'user-time') {
    if (assertOwnMemberId(actor, command.memberId, write) === -1) {
      throw designError('FORBIDDEN_MEMBER', '다른 회원의 디자인은 관리자 화면에서 확인해 주세요.');
    }
  }
  if (command.kind === 'user') {
    if (method === 'GET') return brandReply(c, await listDesigns(conn, actor));
    if (method === 'POST')
      return brandReply(c, await createDesign(conn, actor, await jsonData(c, DampenerPostData)), 201);
    return next();
  }
  let ref: DesignRef;
  if (command.kind === 'design') {
    ref = { designId: parseDesignId(command.designId) };
  } else {
    const time = CreateTime.safeParse(command.createTime);
    if (!time.success)
      throw appError('INVALID_INPUT', '디자인 생성 시각(createTime) 형식이 올바르지 않습니다.');
    ref = { createTime: time.data };
  }
  if (method === 'GET') return brandReply(c, await getDesign(conn, actor, ref));
  if (method === 'PATCH')
    return brandReply(c, await updateDesign(conn, actor, ref, await jsonData(c, DampenerPatchData)));
  if (method === 'DELETE') {
    await deleteDesign(conn, actor, ref);
    return brandReply(c, { deleted: true });
  }
  return next();
}

/** Mounted at `/api` before the other brand routes. */
export const brandCustomOrderRoutes = new Hono<AuthEnv>()
  .on(['GET', 'POST', 'PATCH', 'DELETE'], '/:brand', handleBrandCommand)
  .on(['GET', 'POST', 'PATCH', 'DELETE'], '/:brand/*', handleBrandCommand);

/** For the islands' typed client (src/lib/clients/custom-design.ts). */
export type CustomDesignRoutes = typeof customDesignRoutes;
