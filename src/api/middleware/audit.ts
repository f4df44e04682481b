import { createMiddleware } from 'hono/factory';
import { recordAudit, withAuditActor, currentAuditScope } from '../../server/audit/index.ts';
import { db } from '../../server/db/client.ts';
import { clientIp, type AuthEnv } from './auth.ts';

/**
 * The audit trail's net under every manager and staff write (decision 022): a write request
 * (not GET/HEAD/OPTIONS) by an administrator or point-of-sale staff member runs with them as the
 * audit actor, so the lines domain code records (`recordAudit`) name them; when the write succeeded
 * and recorded no line of its own, one general line is written with the route and the request's
 * JSON body (passwords, tokens and secrets masked), so no write goes unrecorded.
 */

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SECRET = /password|token|secret|signature|cardno|card_no/i;
const MAX_BODY = 16 * 1024;

/** The body with secrets masked, at most a few KB, or null when it is not JSON. */
export function maskedBody(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskedBody(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET.test(k) ? '***' : maskedBody(v, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

export const auditTrail = () =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const member = c.get('member');
    if (READS.has(c.req.method) || !member || (!member.isAdmin && !member.isStaff)) return next();
    const request = `${c.req.method} ${c.req.path}`;
    let body: unknown = null;
    const type = c.req.header('Content-Type') ?? '';
    const length = Number(c.req.header('Content-Length') ?? '0');
    if (type.includes('application/json') && length <= MAX_BODY) {
      body = await c.req.raw
        .clone()
        .json()
        .catch(() => null);
    }
    await withAuditActor(
      {
        memberNo: member.memberNo,
        name: member.memberName,
        role: member.isAdmin ? 'ADMIN' : 'STAFF',
        ip: clientIp(c),
        request,
      },
      async () => {
        await next();
        if (c.res.status >= 400 || (currentAuditScope()?.recorded ?? 0) > 0) return;
        await recordAudit(await db(), {
          action: 'api.write',
          targetType: 'api',
          targetId: c.req.path,
          summary: `${request} (${c.res.status})`,
          after: body === null ? undefined : maskedBody(body),
        }).catch((err: unknown) => console.error('[podo] audit line not written', request, err));
      },
    );
  });
