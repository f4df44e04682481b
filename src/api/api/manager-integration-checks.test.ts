import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import {
  usePaymentProviderForTests,
  type PaymentProviderAdapter,
} from '../../server/adapters/payment/index.ts';
import { createSandboxAdapter } from '../../server/adapters/payment/sandbox.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from '../../server/adapters/payment/config.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createLocalStorage } from '../../server/storage/local.ts';

let t: TestDb;
let admin: Client;

beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  useStorageForTests(createLocalStorage({ dir: t.dir, bucket: 'podo-uploads' }));
  admin = new Client();
  expect((await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
});
afterEach(() => {
  useStorageForTests(undefined);
  usePaymentProviderForTests('sandbox', undefined);
  usePaymentProviderForTests('portone', undefined);
  usePaymentConfigForTests(undefined);
  t.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
const json = async (res: Response): Promise<any> => res.json();
const run = (who: Client, checkId: string, body: Record<string, unknown> = {}) =>
  who.call(`/api/manager/integration-checks/${checkId}`, { body });

describe('POST /api/manager/integration-checks/{checkId}', () => {
  it('is 401 for visitors and 403 for members and staff', async () => {
    expect((await run(new Client(), 's3')).status).toBe(401);
    const member = new Client();
    await member.joinAndLogin();
    expect((await run(member, 's3')).status).toBe(403);
    const staff = new Client();
    await staff.login(DEMO_ACCOUNTS.staff.memberId, DEMO_ACCOUNTS.staff.password);
    expect((await run(staff, 'card-pay')).status).toBe(403);
    const payments = await t.db.execute('SELECT COUNT(*) AS n FROM sandbox_payments');
    expect(payments.rows[0]?.n).toBe(0);
  });

  it('refuses a cross-site request (CSRF), an unknown check and an unknown field', async () => {
    const cross = await admin.call('/api/manager/integration-checks/s3', {
      body: {},
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    const unknown = await run(admin, 'fax');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe('연동 점검을 찾을 수 없습니다.');
    expect((await run(admin, 's3', { password: 'x' })).status).toBe(400);
  });

  it('runs the storage check for an administrator: every step ok, and the run is an audit line', async () => {
    const res = await run(admin, 's3');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const report = await json(res);
    expect(report).toMatchObject({ checkId: 's3', title: '파일 저장소', ok: true });
    expect(report.adapter).toContain('STORAGE_DRIVER=local');
    expect(report.steps.map((s: { status: string }) => s.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const lines = await json(await admin.call('/api/manager/audit?area=integration'));
    expect(lines.items[0]).toMatchObject({
      action: 'integration.run',
      targetId: 's3',
      summary: '연동 점검 ‘파일 저장소’ 실행: 모두 정상',
      actorName: expect.any(String),
    });
  });

  it('runs the card payment check through the sandbox and leaves the payment cancelled', async () => {
    const report = await json(await run(admin, 'card-pay'));
    expect(report.ok).toBe(true);
    expect(report.adapter).toBe('내장 샌드박스 결제 (PAYMENT_PROVIDER=sandbox)');
    expect(report.steps.map((s: { label: string }) => s.label)).toEqual([
      '결제 예약',
      '구매자 승인',
      '결제사에서 조회',
      '결제 취소',
      '취소 확인',
    ]);
    const rs = await t.db.execute('SELECT status FROM sandbox_payments');
    expect(rs.rows.map((r) => r.status)).toEqual(['CANCELLED']);
  });

  it('answers the failed step when the payment adapter fails, and audits the failure', async () => {
    const sandbox = createSandboxAdapter(loadPaymentConfig({}), () => Promise.resolve(t.db));
    const broken: PaymentProviderAdapter = {
      ...sandbox,
      getPayment: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:443');
      },
    };
    usePaymentProviderForTests('sandbox', broken);
    const report = await json(await run(admin, 'card-pay'));
    expect(report.ok).toBe(false);
    expect(report.steps.map((s: { status: string }) => s.status)).toEqual([
      'ok',
      'ok',
      'failed',
      'ok',
      'skipped',
    ]);
    expect(report.steps[2].detail).toBe('오류: connect ECONNREFUSED 127.0.0.1:443');
    const lines = await json(await admin.call('/api/manager/audit?area=integration'));
    expect(lines.items[0].summary).toBe('연동 점검 ‘카드 결제’ 실행: 실패 (결제사에서 조회)');
  });

  it('reads a product by its address, and says so when there is none', async () => {
    const found = await json(await run(admin, 'product', { slug: 'washer-pad' }));
    expect(found.ok).toBe(true);
    expect(found.steps[1].detail).toBe(
      '진동 방지 세탁기 패드를 읽었습니다: 18,000원, 옵션 1개, 재고 10개 (주소 /product/washer-pad).',
    );
    const missing = await json(await run(admin, 'product', { slug: 'no-such-thing' }));
    expect(missing.ok).toBe(false);
    expect(missing.steps[1].detail).toBe('주소 no-such-thing의 상품이 카탈로그에 없습니다.');
  });

  it("Naver Pay on a product: reads it and pays its price through the sandbox's Naver Pay", async () => {
    const report = await json(await run(admin, 'naverpay-product', { slug: 'washer-pad' }));
    expect(report.ok).toBe(true);
    expect(report.steps).toHaveLength(7);
    expect(report.steps[2].detail).toContain('네이버페이 18,000원 결제를 예약했습니다');
  });

  it('on PortOne without a Naver Pay channel says Naver Pay is not configured and names the settings', async () => {
    const portoneEnv = {
      PAYMENT_PROVIDER: 'portone',
      PORTONE_API_SECRET: 'secret',
      PORTONE_STORE_ID: 'store-1',
      PORTONE_WEBHOOK_SECRET: 'whsec_x',
      PORTONE_CHANNEL_KEY_CARD: 'channel-card',
    };
    usePaymentConfigForTests(loadPaymentConfig(portoneEnv));
    // a provider that answers like PortOne, backed by the sandbox's table
    const sandbox = createSandboxAdapter(loadPaymentConfig({}), () => Promise.resolve(t.db));
    usePaymentProviderForTests('portone', { ...sandbox, name: 'portone' });
    for (const checkId of ['naverpay', 'naverpay-button', 'naverpay-product']) {
      const report = await json(await run(admin, checkId, { slug: 'washer-pad' }));
      expect(report.ok).toBe(false);
      expect(report.steps).toEqual([
        expect.objectContaining({ label: '네이버페이 채널 확인', status: 'failed' }),
      ]);
      expect(report.notConfigured.settings).toEqual([
        'PAYMENT_PROVIDER=portone',
        expect.stringContaining('PORTONE_CHANNEL_KEY_NAVER_PAY'),
      ]);
    }
    // a card payment on a real provider: the buyer's approval is skipped, said why
    const card = await json(await run(admin, 'card-pay'));
    expect(card.adapter).toBe('포트원 V2 (PAYMENT_PROVIDER=portone)');
    expect(card.steps.map((s: { status: string }) => s.status)).toEqual(['ok', 'skipped', 'ok', 'ok', 'ok']);
    expect(card.ok).toBe(true);
  });
});
