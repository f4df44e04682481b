import type { InStatement, Row } from '@libsql/client';

/** SQL of the member tables. Works on the client or inside a caller's transaction. */
import { authSteps } from '../auth/index.ts';
import type { Executor } from '../db/client.ts';

export type { Executor };

export type MemberStatus = 'ACTIVE' | 'LOCKED' | 'WITHDRAWN';

export interface GroupRow {
  groupNo: number;
  groupName: string;
  groupDescription: string;
  isAdmin: boolean;
}

export interface AuthIdentity {
  memberNo: number;
  memberId: string | null;
  memberName: string;
  memberStatus: MemberStatus;
  groups: GroupRow[];
  isStaff: boolean;
}

export interface CredentialsRow {
  memberNo: number;
  memberId: string | null;
  passwordHash: string | null;
  memberStatus: MemberStatus;
  passwordChangedAt: string | null;
  createdAt: string;
}

export interface MemberRow {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  email: string | null;
  mobileNo: string | null;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  memberStatus: MemberStatus;
  hasPassword: boolean;
  memberGradeNo: number;
  memberGradeName: string;
  smsAgreed: boolean;
  smsAgreedAt: string | null;
  emailAgreed: boolean;
  emailAgreedAt: string | null;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  loginCount: number;
  createdAt: string;
  updatedAt: string;
}

const str = (v: unknown): string | null => (v == null ? null : String(v));

const MEMBER_COLUMNS = `m.member_no, m.member_id, m.member_name, m.email, m.mobile_no, m.birthday, m.sex,
  m.member_status, m.password_hash IS NOT NULL AS has_password, m.member_grade_no, g.grade_name,
  m.sms_agreed, m.sms_agreed_at, m.email_agreed, m.email_agreed_at, m.last_login_at, m.last_login_ip,
  m.login_count, m.created_at, m.updated_at`;

function toMember(row: Row): MemberRow {
  return {
    memberNo: Number(row.member_no),
    memberId: str(row.member_id),
    memberName: str(row.member_name),
    email: str(row.email),
    mobileNo: str(row.mobile_no),
    birthday: str(row.birthday),
    sex: row.sex === 'M' || row.sex === 'F' ? row.sex : null,
    memberStatus: String(row.member_status) as MemberStatus,
    hasPassword: Number(row.has_password) === 1,
    memberGradeNo: Number(row.member_grade_no),
    memberGradeName: String(row.grade_name ?? ''),
    smsAgreed: Number(row.sms_agreed) === 1,
    smsAgreedAt: str(row.sms_agreed_at),
    emailAgreed: Number(row.email_agreed) === 1,
    emailAgreedAt: str(row.email_agreed_at),
    lastLoginAt: str(row.last_login_at),
    lastLoginIp: str(row.last_login_ip),
    loginCount: Number(row.login_count ?? 0),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

export async function selectMember(db: Executor, memberNo: number): Promise<MemberRow | null> {
  const r = await db.execute({
    sql: `SELECT ${MEMBER_COLUMNS} FROM members m JOIN member_grades g ON g.member_grade_no = m.member_grade_no
          WHERE m.member_no = ?`,
    args: [memberNo],
  });
  return r.rows[0] ? toMember(r.rows[0]) : null;
}

export async function selectMemberById(db: Executor, memberId: string): Promise<MemberRow | null> {
  const r = await db.execute({
    sql: `SELECT ${MEMBER_COLUMNS} FROM members m JOIN member_grades g ON g.member_grade_no = m.member_grade_no
          WHERE m.member_id = ?`,
    args: [memberId],
  });
  return r.rows[0] ? toMember(r.rows[0]) : null;
}

/** Active or locked members whose e-mail or mobile number is one of those given. */
export async function selectMembersByEmailOrMobile(
  db: Executor,
  email: string | null,
  mobileNo: string | null,
): Promise<MemberRow[]> {
  const r = await db.execute({
    sql: `SELECT ${MEMBER_COLUMNS} FROM members m JOIN member_grades g ON g.member_grade_no = m.member_grade_no
          WHERE m.member_status <> 'WITHDRAWN' AND ((? IS NOT NULL AND m.email = ?) OR (? IS NOT NULL AND m.mobile_no = ?))
          ORDER BY m.member_no`,
    args: [email, email, mobileNo, mobileNo],
  });
  return r.rows.map(toMember);
}

/**
 * Who a session belongs to, with groups and staff flag, in one read: every signed-in request runs
 * it, so its groups come as a JSON array of the same statement (decision 056).
 */
export async function selectAuthIdentity(db: Executor, memberNo: number): Promise<AuthIdentity | null> {
  const r = await db.execute({
    sql: `SELECT m.member_no, m.member_id, m.member_name, m.member_status,
            EXISTS (SELECT 1 FROM staff_accounts s WHERE s.member_no = m.member_no AND s.active = 1) AS is_staff,
            (SELECT json_group_array(json_array(g.group_no, g.group_name, g.group_description, g.is_admin)
                      ORDER BY g.group_no)
               FROM member_group_members gm JOIN member_groups g ON g.group_no = gm.group_no
              WHERE gm.member_no = m.member_no) AS groups_json
          FROM members m WHERE m.member_no = ?`,
    args: [memberNo],
  });
  const row = r.rows[0];
  if (!row) return null;
  const groups = JSON.parse(String(row.groups_json ?? '[]')) as [number, string, string | null, number][];
  return {
    memberNo: Number(row.member_no),
    memberId: str(row.member_id),
    memberName: String(row.member_name ?? ''),
    memberStatus: String(row.member_status) as MemberStatus,
    groups: groups.map(([groupNo, groupName, groupDescription, isAdmin]): GroupRow => ({
      groupNo: Number(groupNo),
      groupName: String(groupName),
      groupDescription: String(groupDescription ?? ''),
      isAdmin: Number(isAdmin) === 1,
    })),
    isStaff: Number(row.is_staff) === 1,
  };
}

export async function selectCredentialsById(db: Executor, memberId: string): Promise<CredentialsRow | null> {
  const r = await db.execute({
    sql: `SELECT member_no, member_id, password_hash, member_status, password_changed_at, created_at
          FROM members WHERE member_id = ?`,
    args: [memberId],
  });
  return r.rows[0] ? toCredentials(r.rows[0]) : null;
}

export async function selectCredentialsByNo(db: Executor, memberNo: number): Promise<CredentialsRow | null> {
  const r = await db.execute({
    sql: `SELECT member_no, member_id, password_hash, member_status, password_changed_at, created_at
          FROM members WHERE member_no = ?`,
    args: [memberNo],
  });
  return r.rows[0] ? toCredentials(r.rows[0]) : null;
}

function toCredentials(row: Row): CredentialsRow {
  return {
    memberNo: Number(row.member_no),
    memberId: str(row.member_id),
    passwordHash: str(row.password_hash),
    memberStatus: String(row.member_status) as MemberStatus,
    passwordChangedAt: str(row.password_changed_at),
    createdAt: String(row.created_at),
  };
}

export async function memberIdInUse(db: Executor, memberId: string, memberIdHash: string): Promise<boolean> {
  const r = await db.execute({
    sql: `SELECT EXISTS (SELECT 1 FROM members WHERE member_id = ?)
              OR EXISTS (SELECT 1 FROM withdrawn_member_ids WHERE member_id_hash = ?) AS used`,
    args: [memberId, memberIdHash],
  });
  return Number(r.rows[0]?.used) === 1;
}

export async function isWithdrawnId(db: Executor, memberIdHash: string): Promise<boolean> {
  const r = await db.execute({
    sql: 'SELECT 1 FROM withdrawn_member_ids WHERE member_id_hash = ?',
    args: [memberIdHash],
  });
  return r.rows.length > 0;
}

/** The member holding an e-mail or mobile number, except `exceptMemberNo`. */
export async function selectHolder(
  db: Executor,
  column: 'email' | 'mobile_no',
  value: string,
  exceptMemberNo = 0,
): Promise<{ memberNo: number; memberId: string | null; hasPassword: boolean } | null> {
  const r = await db.execute({
    sql: `SELECT member_no, member_id, password_hash IS NOT NULL AS has_password FROM members
          WHERE ${column === 'email' ? 'email' : 'mobile_no'} = ? AND member_no <> ? LIMIT 1`,
    args: [value, exceptMemberNo],
  });
  const row = r.rows[0];
  return row
    ? {
        memberNo: Number(row.member_no),
        memberId: str(row.member_id),
        hasPassword: Number(row.has_password) === 1,
      }
    : null;
}

export interface NewMemberRow {
  memberId: string | null;
  passwordHash: string | null;
  memberName: string;
  email: string | null;
  mobileNo: string | null;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  smsAgreed: boolean;
  emailAgreed: boolean;
  now: string;
}

export async function insertMember(db: Executor, m: NewMemberRow): Promise<number> {
  const r = await db.execute({
    sql: `INSERT INTO members (member_id, password_hash, password_changed_at, member_name, email, mobile_no, birthday,
            sex, member_grade_no, sms_agreed, sms_agreed_at, email_agreed, email_agreed_at, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT member_grade_no FROM member_grades WHERE is_default = 1),
            ?, ?, ?, ?, ?, ?)
          RETURNING member_no`,
    args: [
      m.memberId,
      m.passwordHash,
      m.passwordHash ? m.now : null,
      m.memberName,
      m.email,
      m.mobileNo,
      m.birthday,
      m.sex,
      m.smsAgreed ? 1 : 0,
      m.smsAgreed ? m.now : null,
      m.emailAgreed ? 1 : 0,
      m.emailAgreed ? m.now : null,
      m.now,
      m.now,
    ],
  });
  return Number(r.rows[0]?.member_no);
}

export interface MemberPatch {
  memberName?: string;
  email?: string | null;
  mobileNo?: string | null;
  birthday?: string | null;
  sex?: 'M' | 'F' | null;
  smsAgreed?: boolean;
  emailAgreed?: boolean;
  passwordHash?: string;
}

/** Updates the given fields only; consent times move only when a consent changes. */
export function updateMemberStatement(memberNo: number, patch: MemberPatch, now: string): InStatement | null {
  const sets: string[] = [];
  const args: (string | number | null)[] = [];
  const put = (column: string, value: string | number | null) => {
    sets.push(`${column} = ?`);
    args.push(value);
  };
  if (patch.memberName !== undefined) put('member_name', patch.memberName);
  if (patch.email !== undefined) {
    // a new address is unconfirmed until its own link is opened
    sets.push('email_verified_at = CASE WHEN email IS ? THEN email_verified_at ELSE NULL END');
    args.push(patch.email);
    put('email', patch.email);
  }
  if (patch.mobileNo !== undefined) put('mobile_no', patch.mobileNo);
  if (patch.birthday !== undefined) put('birthday', patch.birthday);
  if (patch.sex !== undefined) put('sex', patch.sex);
  if (patch.smsAgreed !== undefined) {
    sets.push('sms_agreed_at = CASE WHEN sms_agreed = ? THEN sms_agreed_at ELSE ? END', 'sms_agreed = ?');
    args.push(patch.smsAgreed ? 1 : 0, now, patch.smsAgreed ? 1 : 0);
  }
  if (patch.emailAgreed !== undefined) {
    sets.push(
      'email_agreed_at = CASE WHEN email_agreed = ? THEN email_agreed_at ELSE ? END',
      'email_agreed = ?',
    );
    args.push(patch.emailAgreed ? 1 : 0, now, patch.emailAgreed ? 1 : 0);
  }
  if (patch.passwordHash !== undefined) {
    put('password_hash', patch.passwordHash);
    put('password_changed_at', now);
  }
  if (sets.length === 0) return null;
  put('updated_at', now);
  return {
    sql: `UPDATE members SET ${sets.join(', ')} WHERE member_no = ? AND member_status <> 'WITHDRAWN'`,
    args: [...args, memberNo],
  };
}

/**
 * Gives a social-only member an id and password, only while it has none and is not withdrawn:
 * false when another request got there first.
 */
export async function setIdAndPassword(
  db: Executor,
  memberNo: number,
  memberId: string,
  passwordHash: string,
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `UPDATE members SET member_id = ?, password_hash = ?, password_changed_at = ?, updated_at = ?
          WHERE member_no = ? AND member_id IS NULL AND member_status <> 'WITHDRAWN'`,
    args: [memberId, passwordHash, now, now, memberNo],
  });
  return r.rowsAffected === 1;
}

export async function recordLogin(
  db: Executor,
  memberNo: number,
  ip: string | null,
  now: string,
): Promise<void> {
  await db.execute({
    sql: 'UPDATE members SET last_login_at = ?, last_login_ip = ?, login_count = login_count + 1 WHERE member_no = ?',
    args: [now, ip, memberNo],
  });
}

export async function setMemberStatus(
  db: Executor,
  memberNo: number,
  status: 'ACTIVE' | 'LOCKED',
  now: string,
): Promise<boolean> {
  const r = await db.execute({
    sql: `UPDATE members SET member_status = ?, updated_at = ? WHERE member_no = ? AND member_status <> 'WITHDRAWN'`,
    args: [status, now, memberNo],
  });
  return r.rowsAffected > 0;
}

/**
 * Withdrawal: the row stays (orders point at it) but every personal field is cleared, the id is
 * reserved by its digest, and sessions and update tokens (with their IPs and browsers), login
 * counters under the id, groups, staff rights and consents go.
 */
export function withdrawStatements(
  memberNo: number,
  memberId: string | null,
  memberIdHash: string | null,
  reason: string | null,
  now: string,
): InStatement[] {
  const statements: InStatement[] = [];
  if (memberIdHash) {
    statements.push({
      sql: 'INSERT OR IGNORE INTO withdrawn_member_ids (member_id_hash, withdrawn_at) VALUES (?, ?)',
      args: [memberIdHash, now],
    });
  }
  statements.push(
    {
      sql: `UPDATE members SET member_id = NULL, password_hash = NULL, password_changed_at = NULL, member_name = NULL,
              email = NULL, mobile_no = NULL, birthday = NULL, sex = NULL, sms_agreed = 0, sms_agreed_at = NULL,
              email_agreed = 0, email_agreed_at = NULL, last_login_ip = NULL, member_status = 'WITHDRAWN',
              withdrawn_at = ?, withdrawal_reason = ?, updated_at = ?, version = version + 1,
              suspended_at = NULL, suspension_reason = NULL, withdrawal_request_reason = NULL
            WHERE member_no = ? AND member_status <> 'WITHDRAWN'`,
      args: [now, reason, now, memberNo],
    },
    authSteps.forgetSessions(memberNo),
    authSteps.forgetUpdateTokens(memberNo),
    authSteps.forgetLoginCounters(memberNo, memberId),
    { sql: 'DELETE FROM member_group_members WHERE member_no = ?', args: [memberNo] },
    { sql: 'DELETE FROM staff_accounts WHERE member_no = ?', args: [memberNo] },
    { sql: 'DELETE FROM member_terms_agreements WHERE member_no = ?', args: [memberNo] },
  );
  return statements;
}

/** The brand administrator group, named "{brandName} 관리자" (created if missing). */
export async function upsertAdminGroup(db: Executor, groupName: string): Promise<number> {
  const r = await db.execute({
    sql: `INSERT INTO member_groups (group_key, group_name, group_description, is_admin)
          VALUES ('brand-admin', ?, '쇼핑몰 관리자 그룹: 관리 화면을 이용할 수 있습니다.', 1)
          ON CONFLICT (group_key) DO UPDATE SET group_name = excluded.group_name, is_admin = 1
          RETURNING group_no`,
    args: [groupName],
  });
  return Number(r.rows[0]?.group_no);
}

export async function insertGroupMember(
  db: Executor,
  groupNo: number,
  memberNo: number,
  now: string,
): Promise<void> {
  await db.execute({
    sql: 'INSERT OR IGNORE INTO member_group_members (group_no, member_no, added_at) VALUES (?, ?, ?)',
    args: [groupNo, memberNo, now],
  });
}

export async function upsertStaff(
  db: Executor,
  memberNo: number,
  storeName: string | null,
  now: string,
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO staff_accounts (member_no, staff_role, store_name, active, created_at) VALUES (?, 'POS', ?, 1, ?)
          ON CONFLICT (member_no) DO UPDATE SET active = 1, store_name = COALESCE(excluded.store_name, store_name)`,
    args: [memberNo, storeName, now],
  });
}

export interface AgreementRow {
  termsNo: number;
  termsType: string;
  agreedAt: string;
}

export async function selectAgreements(db: Executor, memberNo: number): Promise<AgreementRow[]> {
  const r = await db.execute({
    sql: 'SELECT terms_no, terms_type, agreed_at FROM member_terms_agreements WHERE member_no = ? ORDER BY terms_no',
    args: [memberNo],
  });
  return r.rows.map((row) => ({
    termsNo: Number(row.terms_no),
    termsType: String(row.terms_type),
    agreedAt: String(row.agreed_at),
  }));
}

export function insertAgreementStatement(
  memberNo: number,
  termsNo: number,
  termsType: string,
  now: string,
): InStatement {
  return {
    sql: `INSERT INTO member_terms_agreements (member_no, terms_no, terms_type, agreed_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (member_no, terms_no) DO NOTHING`,
    args: [memberNo, termsNo, termsType, now],
  };
}

export function deleteAgreementsOfTypeStatement(memberNo: number, termsType: string): InStatement {
  return {
    sql: 'DELETE FROM member_terms_agreements WHERE member_no = ? AND terms_type = ?',
    args: [memberNo, termsType],
  };
}
