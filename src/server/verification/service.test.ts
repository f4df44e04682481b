import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { listOutboxMessages } from '../adapters/outbox.ts';
import { AppError } from '../platform/errors.ts';
import {
  countVerificationRequest,
  issueCertificationKey,
  peekCertificationKey,
  redeemCertificationKey,
  sendSmsCode,
  verifySmsCode,
} from './service.ts';

let t: TestDb;
const MOBILE = '01012345678';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

async function lastCode(mobileNo = MOBILE): Promise<string> {
  const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: mobileNo, limit: 1 });
  const code = msg?.body.match(/\[(\d{6})\]/)?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS codes', () => {
  it('sends a 6-digit code through the outbox and stores only its hash', async () => {
    const sent = await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    expect(sent.remainTime).toBe(180);
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const rs = await t.db.execute('SELECT code_hash FROM sms_verifications');
    expect(String(rs.rows[0]?.code_hash)).not.toContain(code);
    const cert = await verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code });
    expect(cert.key.length).toBeGreaterThan(30);
  });

  it('wrong code → L1003, then the right one still works', async () => {
    await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    const code = await lastCode();
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: wrong(code) }))).toBe(
      'L1003',
    );
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code }))).toBe('ok');
  });

  it('after 3 minutes → L1002; a used code → L1001; another usage has no code → L1001', async () => {
    await sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE });
    const code = await lastCode();
    vi.setSystemTime(new Date('2026-03-01T00:03:00.001Z'));
    expect(await codeOf(verifySmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, code }))).toBe('L1002');

    await sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE });
    const fresh = await lastCode();
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: fresh }))).toBe('L1001');
    expect(await codeOf(verifySmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, code: fresh }))).toBe('ok');
    expect(await codeOf(verifySmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, code: fresh }))).toBe(
      'L1001',
    );
  });

  it('a new send replaces the old code', async () => {
    await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    const first = await lastCode();
    let second = first;
    while (second === first) {
      await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
      second = await lastCode();
    }
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: first }))).toBe('L1003');
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: second }))).toBe('ok');
  });

  it('5 wrong codes → L1008 and the number is locked for 10 minutes', async () => {
    await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    const code = await lastCode();
    const results: string[] = [];
    for (let i = 0; i < 5; i++) {
      results.push(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: wrong(code) })));
    }
    expect(results).toEqual(['L1003', 'L1003', 'L1003', 'L1003', 'L1008']);
    // even the right code and a new send are refused while locked
    expect(await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code }))).toBe('L1008');
    expect(await codeOf(sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE }))).toBe('L1008');
    vi.setSystemTime(new Date('2026-03-01T00:09:59Z'));
    expect(await codeOf(sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE }))).toBe('L1008');
    vi.setSystemTime(new Date('2026-03-01T00:10:01Z'));
    await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    expect(
      await codeOf(verifySmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE, code: await lastCode() })),
    ).toBe('ok');
  });

  it('more than 5 sends in 10 minutes → L1008, locked 10 minutes; another number is not affected', async () => {
    for (let i = 0; i < 5; i++) await sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE });
    expect(await codeOf(sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE }))).toBe('L1008');
    expect(await codeOf(sendSmsCode(t.db, { usage: 'JOIN', mobileNo: '01099998888' }))).toBe('ok');
    const sent = await listOutboxMessages(t.db, { channel: 'sms', recipient: MOBILE, limit: 100 });
    expect(sent).toHaveLength(5);
    vi.setSystemTime(new Date('2026-03-01T00:10:01Z'));
    expect(await codeOf(sendSmsCode(t.db, { usage: 'JOIN', mobileNo: MOBILE }))).toBe('ok');
  });

  it('sends from one IP are limited across numbers', async () => {
    const results: string[] = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        await codeOf(
          sendSmsCode(t.db, {
            usage: 'JOIN',
            mobileNo: `010000000${String(i).padStart(2, '0')}`,
            ip: '10.0.0.9',
          }),
        ),
      );
    }
    expect(results.slice(0, 30).every((r) => r === 'ok')).toBe(true);
    expect(results[30]).toBe('L1008');
  });

  it('the precheck runs before the number is counted and its error passes through', async () => {
    const deny = () => Promise.reject(new AppError('L1004', 404, 'x'));
    for (let i = 0; i < 8; i++)
      expect(await codeOf(sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE }, deny))).toBe('L1004');
    expect(await codeOf(sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE }))).toBe('ok');
  });
});

describe('certification keys', () => {
  it('are usable once, for their usage and number only', async () => {
    await sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, memberName: '홍길동' });
    const { key } = await verifySmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, code: await lastCode() });
    expect(await codeOf(redeemCertificationKey(t.db, key, { usage: 'FIND_PASSWORD' }))).toBe('L1001');
    expect(await codeOf(redeemCertificationKey(t.db, 'nonsense', { usage: 'FIND_ID' }))).toBe('L1001');
    const subject = await redeemCertificationKey(t.db, key, { usage: 'FIND_ID', mobileNo: MOBILE });
    expect(subject).toMatchObject({ mobileNo: MOBILE, memberName: '홍길동', channel: 'sms' });
    expect(await codeOf(redeemCertificationKey(t.db, key, { usage: 'FIND_ID' }))).toBe('L1001');
  });

  it('bound to another number → L1001', async () => {
    await sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE });
    const { key } = await verifySmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE, code: await lastCode() });
    expect(
      await codeOf(redeemCertificationKey(t.db, key, { usage: 'FIND_ID', mobileNo: '01000000000' })),
    ).toBe('L1001');
  });

  it('expire', async () => {
    const { key } = await issueCertificationKey(t.db, {
      usage: 'FIND_PASSWORD',
      channel: 'sms',
      mobileNo: MOBILE,
      ttlSeconds: 60,
    });
    expect(await peekCertificationKey(t.db, key, 'FIND_PASSWORD')).toMatchObject({ remainTime: 60 });
    vi.setSystemTime(new Date('2026-03-01T00:01:01Z'));
    expect(await peekCertificationKey(t.db, key, 'FIND_PASSWORD')).toBeUndefined();
    expect(await codeOf(redeemCertificationKey(t.db, key, { usage: 'FIND_PASSWORD' }))).toBe('L1001');
  });
});

describe('countVerificationRequest', () => {
  it('locks a key past the limit', async () => {
    for (let i = 0; i < 3; i++) await countVerificationRequest(t.db, 'reset-mail:podo', 3);
    expect(await codeOf(countVerificationRequest(t.db, 'reset-mail:podo', 3))).toBe('L1008');
    vi.setSystemTime(new Date('2026-03-01T00:10:01Z'));
    expect(await codeOf(countVerificationRequest(t.db, 'reset-mail:podo', 3))).toBe('ok');
  });
});
