import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { listOutboxMessages } from '../../adapters/outbox.ts';
import { useSmsForTests } from '../../adapters/sms/index.ts';
import { listAudit } from '../../audit/index.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { getProfile } from '../../member/index.ts';
import { promotionSteps } from '../../promotion/index.ts';
import { createLocalStorage } from '../../storage/local.ts';
import type { StoragePort } from '../../storage/index.ts';
import { runBoardCheck } from './board.ts';
import { PRINT_FILE_KEY, runDampenerCheck } from './dampener.ts';
import { runLoginCheck, runUserCheck, runUserUpdateCheck } from './member.ts';
import { runCouponCheck, runPointsCheck } from './promotion.ts';
import { ensureTestMember, TEST_MEMBER_ID, TEST_MEMBER_NAME } from './test-member.ts';
import { runVerificationCheck } from './verification.ts';

let t: TestDb;
let dir: string;
let local: StoragePort;

beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db, { images: false });
  dir = mkdtempSync(join(tmpdir(), 'podo-check-member-'));
  local = createLocalStorage({ dir, bucket: 'podo-uploads' });
}, 120_000);
afterEach(() => useSmsForTests(undefined));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const statuses = (steps: { status: string }[]) => steps.map((s) => s.status);

describe('the test member', () => {
  it('is made once, clearly labelled, and found again afterwards', async () => {
    const first = await ensureTestMember(t.db);
    const again = await ensureTestMember(t.db);
    expect(again).toEqual({ member: first.member, created: false });
    const profile = await getProfile(t.db, first.member.memberNo);
    expect(profile).toMatchObject({ memberId: TEST_MEMBER_ID, memberName: TEST_MEMBER_NAME, mobileNo: null });
    expect(profile?.email).toMatch(/\.invalid$/);
  });
});

describe('sign-in and profile checks (/test/login, /test/user, /test/user-update)', () => {
  it('signs the test member in with a fresh password and out again', async () => {
    const steps = await runLoginCheck(t.db);
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['점검용 회원 준비', 'ok'],
      ['임시 비밀번호 정하기', 'ok'],
      ['아이디와 비밀번호로 로그인', 'ok'],
      ['세션으로 회원 확인', 'ok'],
      ['로그아웃', 'ok'],
      ['로그아웃 확인', 'ok'],
    ]);
    expect(steps[3]?.detail).toContain(`${TEST_MEMBER_NAME}을 가리킵니다`);
  });

  it('reads the profile', async () => {
    const steps = await runUserCheck(t.db);
    expect(statuses(steps)).toEqual(['ok', 'ok']);
    expect(steps[1]?.detail).toContain(`이름 ${TEST_MEMBER_NAME}`);
  });

  it('changes the profile and puts it back', async () => {
    const { member } = await ensureTestMember(t.db);
    const before = await getProfile(t.db, member.memberNo);
    const steps = await runUserUpdateCheck(t.db);
    expect(statuses(steps)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const after = await getProfile(t.db, member.memberNo);
    expect([after?.memberName, after?.smsAgreed]).toEqual([before?.memberName, before?.smsAgreed]);
  });
});

describe('points and coupon checks (/test/point, /test/coupon)', () => {
  it('grants and deducts points: the balance is as before, both ledger lines audited', async () => {
    const { member } = await ensureTestMember(t.db);
    const before = await promotionSteps.selectBalance(t.db, member.memberNo);
    const steps = await runPointsCheck(t.db);
    expect(statuses(steps)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await promotionSteps.selectBalance(t.db, member.memberNo)).toBe(before);
    const lines = await listAudit(t.db, {
      action: 'points',
      targetId: String(member.memberNo),
      pageNumber: 1,
      pageSize: 10,
    });
    expect(lines.items.map((l) => l.action).slice(0, 2)).toEqual(['points.deduct', 'points.grant']);
  });

  it('makes, issues, uses, gives back and stops a labelled coupon', async () => {
    const steps = await runCouponCheck(t.db);
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['점검용 회원 준비', 'ok'],
      ['점검용 쿠폰 만들기', 'ok'],
      ['점검용 회원에게 발급', 'ok'],
      ['쿠폰 사용', 'ok'],
      ['사용 되돌리기', 'ok'],
      ['쿠폰 발급 중지', 'ok'],
    ]);
    const rs = await t.db.execute(
      "SELECT c.active, ci.status FROM coupons c JOIN coupon_issues ci ON ci.coupon_no = c.coupon_no WHERE c.coupon_name LIKE '[연동 점검]%'",
    );
    expect(rs.rows.map((r) => [r.active, r.status])).toEqual([[0, 'ISSUED']]);
  });
});

describe('board check (/test/board)', () => {
  it('writes a post on the bug-report board, reads it and deletes it', async () => {
    const steps = await runBoardCheck(t.db);
    expect(statuses(steps)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const left = await t.db.execute(
      "SELECT COUNT(*) AS n FROM board_articles WHERE title LIKE '[연동 점검]%'",
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('member verification check (/test/user-verification)', () => {
  it('sends a code through the SMS outbox, then checks the code typed back and discards the key', async () => {
    const sent = await runVerificationCheck(t.db, { phone: '010-2345-6789' });
    expect(sent.map((s) => [s.label, s.status])).toEqual([
      ['휴대폰 번호 확인', 'ok'],
      ['점검용 회원 준비', 'ok'],
      ['인증번호 보내기', 'ok'],
    ]);
    const [message] = await listOutboxMessages(t.db, {
      channel: 'sms',
      recipient: '01023456789',
      limit: 1,
      offset: 0,
    });
    const code = /\[(\d{6})\]/.exec(message?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await runVerificationCheck(t.db, {
      phone: '01023456789',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(statuses(wrong)).toEqual(['ok', 'ok', 'failed', 'ok']);
    expect(wrong[3]?.detail).toBe('발급된 인증 키가 없어 폐기할 것이 없습니다.');
    const right = await runVerificationCheck(t.db, { phone: '01023456789', code: code! });
    expect(statuses(right)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('shows the send failed when the SMS adapter fails', async () => {
    useSmsForTests({
      name: 'broken',
      send: async () => {
        throw new Error('SMS gateway 502');
      },
    });
    const steps = await runVerificationCheck(t.db, { phone: '010-3456-7890' });
    expect(statuses(steps)).toEqual(['ok', 'ok', 'failed']);
    expect(steps[2]?.detail).toBe('인증번호를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.');
  });

  it('refuses a number that is not a mobile number at the first step', async () => {
    const steps = await runVerificationCheck(t.db, { phone: '02-123-4567' });
    expect(statuses(steps)).toEqual(['failed', 'skipped', 'skipped']);
  });
});

describe('design and print file check (/test/dampener)', () => {
  it('saves a design, renders its print file into storage, and deletes the design', async () => {
    const { steps, printUrl } = await runDampenerCheck(t.db, local);
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['점검용 회원 준비', 'ok'],
      ['디자인할 상품 찾기', 'ok'],
      ['디자인 저장', 'ok'],
      ['인쇄 파일 만들기', 'ok'],
      ['디자인 지우기', 'ok'],
    ]);
    expect(steps[3]?.detail).toMatch(/PNG \d+×\d+px, 300 DPI/);
    const png = await local.get(PRINT_FILE_KEY);
    expect(Buffer.from(png!).subarray(1, 4).toString()).toBe('PNG');
    expect(printUrl).toMatch(new RegExp(`^${local.publicUrl(PRINT_FILE_KEY)}\\?run=\\d+$`));
    const designs = await t.db.execute("SELECT deleted_at FROM designs WHERE name = '[연동 점검] 디자인'");
    expect(designs.rows.every((r) => r.deleted_at !== null)).toBe(true);
  }, 60_000);

  it('shows the print file step failed when storage refuses it, and still deletes the design', async () => {
    const refusing: StoragePort = {
      ...local,
      name: local.name,
      bucket: local.bucket,
      put: async () => {
        throw new Error('disk full');
      },
    };
    const { steps, printUrl } = await runDampenerCheck(t.db, refusing);
    expect(statuses(steps)).toEqual(['ok', 'ok', 'ok', 'failed', 'ok']);
    expect(steps[3]?.detail).toBe('오류: disk full');
    expect(printUrl).toBeNull();
  }, 60_000);
});
