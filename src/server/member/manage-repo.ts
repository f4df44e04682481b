import type { Row } from '@libsql/client';
import { seoulDayRange } from '../../lib/dates.ts';
import type { Executor } from '../db/client.ts';
import {
  Where,
  containsKeyword,
  countWhere,
  nullableNumber,
  nullableString,
  placeholders,
  selectFirst,
  selectPage,
  selectRows,
} from '../db/sql.ts';
import type { MemberListQuery, MemberSort } from './manage-schema.ts';
import type { MemberStatus } from './repo.ts';

/** SQL of the members back office (decision 025): the list, one member, and the guarded writes. */

export interface ManagedMemberRow {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  email: string | null;
  mobileNo: string | null;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  memberStatus: MemberStatus;
  gradeNo: number;
  gradeName: string;
  createdAt: string;
  lastLoginAt: string | null;
  loginCount: number;
  withdrawnAt: string | null;
  withdrawalReason: string | null;
  suspendedAt: string | null;
  suspensionReason: string | null;
  withdrawalRequestedAt: string | null;
  withdrawalRequestReason: string | null;
  version: number;
  isAdmin: boolean;
  /** The staff account is active, with its home store. */
  staffStoreNo: number | null;
  isStaff: boolean;
}

const COLUMNS = `m.member_no, m.member_id, m.member_name, m.email, m.mobile_no, m.birthday, m.sex, m.member_status,
  m.member_grade_no, g.grade_name, m.created_at, m.last_login_at, m.login_count, m.withdrawn_at, m.withdrawal_reason,
  m.suspended_at, m.suspension_reason, m.withdrawal_requested_at, m.withdrawal_request_reason, m.version,
  EXISTS (SELECT 1 FROM member_group_members gm JOIN member_groups mg ON mg.group_no = gm.group_no
          WHERE gm.member_no = m.member_no AND mg.is_admin = 1) AS is_admin,
  (SELECT s.active FROM staff_accounts s WHERE s.member_no = m.member_no) AS staff_active,
  (SELECT s.store_no FROM staff_accounts s WHERE s.member_no = m.member_no) AS staff_store_no`;
const FROM = 'members m JOIN member_grades g ON g.member_grade_no = m.member_grade_no';

function toRow(r: Row): ManagedMemberRow {
  const isStaff = Number(r.staff_active) === 1;
  return {
    memberNo: Number(r.member_no),
    memberId: nullableString(r.member_id),
    memberName: nullableString(r.member_name),
    email: nullableString(r.email),
    mobileNo: nullableString(r.mobile_no),
    birthday: nullableString(r.birthday),
    sex: nullableString(r.sex) as ManagedMemberRow['sex'],
    memberStatus: String(r.member_status) as MemberStatus,
    gradeNo: Number(r.member_grade_no),
    gradeName: String(r.grade_name),
    createdAt: String(r.created_at),
    lastLoginAt: nullableString(r.last_login_at),
    loginCount: Number(r.login_count ?? 0),
    withdrawnAt: nullableString(r.withdrawn_at),
    withdrawalReason: nullableString(r.withdrawal_reason),
    suspendedAt: nullableString(r.suspended_at),
    suspensionReason: nullableString(r.suspension_reason),
    withdrawalRequestedAt: nullableString(r.withdrawal_requested_at),
    withdrawalRequestReason: nullableString(r.withdrawal_request_reason),
    version: Number(r.version),
    isAdmin: Number(r.is_admin) === 1,
    staffStoreNo: isStaff ? (nullableNumber(r.staff_store_no) ?? 1) : null,
    isStaff,
  };
}

const ORDER_BY: Record<MemberSort, string> = {
  joined_desc: 'm.created_at DESC, m.member_no DESC',
  joined_asc: 'm.created_at ASC, m.member_no ASC',
  name: 'm.member_name IS NULL, m.member_name COLLATE NOCASE, m.member_no',
  last_login: 'm.last_login_at IS NULL, m.last_login_at DESC, m.member_no DESC',
};

/**
 * The list's conditions. The keyword is looked for in the name, the login id and the e-mail; its
 * digits (hyphens dropped) in the mobile number when there are four or more, and as the member
 * number when it is only digits.
 */
function whereOf(q: MemberListQuery): Where {
  const where = new Where();
  const keyword = q.q?.toLowerCase();
  if (keyword) {
    const [textSql, ...textArgs] = containsKeyword(keyword, ['m.member_name', 'm.member_id', 'm.email']);
    const parts = [textSql];
    const args = [...textArgs];
    const digits = keyword.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) {
      parts.push('m.member_no = ?');
      args.push(Number(digits.slice(0, 15)));
      if (digits.length >= 4) {
        parts.push('instr(m.mobile_no, ?) > 0');
        args.push(digits);
      }
    }
    where.add(`(${parts.join(' OR ')})`, ...args);
  }
  if (q.grade !== undefined) where.add('m.member_grade_no = ?', q.grade);
  switch (q.status) {
    case 'ACTIVE':
      where.add("m.member_status = 'ACTIVE'");
      break;
    case 'SUSPENDED':
      where.add("m.member_status = 'LOCKED'");
      break;
    case 'WITHDRAWN':
      where.add("m.member_status = 'WITHDRAWN'");
      break;
    case 'WITHDRAWAL_REQUESTED':
      where.add("m.member_status <> 'WITHDRAWN' AND m.withdrawal_requested_at IS NOT NULL");
      break;
    case undefined:
      break;
  }
  const { from, to } = seoulDayRange(q.joinedFrom ?? null, q.joinedTo ?? null);
  if (from) where.add('m.created_at >= ?', from);
  if (to) where.add('m.created_at < ?', to);
  return where;
}

export async function selectMembers(
  db: Executor,
  q: MemberListQuery,
): Promise<{ totalCount: number; rows: ManagedMemberRow[] }> {
  const where = whereOf(q);
  const [totalCount, rows] = await Promise.all([
    countWhere(db, FROM, where),
    selectPage(
      db,
      { columns: COLUMNS, from: FROM, where, orderBy: ORDER_BY[q.sort] },
      { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize },
      toRow,
    ),
  ]);
  return { totalCount, rows };
}

export function selectManagedMember(db: Executor, memberNo: number): Promise<ManagedMemberRow | null> {
  return selectFirst(
    db,
    { sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE m.member_no = ?`, args: [memberNo] },
    toRow,
  );
}

export interface GroupChoice {
  groupNo: number;
  groupName: string;
  groupDescription: string;
  isAdmin: boolean;
}

export function selectAllGroups(db: Executor): Promise<GroupChoice[]> {
  return selectRows(
    db,
    'SELECT group_no, group_name, group_description, is_admin FROM member_groups ORDER BY is_admin DESC, group_no',
    (r) => ({
      groupNo: Number(r.group_no),
      groupName: String(r.group_name),
      groupDescription: String(r.group_description ?? ''),
      isAdmin: Number(r.is_admin) === 1,
    }),
  );
}

export function selectMemberGroupNos(db: Executor, memberNo: number): Promise<number[]> {
  return selectRows(
    db,
    {
      sql: 'SELECT group_no FROM member_group_members WHERE member_no = ? ORDER BY group_no',
      args: [memberNo],
    },
    (r) => Number(r.group_no),
  );
}

export function selectGrades(db: Executor): Promise<{ gradeNo: number; gradeName: string }[]> {
  return selectRows(
    db,
    'SELECT member_grade_no, grade_name FROM member_grades ORDER BY grade_level',
    (r) => ({
      gradeNo: Number(r.member_grade_no),
      gradeName: String(r.grade_name),
    }),
  );
}

/** Active members of the administrator group (a suspended or withdrawn one cannot administer). */
export async function countActiveAdmins(db: Executor): Promise<number> {
  const r = await db.execute(
    `SELECT COUNT(DISTINCT m.member_no) AS n FROM members m
       JOIN member_group_members gm ON gm.member_no = m.member_no
       JOIN member_groups g ON g.group_no = gm.group_no
     WHERE g.is_admin = 1 AND m.member_status = 'ACTIVE'`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Takes the member's version from `version` to the next one (the optimistic check every write
 * makes first); false when someone else changed the member since, or it is withdrawn.
 */
export async function bumpVersion(
  db: Executor,
  memberNo: number,
  version: number,
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `UPDATE members SET version = version + 1, updated_at = ?
          WHERE member_no = ? AND version = ? AND member_status <> 'WITHDRAWN'`,
    args: [now, memberNo, version],
  });
  return r.rowsAffected === 1;
}

export async function updateGrade(db: Executor, memberNo: number, gradeNo: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE members SET member_grade_no = ? WHERE member_no = ?',
    args: [gradeNo, memberNo],
  });
}

export async function replaceGroups(
  db: Executor,
  memberNo: number,
  groupNos: number[],
  now: string,
): Promise<void> {
  await db.execute({ sql: 'DELETE FROM member_group_members WHERE member_no = ?', args: [memberNo] });
  if (groupNos.length === 0) return;
  await db.execute({
    sql: `INSERT INTO member_group_members (group_no, member_no, added_at)
          SELECT group_no, ?, ? FROM member_groups WHERE group_no IN (${placeholders(groupNos)})`,
    args: [memberNo, now, ...groupNos],
  });
}

/** Makes the member staff selling at `storeNo` (their home store), or ends the staff role. */
export async function setStaffRole(
  db: Executor,
  memberNo: number,
  storeNo: number | null,
  now: string,
): Promise<void> {
  if (storeNo === null) {
    await db.execute({ sql: 'UPDATE staff_accounts SET active = 0 WHERE member_no = ?', args: [memberNo] });
    return;
  }
  await db.execute({
    sql: `INSERT INTO staff_accounts (member_no, staff_role, store_no, active, created_at) VALUES (?, 'POS', ?, 1, ?)
          ON CONFLICT (member_no) DO UPDATE SET active = 1, store_no = excluded.store_no`,
    args: [memberNo, storeNo, now],
  });
}

/** Suspends (member_status LOCKED, with its reason and time) or lifts a suspension. */
export async function setSuspension(
  db: Executor,
  memberNo: number,
  suspension: { at: string; reason: string } | null,
): Promise<void> {
  await db.execute(
    suspension
      ? {
          sql: "UPDATE members SET member_status = 'LOCKED', suspended_at = ?, suspension_reason = ? WHERE member_no = ?",
          args: [suspension.at, suspension.reason, memberNo],
        }
      : {
          sql: "UPDATE members SET member_status = 'ACTIVE', suspended_at = NULL, suspension_reason = NULL WHERE member_no = ?",
          args: [memberNo],
        },
  );
}

export async function setWithdrawalRequest(
  db: Executor,
  memberNo: number,
  request: { at: string; reason: string } | null,
): Promise<void> {
  await db.execute({
    sql: 'UPDATE members SET withdrawal_requested_at = ?, withdrawal_request_reason = ? WHERE member_no = ?',
    args: [request?.at ?? null, request?.reason ?? null, memberNo],
  });
}
