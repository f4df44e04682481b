import type { Db } from '../db/client.ts';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { VerificationUsage } from '../../lib/verification-rules.ts';
import { mail } from '../adapters/mail/index.ts';
import { accountError } from '../auth/index.ts';
import { appError } from '../platform/errors.ts';
import { env } from '../platform/env.ts';
import {
  changePassword,
  findMemberByEmailOrMobile,
  getMemberById,
  verifyMemberPassword,
  type MemberRow,
} from '../member/index.ts';
import { linkedProviders } from '../social/index.ts';
import { verificationError } from './errors.ts';
import { maskEmail, maskMemberId, maskMobile, maskName } from './masking.ts';
import {
  countVerificationRequest,
  issueCertificationKey,
  peekCertificationKey,
  redeemCertificationKey,
} from './service.ts';

/**
 * Find id and password recovery, on top of SMS verification and certification keys. Answers to
 * people who are not logged in are masked; every lookup an anonymous caller can repeat is counted.
 */

/** The e-mailed reset link works for 30 minutes, once. */
const RESET_LINK_SECONDS = 1800;
const RESET_PAGE_PATH = '/find/password/reset';
/** Lookups (find id, search account, equals) per IP in 10 minutes; reset mails per id. */
const LOOKUPS_PER_IP = 30;
const RESET_MAILS_PER_ID = 3;

const sameName = (a: string | null, b: string) =>
  (a ?? '').replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** Counts an anonymous lookup from `ip` (L1008 past 30 in 10 minutes). */
export async function countLookup(db: Db, ip: string | null): Promise<void> {
  await countVerificationRequest(db, `lookup:ip:${ip ?? 'unknown'}`, LOOKUPS_PER_IP);
}

/**
 * What sending a code for `usage` to `mobileNo` requires of the members table: a join or a new
 * number needs a free number (L1005), recovery needs its member (L1004). Both only say whether
 * the number is taken, which the join form's duplicate check (`GET /profile/mobile/exist`) has to
 * say anyway. The name is **not** compared here: an L1006 before any code is sent would tell
 * whoever asks whose number it is. A name sent along is kept with the code and compared once
 * the code is back (`findId`), where only the phone's holder sees the answer.
 */
export async function checkSmsUsage(db: Db, usage: VerificationUsage, mobileNo: string): Promise<void> {
  const [holder] = await findMemberByEmailOrMobile(db, { mobileNo });
  switch (usage) {
    case 'JOIN':
    case 'CHANGE_MOBILE_NO':
      if (holder) throw verificationError('L1005');
      return;
    case 'FIND_ID':
    case 'FIND_PASSWORD':
    case 'RELEASE_DORMANT':
      if (!holder) throw verificationError('L1004');
      return;
    default:
      return;
  }
}

/** Shopby's find-id answer (PostProfileFindIdResponse), masked, plus the social logins in use. */
export interface FoundId {
  id: string | null;
  memberId: string | null;
  memberName: string;
  email: string;
  mobileNo: string;
  joinYmdt: string;
  status: string;
  providerTypes: string[];
}

async function toFoundId(
  db: Db,
  m: {
    memberNo: number;
    memberId: string | null;
    memberName: string | null;
    email: string | null;
    mobileNo: string | null;
    joinedAt: string;
    memberStatus: string;
  },
): Promise<FoundId> {
  const masked = m.memberId ? maskMemberId(m.memberId) : null;
  const providerTypes = await linkedProviders(db, m.memberNo);
  return {
    id: masked,
    memberId: masked,
    memberName: m.memberName ? maskName(m.memberName) : '',
    email: m.email ? maskEmail(m.email) : '',
    mobileNo: m.mobileNo ? maskMobile(m.mobileNo) : '',
    joinYmdt: toShopbyYmdt(m.joinedAt),
    status: m.memberStatus,
    providerTypes,
  };
}

export type FindIdCriteria =
  | { by: 'email'; memberName: string; email: string }
  | { by: 'sms'; memberName?: string | undefined; mobileNo: string; certificationKey: string };

/**
 * Find id by name + e-mail, or by mobile number after SMS verification (the certification key of
 * usage FIND_ID for that number).
 *
 * - By e-mail, anybody can ask: an unknown e-mail and a known e-mail under another name get the
 *   same L1007, so the answer never says that an e-mail is registered to somebody else.
 * - By SMS, the caller has proved to hold the phone: no member → L1007, another name → L1006
 *   (the spec's code; only the phone's holder can see it). The key is used up by a found id
 *   only; after an L1006 it stays usable, so the holder can correct the name without a new code.
 */
export async function findId(db: Db, criteria: FindIdCriteria): Promise<FoundId[]> {
  if (criteria.by === 'sms') {
    const cert = await peekCertificationKey(db, criteria.certificationKey, 'FIND_ID');
    if (!cert || (cert.channel === 'sms' && cert.mobileNo !== criteria.mobileNo))
      throw verificationError('L1001');
    const [member] = await findMemberByEmailOrMobile(db, { mobileNo: criteria.mobileNo });
    if (!member) throw verificationError('L1007');
    const name = criteria.memberName ?? cert.memberName;
    if (name && !sameName(member.memberName, name)) throw verificationError('L1006');
    await redeemCertificationKey(db, criteria.certificationKey, {
      usage: 'FIND_ID',
      mobileNo: criteria.mobileNo,
    });
    return [await toFoundId(db, member)];
  }
  const [member] = await findMemberByEmailOrMobile(db, { email: criteria.email });
  if (!member || !sameName(member.memberName, criteria.memberName)) throw verificationError('L1007');
  return [await toFoundId(db, member)];
}

async function activeMemberById(db: Db, memberId: string): Promise<MemberRow | null> {
  const m = await getMemberById(db, memberId);
  return m && m.memberStatus !== 'WITHDRAWN' ? m : null;
}

/**
 * Shopby's GetProfilePasswordSearchAccountResponse, masked. Unknown id → L1004: whether an id is
 * taken is public anyway (the join form's `GET /profile/id/exist`), and the find-password page
 * needs the masked contacts to offer the SMS or e-mail way.
 */
export async function searchAccount(db: Db, memberId: string) {
  const m = await activeMemberById(db, memberId);
  if (!m) throw verificationError('L1004');
  return {
    memberNo: m.memberNo,
    hasCI: false,
    name: m.memberName ? maskName(m.memberName) : '',
    mobileNo: m.mobileNo ? maskMobile(m.mobileNo) : '',
    email: m.email ? maskEmail(m.email) : '',
    status: m.memberStatus,
  };
}

/**
 * Whether the id's member has this e-mail / mobile number. An unknown id and another member's
 * value are the same `false`: the answer never says whom a value belongs to.
 */
export async function memberEquals(
  db: Db,
  memberId: string,
  field: { email: string } | { mobileNo: string },
): Promise<boolean> {
  const m = await activeMemberById(db, memberId);
  if (!m) return false;
  return 'email' in field
    ? m.email === field.email.trim().toLowerCase()
    : m.mobileNo === field.mobileNo.replace(/\D/g, '');
}

/**
 * E-mails a password reset link (/find/password/reset?key=…) when id and e-mail belong together
 * (else L1007). At most 3 mails per id in 10 minutes (L1008). The link's key is a certification
 * key of usage FIND_PASSWORD for that member, valid 30 minutes, usable once.
 */
export async function sendPasswordResetMail(
  db: Db,
  input: { memberId: string; email: string },
): Promise<void> {
  const memberId = input.memberId.trim().toLowerCase();
  await countVerificationRequest(db, `reset-mail:${memberId}`, RESET_MAILS_PER_ID);
  const m = await activeMemberById(db, memberId);
  if (!m?.email || m.email !== input.email.trim().toLowerCase() || !m.memberId)
    throw verificationError('L1007');
  const { key } = await issueCertificationKey(db, {
    usage: 'FIND_PASSWORD',
    channel: 'mail',
    memberNo: m.memberNo,
    ttlSeconds: RESET_LINK_SECONDS,
  });
  const e = env();
  const link = new URL(`${RESET_PAGE_PATH}?key=${encodeURIComponent(key)}`, e.PUBLIC_BASE_URL).toString();
  try {
    await mail().send({
      to: m.email,
      subject: `[${e.BRAND_NAME}] 비밀번호 재설정 안내`,
      text: [
        `${m.memberName ?? '회원'}님, 안녕하세요.`,
        '',
        '아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 30분 동안 한 번만 사용할 수 있습니다.',
        link,
        '',
        '비밀번호 재설정을 요청하지 않으셨다면 이 메일을 무시해 주세요.',
      ].join('\n'),
    });
  } catch (err) {
    console.error('[recovery] reset mail failed', err);
    throw appError('MAIL_UNAVAILABLE');
  }
}

/** For the reset page: whether a link's key can still be used (without using it). */
export async function checkResetKey(db: Db, key: string): Promise<{ valid: boolean; remainTime: number }> {
  const found = await peekCertificationKey(db, key, 'FIND_PASSWORD');
  return { valid: Boolean(found), remainTime: found?.remainTime ?? 0 };
}

/**
 * Sets a new password with a FIND_PASSWORD certification key (from the SMS code or the e-mailed
 * link) for `memberId`, then ends every session of the member. The key must belong to that
 * member (its number for SMS, the member for a link): otherwise L1007 and the key stays usable,
 * so a typo in the id does not cost the verification. An unknown id is the same L1007 (not
 * L1004): the answer does not tell the key's holder which other ids exist. The new password is
 * checked (strict rule by the route, "not the current one" here) before the key is used up.
 */
export async function changePasswordAfterCert(
  db: Db,
  input: { memberId: string; newPassword: string; certificationKey: string },
): Promise<void> {
  const peeked = await peekCertificationKey(db, input.certificationKey, 'FIND_PASSWORD');
  if (!peeked) throw verificationError('L1001');
  const m = await activeMemberById(db, input.memberId);
  if (!m?.memberId) throw verificationError('L1007');
  const belongs =
    peeked.channel === 'sms'
      ? peeked.mobileNo !== null && peeked.mobileNo === m.mobileNo
      : peeked.memberNo === m.memberNo;
  if (!belongs) throw verificationError('L1007');
  if (await verifyMemberPassword(db, m.memberNo, input.newPassword)) {
    throw accountError('same-password');
  }
  await redeemCertificationKey(db, input.certificationKey, { usage: 'FIND_PASSWORD' });
  await changePassword(db, m.memberNo, input.newPassword);
}
