import type { Transaction } from '@libsql/client';
import { maskAddress, maskBirthday, maskEmail, maskName, maskPhone } from '../../lib/masking.ts';
import { formatPhone } from '../../lib/phone.ts';
import { listAddresses } from '../address/index.ts';
import { authSteps } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { appError } from '../platform/errors.ts';
import * as repo from './manage-repo.ts';
import type {
  GradeBody,
  GroupsBody,
  MemberListQuery,
  StaffBody,
  SuspensionBody,
  WithdrawalBody,
} from './manage-schema.ts';
import { eraseMember } from './service.ts';

/**
 * The members back office (/manager/members; issue 15, decision 025). Personal data (name, mobile,
 * e-mail, birthday, addresses) leaves the server masked; `revealMember` is the one way to see it
 * unmasked and always writes an audit line with the manager's reason. Every change names the
 * member's `version` (a stale one is a 409 and changes nothing), writes its audit line with the
 * values before and after in the same transaction, and keeps at least one active administrator.
 */

export type MemberState = 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';

export interface ManagedMemberItem {
  memberNo: number;
  memberId: string | null;
  /** Masked: 김*수. */
  memberName: string;
  /** Masked: 010-****-5678. */
  mobileNo: string;
  /** Masked: ab***@naver.com. */
  email: string;
  state: MemberState;
  withdrawalRequested: boolean;
  gradeNo: number;
  gradeName: string;
  isAdmin: boolean;
  isStaff: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface ManagedMember extends ManagedMemberItem {
  version: number;
  /** Masked: 1990-**-**. */
  birthday: string;
  loginCount: number;
  groupNos: number[];
  staffStoreNo: number | null;
  suspendedAt: string | null;
  suspensionReason: string | null;
  withdrawalRequestedAt: string | null;
  withdrawalRequestReason: string | null;
  withdrawnAt: string | null;
  withdrawalReason: string | null;
  grades: { gradeNo: number; gradeName: string }[];
  groups: repo.GroupChoice[];
}

export interface RevealedMember {
  memberNo: number;
  memberName: string;
  mobileNo: string;
  email: string;
  birthday: string;
  addresses: RevealedAddress[];
}

export interface RevealedAddress {
  addressNo: number;
  addressName: string;
  receiverName: string;
  receiverZipCd: string;
  receiverAddress: string;
  receiverDetailAddress: string;
  receiverContact1: string;
  isDefault: boolean;
}

const stateOf = (r: repo.ManagedMemberRow): MemberState =>
  r.memberStatus === 'LOCKED' ? 'SUSPENDED' : r.memberStatus === 'WITHDRAWN' ? 'WITHDRAWN' : 'ACTIVE';

function toItem(r: repo.ManagedMemberRow): ManagedMemberItem {
  return {
    memberNo: r.memberNo,
    memberId: r.memberId,
    memberName: maskName(r.memberName),
    mobileNo: maskPhone(r.mobileNo),
    email: maskEmail(r.email),
    state: stateOf(r),
    withdrawalRequested: r.memberStatus !== 'WITHDRAWN' && r.withdrawalRequestedAt !== null,
    gradeNo: r.gradeNo,
    gradeName: r.gradeName,
    isAdmin: r.isAdmin,
    isStaff: r.isStaff,
    createdAt: r.createdAt,
    lastLoginAt: r.lastLoginAt,
  };
}

/** How the audit line names a member: number and masked name, never the name itself. */
const who = (r: Pick<repo.ManagedMemberRow, 'memberNo' | 'memberName'>) =>
  `회원 ${r.memberNo}(${maskName(r.memberName) || '이름 없음'})`;

export async function listManagedMembers(
  db: Executor,
  q: MemberListQuery,
): Promise<{ totalCount: number; items: ManagedMemberItem[] }> {
  const { totalCount, rows } = await repo.selectMembers(db, q);
  return { totalCount, items: rows.map(toItem) };
}

/** The grades, lowest first (the list's filter and the detail's choice). */
export const memberGrades = (db: Executor) => repo.selectGrades(db);

export async function getManagedMember(db: Executor, memberNo: number): Promise<ManagedMember> {
  const [row, groupNos, grades, groups] = await Promise.all([
    repo.selectManagedMember(db, memberNo),
    repo.selectMemberGroupNos(db, memberNo),
    repo.selectGrades(db),
    repo.selectAllGroups(db),
  ]);
  if (!row) throw appError('MANAGED_MEMBER_NOT_FOUND');
  return {
    ...toItem(row),
    version: row.version,
    birthday: maskBirthday(row.birthday),
    loginCount: row.loginCount,
    groupNos,
    staffStoreNo: row.staffStoreNo,
    suspendedAt: row.suspendedAt,
    suspensionReason: row.suspensionReason,
    withdrawalRequestedAt: row.withdrawalRequestedAt,
    withdrawalRequestReason: row.withdrawalRequestReason,
    withdrawnAt: row.withdrawnAt,
    withdrawalReason: row.withdrawalReason,
    grades,
    groups,
  };
}

/** The member's address book as the detail shows it before the reveal. */
export async function maskedAddresses(db: Db, memberNo: number) {
  return (await listAddresses(db, memberNo)).map((a) => ({
    addressNo: a.addressNo,
    addressName: a.addressName,
    receiverName: maskName(a.receiverName),
    receiverAddress: maskAddress(a.receiverAddress),
    receiverContact1: maskPhone(a.receiverContact1),
    isDefault: a.isDefault,
  }));
}

/**
 * The member's personal data unmasked, for the manager who asked with a reason. The audit line
 * (who, when, which member, why) is written before anything is answered: no line, no data.
 */
export async function revealMember(db: Db, memberNo: number, reason: string): Promise<RevealedMember> {
  const row = await repo.selectManagedMember(db, memberNo);
  if (!row) throw appError('MANAGED_MEMBER_NOT_FOUND');
  await recordAudit(db, {
    action: 'member.reveal',
    targetType: 'member',
    targetId: memberNo,
    summary: `${who(row)}의 개인정보 보기 (사유: ${reason})`,
    after: { reason },
  });
  const addresses = await listAddresses(db, memberNo);
  return {
    memberNo,
    memberName: row.memberName ?? '',
    mobileNo: row.mobileNo ? formatPhone(row.mobileNo) : '',
    email: row.email ?? '',
    birthday: row.birthday
      ? `${row.birthday.slice(0, 4)}-${row.birthday.slice(4, 6)}-${row.birthday.slice(6)}`
      : '',
    addresses: addresses.map((a) => ({
      addressNo: a.addressNo,
      addressName: a.addressName,
      receiverName: a.receiverName,
      receiverZipCd: a.receiverZipCd,
      receiverAddress: a.receiverAddress,
      receiverDetailAddress: a.receiverDetailAddress,
      receiverContact1: a.receiverContact1 ? formatPhone(a.receiverContact1) : '',
      isDefault: a.isDefault,
    })),
  };
}

/**
 * One guarded change of a member: read inside the write transaction, refuse a withdrawn member or
 * a stale version, apply, move the version on, and let `apply` record its audit line.
 */
async function edit(
  db: Db,
  memberNo: number,
  version: number,
  apply: (tx: Transaction, before: repo.ManagedMemberRow, now: string) => Promise<void>,
): Promise<ManagedMember> {
  await writeTx(db, async (tx) => {
    const before = await repo.selectManagedMember(tx, memberNo);
    if (!before) throw appError('MANAGED_MEMBER_NOT_FOUND');
    if (before.memberStatus === 'WITHDRAWN') throw appError('MEMBER_WITHDRAWN');
    const now = new Date().toISOString();
    if (before.version !== version || !(await repo.bumpVersion(tx, memberNo, version, now)))
      throw appError(
        'VERSION_CONFLICT',
        `다른 관리자가 먼저 ${who(before)} 정보를 바꿨습니다. 새로 불러온 뒤 다시 해 주세요.`,
      );
    await apply(tx, before, now);
  });
  return getManagedMember(db, memberNo);
}

/**
 * The shop never loses its last administrator, and a manager never takes their own rights away
 * (suspending, withdrawing or un-administering themselves): both are a 409, nothing changed.
 */
async function keepAnAdmin(tx: Transaction, actorNo: number, member: repo.ManagedMemberRow): Promise<void> {
  if (!member.isAdmin) return;
  if (member.memberStatus === 'ACTIVE' && (await repo.countActiveAdmins(tx)) <= 1)
    throw appError('LAST_ADMIN');
  if (member.memberNo === actorNo) throw appError('OWN_ADMIN');
}

export function changeGrade(db: Db, memberNo: number, body: GradeBody): Promise<ManagedMember> {
  return edit(db, memberNo, body.version, async (tx, before) => {
    const grade = (await repo.selectGrades(tx)).find((g) => g.gradeNo === body.gradeNo);
    if (!grade) throw appError('MEMBER_INVALID', '등급을 찾을 수 없습니다. 목록을 새로 불러와 주세요.');
    if (grade.gradeNo === before.gradeNo) return;
    await repo.updateGrade(tx, memberNo, grade.gradeNo);
    await recordAudit(tx, {
      action: 'member.grade',
      targetType: 'member',
      targetId: memberNo,
      summary: `${who(before)} 등급 변경: ${before.gradeName} → ${grade.gradeName}`,
      before: { grade: before.gradeName },
      after: { grade: grade.gradeName },
    });
  });
}

/** Sets the member's groups, the administrator group among them. */
export function changeGroups(
  db: Db,
  actorNo: number,
  memberNo: number,
  body: GroupsBody,
): Promise<ManagedMember> {
  return edit(db, memberNo, body.version, async (tx, before, at) => {
    const all = await repo.selectAllGroups(tx);
    const wanted = [...new Set(body.groupNos)].sort((a, b) => a - b);
    const unknown = wanted.filter((no) => !all.some((g) => g.groupNo === no));
    if (unknown.length > 0)
      throw appError('MEMBER_INVALID', '없는 그룹이 있습니다. 목록을 새로 불러와 주세요.');
    const current = await repo.selectMemberGroupNos(tx, memberNo);
    const nameOf = (no: number) => all.find((g) => g.groupNo === no)?.groupName ?? String(no);
    const adminNos = all.filter((g) => g.isAdmin).map((g) => g.groupNo);
    const staysAdmin = wanted.some((no) => adminNos.includes(no));
    if (before.isAdmin && !staysAdmin) await keepAnAdmin(tx, actorNo, before);
    if (current.join(',') === wanted.join(',')) return;
    await repo.replaceGroups(tx, memberNo, wanted, at);
    const added = wanted.filter((no) => !current.includes(no)).map(nameOf);
    const removed = current.filter((no) => !wanted.includes(no)).map(nameOf);
    const isAdminChange = before.isAdmin !== staysAdmin;
    await recordAudit(tx, {
      action: isAdminChange ? 'member.admin' : 'member.groups',
      targetType: 'member',
      targetId: memberNo,
      summary: `${who(before)} 그룹 변경${added.length ? ` · 추가: ${added.join(', ')}` : ''}${
        removed.length ? ` · 해제: ${removed.join(', ')}` : ''
      }`,
      before: { groups: current.map(nameOf) },
      after: { groups: wanted.map(nameOf) },
    });
  });
}

/**
 * Gives the staff role selling at `storeNo` (their home store; more stores at /manager/stores) or
 * ends it. The store is checked by the caller through the stores module.
 */
export function changeStaff(
  db: Db,
  memberNo: number,
  body: StaffBody,
  storeName: string | null,
): Promise<ManagedMember> {
  return edit(db, memberNo, body.version, async (tx, before, at) => {
    const storeNo = body.staff ? body.storeNo : null;
    if (before.staffStoreNo === storeNo) return;
    await repo.setStaffRole(tx, memberNo, storeNo, at);
    await recordAudit(tx, {
      action: 'member.staff',
      targetType: 'member',
      targetId: memberNo,
      summary: storeNo
        ? `${who(before)} 매장 직원 지정 (${storeName ?? `${storeNo}번 매장`})`
        : `${who(before)} 매장 직원 권한 해제`,
      before: { staffStoreNo: before.staffStoreNo },
      after: { staffStoreNo: storeNo },
    });
  });
}

/** Suspends (login refused, sessions ended) or lifts the suspension, with the manager's reason. */
export function changeSuspension(
  db: Db,
  actorNo: number,
  memberNo: number,
  body: SuspensionBody,
): Promise<ManagedMember> {
  return edit(db, memberNo, body.version, async (tx, before, at) => {
    const suspended = before.memberStatus === 'LOCKED';
    if (suspended === body.suspended) return;
    if (body.suspended) {
      await keepAnAdmin(tx, actorNo, before);
      await repo.setSuspension(tx, memberNo, { at, reason: body.reason });
      await tx.execute(authSteps.forgetSessions(memberNo));
    } else {
      await repo.setSuspension(tx, memberNo, null);
    }
    await recordAudit(tx, {
      action: body.suspended ? 'member.suspend' : 'member.unsuspend',
      targetType: 'member',
      targetId: memberNo,
      summary: `${who(before)} ${body.suspended ? '이용 정지' : '정지 해제'} (사유: ${body.reason})`,
      before: { status: stateOf(before) },
      after: { status: body.suspended ? 'SUSPENDED' : 'ACTIVE', reason: body.reason },
    });
  });
}

/**
 * The withdrawal the member asked for (by phone, by a 1:1 inquiry): recorded (REQUEST), dropped
 * (CANCEL), or completed (COMPLETE) with the same erasure as the member's own DELETE /profile —
 * personal data cleared, the id reserved, sessions, groups and staff rights gone; orders kept.
 */
export function processWithdrawal(
  db: Db,
  actorNo: number,
  memberNo: number,
  body: WithdrawalBody,
): Promise<ManagedMember> {
  return edit(db, memberNo, body.version, async (tx, before, at) => {
    const requested = before.withdrawalRequestedAt !== null;
    if (body.action === 'REQUEST') {
      if (requested) return;
      await repo.setWithdrawalRequest(tx, memberNo, { at, reason: body.reason });
    } else if (body.action === 'CANCEL') {
      if (!requested) return;
      await repo.setWithdrawalRequest(tx, memberNo, null);
    } else {
      if (!requested) throw appError('WITHDRAWAL_NOT_REQUESTED');
      await keepAnAdmin(tx, actorNo, before);
      await eraseMember(tx, before, before.withdrawalRequestReason ?? body.reason, new Date(at));
    }
    const words = { REQUEST: '탈퇴 요청 접수', CANCEL: '탈퇴 요청 취소', COMPLETE: '탈퇴 처리' } as const;
    await recordAudit(tx, {
      action: `member.withdrawal.${body.action.toLowerCase()}`,
      targetType: 'member',
      targetId: memberNo,
      summary: `${who(before)} ${words[body.action]} (사유: ${body.reason})`,
      before: { status: stateOf(before), withdrawalRequested: requested },
      after: {
        status: body.action === 'COMPLETE' ? 'WITHDRAWN' : stateOf(before),
        withdrawalRequested: body.action === 'REQUEST',
        reason: body.reason,
      },
    });
  });
}
