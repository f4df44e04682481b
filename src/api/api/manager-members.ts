import { Hono } from 'hono';
import { db } from '../../server/db/client.ts';
import * as members from '../../server/member/index.ts';
import { appError } from '../../server/platform/errors.ts';
import { getStore } from '../../server/pos/index.ts';
import { memberOf, noStore, requireAdmin, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';

/**
 * The members back office under /api/manager/members (administrators only: 401 signed out, 403
 * members and staff; decision 025). Personal data is masked in every answer but the reveal's.
 * Every change names the `version` it read: a stale one is a 409 VERSION_CONFLICT, nothing changed.
 *
 * - GET / ?q&grade&status&joinedFrom&joinedTo&sort&pageNumber&pageSize — masked rows
 * - GET /{memberNo} — masked detail with grades and groups to choose from
 * - POST /{memberNo}/reveal {reason} — the unmasked data, after its audit line
 * - PUT /{memberNo}/grade {version, gradeNo} · /groups {version, groupNos} · /staff {version, staff, storeNo}
 * - PUT /{memberNo}/suspension {version, suspended, reason}
 * - POST /{memberNo}/withdrawal {version, action: REQUEST | CANCEL | COMPLETE, reason}
 */
export const managerMemberRoutes = new Hono<AuthEnv>()
  .use(requireAdmin(), noStore())
  .get('/', validate('query', members.MemberListQuery), async (c) =>
    c.json(await members.listManagedMembers(await db(), c.req.valid('query'))),
  )
  .get('/:memberNo', validate('param', members.MemberNoParam), async (c) =>
    c.json(await members.getManagedMember(await db(), c.req.valid('param').memberNo)),
  )
  .post(
    '/:memberNo/reveal',
    validate('param', members.MemberNoParam),
    validate('json', members.RevealBody),
    async (c) =>
      c.json(
        await members.revealMember(await db(), c.req.valid('param').memberNo, c.req.valid('json').reason),
      ),
  )
  .put(
    '/:memberNo/grade',
    validate('param', members.MemberNoParam),
    validate('json', members.GradeBody),
    async (c) =>
      c.json(await members.changeGrade(await db(), c.req.valid('param').memberNo, c.req.valid('json'))),
  )
  .put(
    '/:memberNo/groups',
    validate('param', members.MemberNoParam),
    validate('json', members.GroupsBody),
    async (c) =>
      c.json(
        await members.changeGroups(
          await db(),
          memberOf(c).memberNo,
          c.req.valid('param').memberNo,
          c.req.valid('json'),
        ),
      ),
  )
  .put(
    '/:memberNo/staff',
    validate('param', members.MemberNoParam),
    validate('json', members.StaffBody),
    async (c) => {
      const body = c.req.valid('json');
      const conn = await db();
      // the stores module owns stores: a staff member sells only at one that exists and runs
      const store = body.staff && body.storeNo !== null ? await getStore(conn, body.storeNo) : null;
      if (store && !store.active) throw appError('STORE_INACTIVE');
      return c.json(
        await members.changeStaff(conn, c.req.valid('param').memberNo, body, store?.storeName ?? null),
      );
    },
  )
  .put(
    '/:memberNo/suspension',
    validate('param', members.MemberNoParam),
    validate('json', members.SuspensionBody),
    async (c) =>
      c.json(
        await members.changeSuspension(
          await db(),
          memberOf(c).memberNo,
          c.req.valid('param').memberNo,
          c.req.valid('json'),
        ),
      ),
  )
  .post(
    '/:memberNo/withdrawal',
    validate('param', members.MemberNoParam),
    validate('json', members.WithdrawalBody),
    async (c) =>
      c.json(
        await members.processWithdrawal(
          await db(),
          memberOf(c).memberNo,
          c.req.valid('param').memberNo,
          c.req.valid('json'),
        ),
      ),
  );

export type ManagerMemberRoutes = typeof managerMemberRoutes;
