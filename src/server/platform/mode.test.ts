import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../member/seed.ts';
import { formatLiveProblems, liveProblems } from './mode.ts';
import { demoAccountsProblem } from './startup.ts';

/** A live shop with every outside service configured, as far as the adapters that exist allow. */
const READY = {
  SHOP_MODE: 'live',
  PUBLIC_BASE_URL: 'https://shop.example.com',
  PAYMENT_PROVIDER: 'portone',
  PAYMENT_SIGNING_SECRET: 'x'.repeat(40),
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'podo-files',
} as const;

const names = (problems: string[]) => problems.map((p) => p.slice(0, p.indexOf(':')));

describe('liveProblems', () => {
  it('is empty in demo mode, the default', () => {
    expect(liveProblems({})).toEqual([]);
    expect(liveProblems({ SHOP_MODE: 'demo' })).toEqual([]);
  });

  it('names every missing piece at once on a bare live start', () => {
    expect(names(liveProblems({ SHOP_MODE: 'live' }))).toEqual([
      'PAYMENT_PROVIDER',
      'PAYMENT_SIGNING_SECRET',
      'PUBLIC_BASE_URL',
      'SMS_PROVIDER',
      'MAIL_PROVIDER',
      'STORAGE_DRIVER',
      'POD_PROVIDER',
      'CARD_TERMINAL_PROVIDER',
      'KAKAOPAY_PROVIDER',
    ]);
  });

  it('refuses each built-in test adapter and each missing setting by name', () => {
    // the ports that have only their built-in adapter so far stay refused whatever else is set
    expect(names(liveProblems(READY))).toEqual([
      'SMS_PROVIDER',
      'MAIL_PROVIDER',
      'POD_PROVIDER',
      'CARD_TERMINAL_PROVIDER',
      'KAKAOPAY_PROVIDER',
    ]);
    const without = (key: keyof typeof READY) => {
      const source: Record<string, string> = { ...READY };
      delete source[key];
      return names(liveProblems(source));
    };
    expect(without('PAYMENT_PROVIDER')).toContain('PAYMENT_PROVIDER');
    expect(without('PAYMENT_SIGNING_SECRET')).toContain('PAYMENT_SIGNING_SECRET');
    expect(without('PUBLIC_BASE_URL')).toContain('PUBLIC_BASE_URL');
    expect(without('STORAGE_DRIVER')).toContain('STORAGE_DRIVER');
    expect(names(liveProblems({ ...READY, PAYMENT_PROVIDER: 'sandbox' }))).toContain('PAYMENT_PROVIDER');
    expect(names(liveProblems({ ...READY, PAYMENT_SIGNING_SECRET: 'short' }))).toContain(
      'PAYMENT_SIGNING_SECRET',
    );
    expect(names(liveProblems({ ...READY, PUBLIC_BASE_URL: 'http://shop.example.com' }))).toContain(
      'PUBLIC_BASE_URL',
    );
    // local disk storage is a decision a one-server shop may make, when it is made explicitly
    expect(names(liveProblems({ ...READY, STORAGE_DRIVER: 'local' }))).not.toContain('STORAGE_DRIVER');
  });

  it('accepts SMTP mail and Solapi SMS, refuses mail sent in the clear, and names a half-set adapter', () => {
    const SMTP = { MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'shop@example.com' };
    const SOLAPI = {
      SMS_PROVIDER: 'solapi',
      SOLAPI_API_KEY: 'key',
      SOLAPI_API_SECRET: 'secret',
      SOLAPI_SENDER: '0212345678',
    };
    const ready = names(liveProblems({ ...READY, ...SMTP, ...SOLAPI }));
    expect(ready).not.toContain('MAIL_PROVIDER');
    expect(ready).not.toContain('SMS_PROVIDER');
    expect(names(liveProblems({ ...READY, ...SMTP, SMTP_TLS: 'off' }))).toContain('SMTP_TLS');
    expect(() => liveProblems({ ...READY, MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_HOST와 SMTP_FROM/);
    expect(() => liveProblems({ ...READY, SMS_PROVIDER: 'solapi' })).toThrow(/SOLAPI_API_KEY/);
    expect(() => liveProblems({ ...READY, ...SMTP, SMTP_USER: 'shop' })).toThrow(/SMTP_PASS/);
  });

  it('refuses half-configured social login, accepts none or both', () => {
    expect(names(liveProblems({ ...READY, NAVER_CLIENT_ID: 'id' }))).toContain(
      'NAVER_CLIENT_ID, NAVER_CLIENT_SECRET',
    );
    expect(names(liveProblems({ ...READY, NAVER_CLIENT_ID: 'id', NAVER_CLIENT_SECRET: 's' }))).not.toContain(
      'NAVER_CLIENT_ID, NAVER_CLIENT_SECRET',
    );
    expect(names(liveProblems({ ...READY, KAKAO_CLIENT_SECRET: 's' }))).toContain('KAKAO_CLIENT_ID');
  });

  it('refuses the HTTP print service without its address and credentials, accepts it with them', () => {
    const http = { ...READY, POD_PROVIDER: 'http' };
    expect(names(liveProblems(http))).toEqual(
      expect.arrayContaining(['POD_API_URL', 'POD_CLIENT_ID', 'POD_CLIENT_SECRET']),
    );
    expect(names(liveProblems(http))).not.toContain('POD_PROVIDER');
    const configured = {
      ...http,
      POD_API_URL: 'https://pod.example.com',
      POD_CLIENT_ID: 'podo',
      POD_CLIENT_SECRET: 'secret',
    };
    expect(names(liveProblems(configured)).filter((n) => n.startsWith('POD_'))).toEqual([]);
    expect(names(liveProblems({ ...configured, POD_API_URL: 'http://pod.example.com' }))).toContain(
      'POD_API_URL',
    );
    expect(names(liveProblems({ ...configured, POD_WEBHOOK_SECRET: 'short' }))).toContain(
      'POD_WEBHOOK_SECRET',
    );
    expect(names(liveProblems({ ...configured, POD_WEBHOOK_SECRET: 'w'.repeat(32) }))).not.toContain(
      'POD_WEBHOOK_SECRET',
    );
    // a demo shop may run on the simulator
    expect(liveProblems({ POD_PROVIDER: 'simulator' })).toEqual([]);
  });

  it('says it in Korean, one line per problem, with the way out', () => {
    const text = formatLiveProblems(liveProblems({ SHOP_MODE: 'live' }));
    expect(text).toMatch(/^운영 모드\(SHOP_MODE=live\)로 시작할 수 없습니다\. 다음 9가지를 설정해 주세요:/);
    expect(text.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(9);
    expect(text).toContain('SHOP_MODE=demo');
  });
});

describe('demoAccountsProblem', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('names the demo accounts while they keep the README password, and not after', async () => {
    expect(await demoAccountsProblem(t.db)).toBeNull();
    await seedMemberDemo(t.db, 'demo');
    expect(await demoAccountsProblem(t.db)).toMatch(/admin, staff/);
    await t.db.execute({
      sql: 'UPDATE members SET password_hash = ? WHERE member_id = ?',
      args: [await hashPassword('a-new-secret-2026!'), DEMO_ACCOUNTS.admin.memberId],
    });
    expect(await demoAccountsProblem(t.db)).toMatch(/데모 계정: staff 계정/);
  });
});
