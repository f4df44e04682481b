import type { Client, Transaction } from '@libsql/client';
import { type VerificationErrorCode } from '../../lib/errors/verification.ts';
import {
  VERIFICATION_LIMITS,
  VERIFICATION_USAGES,
  type VerificationUsage,
} from '../../lib/verification-rules.ts';
import { sms } from '../adapters/sms/index.ts';
import { appError } from '../platform/errors.ts';
import { env } from '../platform/env.ts';
import { verificationError } from './errors.ts';
import * as repo from './repo.ts';
import { isoAfter, randomDigits, randomSecret, sameDigest, secondsUntil, sha256Hex } from './secrets.ts';
import { writeTx } from '../db/write-tx.ts';

const L = VERIFICATION_LIMITS;
/** A certification key from an SMS code lives this long: enough to finish the next form. */
const SMS_CERTIFICATION_SECONDS = 600;

const mobileLock = (mobileNo: string) => `mobile:${mobileNo}`;
const ipLock = (ip: string) => `ip:${ip}`;

/** The code is hashed together with what it was sent for, so a row is useless for another usage. */
const codeDigest = (usage: string, mobileNo: string, code: string) =>
  sha256Hex(`${usage}:${mobileNo}:${code}`);

export interface SendSmsCodeInput {
  usage: VerificationUsage;
  mobileNo: string;
  memberName?: string | undefined;
  ip?: string | undefined;
}

/**
 * Sends a 6-digit code for `usage` to `mobileNo`, replacing any earlier one. `precheck` runs
 * after the lock and per-IP checks and before the number's send is counted (member rules:
 * L1004/L1005/L1006). More than 5 sends to a number in 10 minutes, or 5 wrong codes, lock it
 * for 10 minutes (L1008).
 */
export async function sendSmsCode(
  db: Client,
  input: SendSmsCodeInput,
  precheck?: () => Promise<void>,
): Promise<{ remainTime: number }> {
  const { usage, mobileNo } = input;
  const now = new Date();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - L.sendWindowSeconds * 1000).toISOString();
  const lockUntil = isoAfter(now, L.lockSeconds);

  // counted even when the precheck fails: probing numbers costs the prober
  const ipLocked = await writeTx(db, async (tx) => {
    if (await repo.activeLockUntil(tx, mobileLock(mobileNo), nowIso)) return true;
    if (!input.ip) return false;
    if (await repo.activeLockUntil(tx, ipLock(input.ip), nowIso)) return true;
    const hits = await repo.hitCounter(tx, { key: `sms-send:${ipLock(input.ip)}`, now: nowIso, windowStart });
    // sends from one IP address inside the window before it is locked too (SMS_SENDS_PER_IP)
    if (hits <= env().SMS_SENDS_PER_IP) return false;
    await repo.putLock(tx, { key: ipLock(input.ip), until: lockUntil, reason: 'sms-send-flood' });
    return true;
  });
  if (ipLocked) throw verificationError('L1008');

  await precheck?.();

  const code = randomDigits(L.codeLength);
  const expiresAt = isoAfter(now, L.codeValidSeconds);
  const outcome = await writeTx(db, async (tx) => {
    if (await repo.activeLockUntil(tx, mobileLock(mobileNo), nowIso)) return 'locked' as const;
    const hits = await repo.hitCounter(tx, {
      key: `sms-send:${mobileLock(mobileNo)}`,
      now: nowIso,
      windowStart,
    });
    if (hits > L.maxSendsPerWindow) {
      await repo.putLock(tx, { key: mobileLock(mobileNo), until: lockUntil, reason: 'sms-send-flood' });
      return 'locked' as const;
    }
    await repo.putSmsVerification(tx, {
      usage,
      mobileNo,
      codeHash: codeDigest(usage, mobileNo, code),
      memberName: input.memberName ?? null,
      expiresAt,
      now: nowIso,
    });
    return 'stored' as const;
  });
  if (outcome === 'locked') throw verificationError('L1008');

  // outside the transaction: never hold the database while talking to a provider
  try {
    await sms().send({ to: mobileNo, text: smsText(usage, code) });
  } catch (err) {
    console.error('[verification] SMS send failed', err);
    throw appError('SMS_UNAVAILABLE');
  }
  return { remainTime: L.codeValidSeconds };
}

function smsText(usage: VerificationUsage, code: string): string {
  return `[${env().BRAND_NAME}] ${VERIFICATION_USAGES[usage]} 인증번호는 [${code}]입니다. 3분 안에 입력해 주세요.`;
}

export interface VerifySmsCodeInput {
  usage: VerificationUsage;
  mobileNo: string;
  code: string;
  /**
   * The signed-in member a member's own change is for (CHANGE_MOBILE_NO): the key is bound to
   * that member and only redeems for it.
   */
  memberNo?: number | undefined;
}

export interface Certification {
  /** The certification key for the next step (find id, password change, join), usable once. */
  key: string;
  expireIn: number;
}

/**
 * Checks a code. Wrong → L1003 (the 5th wrong try burns the code and locks the number: L1008),
 * past 3 minutes → L1002, used or replaced → L1001. A right code yields a certification key.
 */
export async function verifySmsCode(db: Client, input: VerifySmsCodeInput): Promise<Certification> {
  const { usage, mobileNo } = input;
  const now = new Date();
  const nowIso = now.toISOString();
  type Outcome = { error: VerificationErrorCode } | { key: string };
  const result = await writeTx(db, async (tx): Promise<Outcome> => {
    if (await repo.activeLockUntil(tx, mobileLock(mobileNo), nowIso)) return { error: 'L1008' };
    const row = await repo.findSmsVerification(tx, usage, mobileNo);
    if (!row || row.closedAt) return { error: 'L1001' };
    if (row.expiresAt <= nowIso) return { error: 'L1002' };
    const given = codeDigest(usage, mobileNo, input.code);
    if (!sameDigest(given, row.codeHash)) {
      const tries = await repo.countWrongCode(tx, {
        usage,
        mobileNo,
        codeHash: row.codeHash,
        maxAttempts: L.maxWrongAttempts,
        now: nowIso,
      });
      if (tries === undefined) return { error: 'L1001' };
      if (tries < L.maxWrongAttempts) return { error: 'L1003' };
      await repo.putLock(tx, {
        key: mobileLock(mobileNo),
        until: isoAfter(now, L.lockSeconds),
        reason: 'sms-wrong-code',
      });
      return { error: 'L1008' };
    }
    if (!(await repo.closeSmsVerification(tx, { usage, mobileNo, codeHash: row.codeHash, now: nowIso }))) {
      return { error: 'L1001' };
    }
    const key = randomSecret();
    await repo.insertCertificationKey(tx, {
      keyHash: sha256Hex(key),
      usage,
      channel: 'sms',
      mobileNo,
      memberNo: input.memberNo ?? null,
      memberName: row.memberName,
      expiresAt: isoAfter(now, SMS_CERTIFICATION_SECONDS),
      now: nowIso,
    });
    return { key };
  });
  if ('error' in result) throw verificationError(result.error);
  return { key: result.key, expireIn: SMS_CERTIFICATION_SECONDS };
}

/** Issues a certification key without an SMS step (the e-mailed password reset link). */
export async function issueCertificationKey(
  db: Client,
  input: {
    usage: VerificationUsage;
    channel: 'sms' | 'mail';
    mobileNo?: string | null;
    memberNo?: number | null;
    memberName?: string | null;
    ttlSeconds: number;
  },
): Promise<Certification> {
  const now = new Date();
  const key = randomSecret();
  await writeTx(db, (tx) =>
    repo.insertCertificationKey(tx, {
      keyHash: sha256Hex(key),
      usage: input.usage,
      channel: input.channel,
      mobileNo: input.mobileNo ?? null,
      memberNo: input.memberNo ?? null,
      memberName: input.memberName ?? null,
      expiresAt: isoAfter(now, input.ttlSeconds),
      now: now.toISOString(),
    }),
  );
  return { key, expireIn: input.ttlSeconds };
}

export type CertifiedSubject = repo.CertificationRow;

/**
 * Uses a certification key once. Unknown, used, expired or issued for another usage → L1001.
 * With `mobileNo`, an SMS key must have been issued for that number (else L1001 too); with
 * `memberNo`, it must have been issued to that signed-in member (else L1001).
 * Pass a transaction to consume the key together with the step it authorises (a thrown L1001
 * rolls the use back with it).
 */
export async function redeemCertificationKey(
  db: Client | Transaction,
  key: string,
  expect: { usage: VerificationUsage; mobileNo?: string | undefined; memberNo?: number | undefined },
): Promise<CertifiedSubject> {
  const now = new Date().toISOString();
  const run = async (tx: Client | Transaction) => {
    const row = await repo.useCertificationKey(tx, { keyHash: sha256Hex(key), usage: expect.usage, now });
    if (!row) return undefined;
    if (expect.mobileNo !== undefined && row.channel === 'sms' && row.mobileNo !== expect.mobileNo) {
      throw verificationError('L1001');
    }
    if (expect.memberNo !== undefined && row.memberNo !== expect.memberNo) throw verificationError('L1001');
    return row;
  };
  const row = 'commit' in db ? await run(db) : await writeTx(db, run);
  if (!row) throw verificationError('L1001');
  return row;
}

/** Whether a key is still usable (the reset page checks before showing its form); does not use it. */
export async function peekCertificationKey(
  db: Client,
  key: string,
  usage: VerificationUsage,
): Promise<(CertifiedSubject & { remainTime: number }) | undefined> {
  const now = new Date();
  const row = await repo.peekCertificationKey(db, { keyHash: sha256Hex(key), usage, now: now.toISOString() });
  return row && { ...row, remainTime: secondsUntil(now, row.expiresAt) };
}

/**
 * A generic fixed-window limit for other verification sends (e-mailed reset links): counts one
 * hit on `key` and throws L1008 (locking `key` for 10 minutes) past `max` in 10 minutes.
 */
export async function countVerificationRequest(db: Client, key: string, max: number): Promise<void> {
  const now = new Date();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - L.sendWindowSeconds * 1000).toISOString();
  const locked = await writeTx(db, async (tx) => {
    if (await repo.activeLockUntil(tx, key, nowIso)) return true;
    const hits = await repo.hitCounter(tx, { key: `count:${key}`, now: nowIso, windowStart });
    if (hits <= max) return false;
    await repo.putLock(tx, { key, until: isoAfter(now, L.lockSeconds), reason: 'request-flood' });
    return true;
  });
  if (locked) throw verificationError('L1008');
}
