import type { Transaction } from '@libsql/client';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import { passwordProblem } from '../../lib/validation.ts';
import {
  hashToken,
  revokeMemberSessions,
  hashPassword,
  verifyPassword,
  accountError,
} from '../auth/index.ts';

import { forgetVerifications, redeemCertificationKey, maskMemberId } from '../verification/index.ts';

import { forgetSocialIdentities } from '../social/index.ts';
import { promotionSteps } from '../promotion/index.ts';
import * as repo from './repo.ts';
import { currentTerms } from './terms.ts';

/**
 * Members: join, lookups, profile, password, withdrawal, groups and staff rights. Inputs are
 * expected to be validated already (src/lib/validation.ts); the service normalises ids, e-mails
 * and numbers once more and enforces the rules that need the database (duplicates, terms).
 */

export type { MemberRow, MemberStatus, GroupRow } from './repo.ts';

export interface CreateMemberInput {
  /** NULL or omitted for a social-only member. Folded to lower case. */
  memberId?: string | null;
  /** Plain password, hashed here; NULL or omitted for a social-only member. */
  password?: string | null;
  memberName: string;
  email?: string | null;
  mobileNo?: string | null;
  /** YYYYMMDD */
  birthday?: string | null;
  sex?: 'M' | 'F' | null;
  smsAgreed?: boolean;
  /** Shopby's `directMailAgreed` (advertising e-mail). */
  directMailAgreed?: boolean;
  /** Terms agreed by type (Shopby's `joinTermsAgreements`), and/or by number of the current version. */
  agreedTermsTypes?: readonly string[];
  agreedTermsNos?: readonly number[];
  /** Refuse when a required terms type is not agreed (default true). */
  requireTerms?: boolean;
  /** Runs inside the join's write transaction (e.g. to store a social link atomically). */
  afterInsert?: (tx: Transaction, memberNo: number) => Promise<void>;
}

export interface CreatedMember {
  memberNo: number;
  memberId: string | null;
}

export const memberIdDigest = (memberId: string) => hashToken(`member-id:${memberId.trim().toLowerCase()}`);
const normEmail = (v: string | null | undefined) => (v ? v.trim().toLowerCase() : null);
const normMobile = (v: string | null | undefined) => (v ? v.replace(/\D/g, '') || null : null);
const normId = (v: string | null | undefined) => (v ? v.trim().toLowerCase() : null);

async function assertAvailable(
  db: Db,
  fields: { memberId?: string | null; email?: string | null; mobileNo?: string | null },
  exceptMemberNo = 0,
): Promise<void> {
  if (fields.memberId && (await repo.memberIdInUse(db, fields.memberId, memberIdDigest(fields.memberId)))) {
    throw accountError('duplication-id');
  }
  if (fields.email && (await repo.selectHolder(db, 'email', fields.email, exceptMemberNo))) {
    throw accountError('duplication-email');
  }
  if (fields.mobileNo && (await repo.selectHolder(db, 'mobile_no', fields.mobileNo, exceptMemberNo))) {
    throw accountError('duplication-phone');
  }
}

/**
 * A new password the shared rule refuses (src/lib/validation.ts `passwordProblem`: it contains the
 * member id, or it is a common password) → 400 `weak-password` with the rule's Korean message.
 * Where the id only comes from the account (password change and reset) this is the id check; the
 * routes' schemas check the common list (and the id, when the body holds it) before.
 */
function assertPasswordAllowed(password: string, memberId: string | null): void {
  const problem = passwordProblem(password, memberId);
  if (problem) throw accountError('weak-password', problem);
}

/** Two joins racing past the checks meet the unique indexes; answer as the check would have. */
function duplicateFrom(err: unknown): Error | null {
  const message = err instanceof Error ? err.message : '';
  if (!/UNIQUE constraint failed/i.test(message)) return null;
  if (message.includes('members.member_id')) return accountError('duplication-id');
  if (message.includes('members.email')) return accountError('duplication-email');
  if (message.includes('members.mobile_no')) return accountError('duplication-phone');
  return null;
}

/** Joins a member (with id and password, or social-only) and records the terms agreed. */
export async function createMember(
  db: Db,
  input: CreateMemberInput,
  now: Date = new Date(),
): Promise<CreatedMember> {
  const memberId = normId(input.memberId);
  const email = normEmail(input.email);
  const mobileNo = normMobile(input.mobileNo);
  if (memberId && !input.password) throw accountError('invalid-request', '비밀번호를 입력해 주세요.');
  if (!memberId && input.password) throw accountError('invalid-request', '아이디를 입력해 주세요.');

  const terms = await currentTerms(db, undefined, now);
  const byType = new Set(input.agreedTermsTypes ?? []);
  const byNo = new Set(input.agreedTermsNos ?? []);
  const agreed = terms.filter((t) => byType.has(t.termsType) || byNo.has(t.termsNo));
  if (input.requireTerms !== false) {
    const missing = terms.filter((t) => t.required && !agreed.includes(t));
    if (missing.length > 0) {
      throw accountError(
        'required-terms',
        `필수 약관에 동의해 주세요: ${missing.map((t) => t.title).join(', ')}`,
      );
    }
  }

  await assertAvailable(db, { memberId, email, mobileNo });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const at = now.toISOString();

  const tx = await db.transaction('write');
  try {
    const memberNo = await repo.insertMember(tx, {
      memberId,
      passwordHash,
      memberName: input.memberName.trim(),
      email,
      mobileNo,
      birthday: input.birthday || null,
      sex: input.sex ?? null,
      smsAgreed: input.smsAgreed === true,
      emailAgreed: input.directMailAgreed === true,
      now: at,
    });
    for (const t of agreed)
      await tx.execute(repo.insertAgreementStatement(memberNo, t.termsNo, t.termsType, at));
    if (input.afterInsert) await input.afterInsert(tx, memberNo);
    // the shop's sign-up coupons, in the join itself (decision 024)
    await promotionSteps.issueSignupCoupons(tx, memberNo, now);
    // …and the welcome points the owner set (issue 18, decision 029)
    await promotionSteps.giveSignupPoints(tx, memberNo, now);
    await tx.commit();
    return { memberNo, memberId };
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw duplicateFrom(err) ?? err;
  } finally {
    tx.close();
  }
}

export interface MemberMatch {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  email: string | null;
  mobileNo: string | null;
  memberStatus: repo.MemberStatus;
  /** Has an id and password (not social-only). */
  hasPassword: boolean;
  joinedAt: string;
  matchedBy: ('email' | 'mobileNo')[];
}

/** Members (not withdrawn) holding this e-mail or this mobile number: at most one of each. */
export async function findMemberByEmailOrMobile(
  db: Db,
  criteria: { email?: string | null; mobileNo?: string | null },
): Promise<MemberMatch[]> {
  const email = normEmail(criteria.email);
  const mobileNo = normMobile(criteria.mobileNo);
  if (!email && !mobileNo) return [];
  const rows = await repo.selectMembersByEmailOrMobile(db, email, mobileNo);
  return rows.map((m) => ({
    memberNo: m.memberNo,
    memberId: m.memberId,
    memberName: m.memberName,
    email: m.email,
    mobileNo: m.mobileNo,
    memberStatus: m.memberStatus,
    hasPassword: m.hasPassword,
    joinedAt: m.createdAt,
    matchedBy: [
      ...(email && m.email === email ? (['email'] as const) : []),
      ...(mobileNo && m.mobileNo === mobileNo ? (['mobileNo'] as const) : []),
    ],
  }));
}

export function getMember(db: Db, memberNo: number): Promise<repo.MemberRow | null> {
  return repo.selectMember(db, memberNo);
}

export function getMemberById(db: Db, memberId: string): Promise<repo.MemberRow | null> {
  return repo.selectMemberById(db, memberId.trim().toLowerCase());
}

/** Whether an id is taken, by a member or as a former member's reserved id. */
export async function memberIdExists(db: Db, memberId: string): Promise<boolean> {
  const id = memberId.trim().toLowerCase();
  return repo.memberIdInUse(db, id, memberIdDigest(id));
}

/** Whether an e-mail is taken; `memberTypes` narrows to MALL (id + password) and/or OPEN_ID (social-only). */
export async function emailExists(db: Db, email: string, memberTypes?: readonly string[]): Promise<boolean> {
  const holder = await repo.selectHolder(db, 'email', email.trim().toLowerCase());
  if (!holder) return false;
  if (!memberTypes || memberTypes.length === 0) return true;
  return memberTypes.includes(holder.hasPassword ? 'MALL' : 'OPEN_ID');
}

/** Whether a mobile number is taken, with the holder's id masked. */
export async function mobileExists(
  db: Db,
  mobileNo: string,
): Promise<{ exist: boolean; maskedMemberId: string }> {
  const holder = await repo.selectHolder(db, 'mobile_no', mobileNo.replace(/\D/g, ''));
  return { exist: holder !== null, maskedMemberId: holder?.memberId ? maskMemberId(holder.memberId) : '' };
}

export interface MemberProfile {
  memberNo: number;
  memberId: string | null;
  memberName: string;
  email: string | null;
  mobileNo: string | null;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  memberStatus: repo.MemberStatus;
  /** MALL: id and password; OPEN_ID: social login only. */
  memberType: 'MALL' | 'OPEN_ID';
  memberGradeName: string;
  groups: repo.GroupRow[];
  isAdmin: boolean;
  isStaff: boolean;
  smsAgreed: boolean;
  smsAgreedAt: string | null;
  directMailAgreed: boolean;
  directMailAgreedAt: string | null;
  joinedAt: string;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  loginCount: number;
  agreements: repo.AgreementRow[];
}

/** The member's own profile; null for unknown or withdrawn members. */
export async function getProfile(db: Db, memberNo: number): Promise<MemberProfile | null> {
  const m = await repo.selectMember(db, memberNo);
  if (!m || m.memberStatus === 'WITHDRAWN') return null;
  const [identity, agreements] = await Promise.all([
    repo.selectAuthIdentity(db, memberNo),
    repo.selectAgreements(db, memberNo),
  ]);
  const groups = identity?.groups ?? [];
  return {
    memberNo: m.memberNo,
    memberId: m.memberId,
    memberName: m.memberName ?? '',
    email: m.email,
    mobileNo: m.mobileNo,
    birthday: m.birthday,
    sex: m.sex,
    memberStatus: m.memberStatus,
    memberType: m.hasPassword ? 'MALL' : 'OPEN_ID',
    memberGradeName: m.memberGradeName,
    groups,
    isAdmin: groups.some((g) => g.isAdmin),
    isStaff: identity?.isStaff ?? false,
    smsAgreed: m.smsAgreed,
    smsAgreedAt: m.smsAgreedAt,
    directMailAgreed: m.emailAgreed,
    directMailAgreedAt: m.emailAgreedAt,
    joinedAt: m.createdAt,
    lastLoginAt: m.lastLoginAt,
    lastLoginIp: m.lastLoginIp,
    loginCount: m.loginCount,
    agreements,
  };
}

export interface ProfilePatch {
  memberName?: string;
  email?: string | null;
  mobileNo?: string | null;
  birthday?: string | null;
  sex?: 'M' | 'F' | null;
  smsAgreed?: boolean;
  directMailAgreed?: boolean;
  /** A new password (strict rule checked by the caller; the member id rule here). */
  newPassword?: string;
  /** The full list of agreed terms types: optional types not in it are withdrawn, new ones agreed. */
  agreedTermsTypes?: readonly string[];
}

export interface UpdateProfileOptions {
  /** The access token of the request: it stays valid when the password changes. */
  keepSession?: string | null | undefined;
  /**
   * The certification key (usage CHANGE_MOBILE_NO) of an SMS code sent to the new number by this
   * member: needed whenever `mobileNo` changes (a new number or a first one), used up here.
   */
  mobileCertificationKey?: string | null | undefined;
}

/**
 * Edits a member's own profile (after the password re-check). A new password ends the member's
 * other sessions; `keepSession` is the access token of the request, which stays valid.
 *
 * A different phone number needs the certification key of an SMS code sent to that number by
 * this member (usage CHANGE_MOBILE_NO): missing → `mobile-certification-required`; used,
 * expired, for another number or another member → L1001. The key is used in the same write
 * transaction as the update, so a refused update (e.g. the number taken meanwhile) leaves it
 * usable, and a key never changes two profiles.
 */
export async function updateProfile(
  db: Db,
  memberNo: number,
  patch: ProfilePatch,
  options: UpdateProfileOptions = {},
  now: Date = new Date(),
): Promise<MemberProfile> {
  const email = patch.email === undefined ? undefined : normEmail(patch.email);
  const mobileNo = patch.mobileNo === undefined ? undefined : normMobile(patch.mobileNo);
  const current = await repo.selectMember(db, memberNo);
  if (!current || current.memberStatus === 'WITHDRAWN') throw accountError('no-account');
  // before anything is written: a refused password leaves the rest of the profile as it was
  if (patch.newPassword) assertPasswordAllowed(patch.newPassword, current.memberId);
  const newMobileNo = mobileNo !== undefined && mobileNo !== current.mobileNo ? mobileNo : null;
  await assertAvailable(db, { email, mobileNo }, memberNo);
  const mobileKey = options.mobileCertificationKey?.trim();
  if (newMobileNo && !mobileKey) throw accountError('mobile-certification-required');
  const at = now.toISOString();
  const statements = [];
  const update = repo.updateMemberStatement(
    memberNo,
    {
      memberName: patch.memberName?.trim(),
      email,
      mobileNo,
      birthday: patch.birthday === undefined ? undefined : patch.birthday || null,
      sex: patch.sex,
      smsAgreed: patch.smsAgreed,
      emailAgreed: patch.directMailAgreed,
    },
    at,
  );
  if (update) statements.push(update);
  if (patch.agreedTermsTypes) {
    const wanted = new Set(patch.agreedTermsTypes);
    for (const t of await currentTerms(db, undefined, now)) {
      if (t.required) continue;
      statements.push(
        wanted.has(t.termsType)
          ? repo.insertAgreementStatement(memberNo, t.termsNo, t.termsType, at)
          : repo.deleteAgreementsOfTypeStatement(memberNo, t.termsType),
      );
    }
  }
  try {
    if (newMobileNo && mobileKey) {
      const tx = await db.transaction('write');
      try {
        await redeemCertificationKey(tx, mobileKey, {
          usage: 'CHANGE_MOBILE_NO',
          mobileNo: newMobileNo,
          memberNo,
        });
        await tx.batch(statements);
        await tx.commit();
      } catch (err) {
        await tx.rollback().catch(() => undefined);
        throw err;
      } finally {
        tx.close();
      }
    } else if (statements.length > 0) {
      await db.batch(statements, 'write');
    }
  } catch (err) {
    throw duplicateFrom(err) ?? err;
  }
  if (patch.newPassword)
    await changePassword(db, memberNo, patch.newPassword, { keepSession: options.keepSession }, now);
  const profile = await getProfile(db, memberNo);
  if (!profile) throw accountError('no-account');
  return profile;
}

/**
 * Whether the member can log in with an id and password (not social-only, not withdrawn). Takes
 * a transaction too, so a caller can check and change its own tables atomically (unlinking the
 * last social login).
 */
export async function hasIdAndPassword(db: repo.Executor, memberNo: number): Promise<boolean> {
  const cred = await repo.selectCredentialsByNo(db, memberNo);
  return Boolean(cred?.memberId && cred.passwordHash && cred.memberStatus !== 'WITHDRAWN');
}

/** Counts a login that did not go through the password (social, partner ticket): time, IP, count. */
export async function recordMemberLogin(
  db: Db,
  memberNo: number,
  ip: string | null,
  now: Date = new Date(),
): Promise<void> {
  await repo.recordLogin(db, memberNo, ip, now.toISOString());
}

/** Whether `password` is the member's password (false for social-only and withdrawn members). */
export async function verifyMemberPassword(db: Db, memberNo: number, password: string): Promise<boolean> {
  const cred = await repo.selectCredentialsByNo(db, memberNo);
  const ok = await verifyPassword(cred?.memberStatus === 'WITHDRAWN' ? null : cred?.passwordHash, password);
  return ok && cred?.memberStatus !== 'WITHDRAWN';
}

/**
 * Sets a new password (profile edit, or recovery after certification) and ends every session
 * but `keepSession`. Refuses the current password as the new one, and one the shared rule refuses
 * (`weak-password`: it contains the member's id, or it is a common password).
 */
export async function changePassword(
  db: Db,
  memberNo: number,
  newPassword: string,
  options: { keepSession?: string | null | undefined } = {},
  now: Date = new Date(),
): Promise<void> {
  const cred = await repo.selectCredentialsByNo(db, memberNo);
  if (!cred || cred.memberStatus === 'WITHDRAWN') throw accountError('no-account');
  if (!cred.memberId)
    throw accountError('need-to-register', '아이디가 없는 간편 로그인 회원은 비밀번호만 바꿀 수 없습니다.');
  assertPasswordAllowed(newPassword, cred.memberId);
  if (cred.passwordHash && (await verifyPassword(cred.passwordHash, newPassword)))
    throw accountError('same-password');
  const statement = repo.updateMemberStatement(
    memberNo,
    { passwordHash: await hashPassword(newPassword) },
    now.toISOString(),
  );
  if (statement) await db.execute(statement);
  await revokeMemberSessions(db, memberNo, { except: options.keepSession }, now);
}

/**
 * Gives a social-only member an id and password (needed before unlinking the last social login:
 * `need-to-register`). The id must be free, also of former members (reserved by digest) →
 * `duplication-id`; a member that has an id already → `already-registered`. The password rule
 * (strict) is the caller's; one containing the id or a common one → `weak-password`. Sessions
 * stay: adding a way to log in takes none away.
 */
export async function registerIdAndPassword(
  db: Db,
  memberNo: number,
  memberId: string,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  const id = memberId.trim().toLowerCase();
  const cred = await repo.selectCredentialsByNo(db, memberNo);
  if (!cred || cred.memberStatus === 'WITHDRAWN') throw accountError('no-account');
  if (cred.memberId) throw accountError('already-registered', '이미 아이디가 등록된 회원입니다.');
  assertPasswordAllowed(password, id);
  await assertAvailable(db, { memberId: id });
  const hash = await hashPassword(password);
  let set: boolean;
  try {
    set = await repo.setIdAndPassword(db, memberNo, id, hash, now.toISOString());
  } catch (err) {
    throw duplicateFrom(err) ?? err;
  }
  if (!set) throw accountError('already-registered', '이미 아이디가 등록된 회원입니다.');
}

/**
 * Leaves the shop, in one write transaction: personal data is cleared, the id is reserved (a
 * digest only), sessions, update tokens and login counters go, and so do groups, staff rights and
 * consents. The modules that keep their own data about the member erase it in the same
 * transaction through their own functions: the social-login module its links (a withdrawn
 * member's Naver/Kakao identity starts fresh), verification its keys and codes. Orders keep the
 * member number (see the report in docs/decisions/003-social-login.md, section 8).
 */
export async function withdrawMember(
  db: Db,
  memberNo: number,
  reason: string | null | undefined,
  now: Date = new Date(),
): Promise<void> {
  const cleanReason = reason?.trim().slice(0, 500) || null;
  const tx = await db.transaction('write');
  try {
    // read inside the transaction: a second withdrawal waiting for the lock sees the first
    const member = await repo.selectMember(tx, memberNo);
    if (!member || member.memberStatus === 'WITHDRAWN') throw accountError('no-account');
    await eraseMember(tx, member, cleanReason, now);
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

/**
 * The erasure of a withdrawal inside the caller's write transaction (the member's own
 * `withdrawMember`, or a manager completing the withdrawal the member asked for).
 */
export async function eraseMember(
  tx: Transaction,
  member: Pick<repo.MemberRow, 'memberNo' | 'memberId' | 'mobileNo'>,
  reason: string | null,
  now: Date,
): Promise<void> {
  await tx.batch(
    repo.withdrawStatements(
      member.memberNo,
      member.memberId,
      member.memberId ? memberIdDigest(member.memberId) : null,
      reason,
      now.toISOString(),
    ),
  );
  await forgetSocialIdentities(tx, member.memberNo);
  await forgetVerifications(tx, { memberNo: member.memberNo, mobileNo: member.mobileNo });
}

/** Locks or unlocks a member (administration). Locking ends the member's sessions. */
export async function setMemberLocked(
  db: Db,
  memberNo: number,
  locked: boolean,
  now: Date = new Date(),
): Promise<void> {
  const changed = await repo.setMemberStatus(db, memberNo, locked ? 'LOCKED' : 'ACTIVE', now.toISOString());
  if (!changed) throw accountError('no-account');
  if (locked) await revokeMemberSessions(db, memberNo, {}, now);
}

/** The brand administrator group's number, its name following BRAND_NAME ("포도 관리자"). */
export function ensureBrandAdminGroup(db: Db, brandName: string = env().BRAND_NAME): Promise<number> {
  return repo.upsertAdminGroup(db, `${brandName} 관리자`);
}

/** Puts a member in the brand administrator group. */
export async function grantAdmin(db: Db, memberNo: number, now: Date = new Date()): Promise<void> {
  const groupNo = await ensureBrandAdminGroup(db);
  await repo.insertGroupMember(db, groupNo, memberNo, now.toISOString());
}

/** Makes a member point-of-sale staff. */
export async function grantStaff(
  db: Db,
  memberNo: number,
  storeName: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  await repo.upsertStaff(db, memberNo, storeName, now.toISOString());
}
