import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../app.ts';
import { call } from '../board.test-helper.ts';

let t: TestDb;
const api = createApiApp();

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('GET /page/scripts', () => {
  it('is an empty list by default', async () => {
    const res = await call(api, '/shop-api/page/scripts?pageTypes=MAIN,COMMON_HEAD');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(await (await call(api, '/shop-api/page/scripts')).json()).toEqual([]);
  });

  it('answers the configured scripts of the asked page types', async () => {
    await t.db.execute({
      sql: `INSERT INTO page_scripts (page_type, device_type, content, used, updated_at) VALUES
              ('COMMON_HEAD', 'PC', '<!-- analytics -->', 1, ?), ('MAIN', 'MOBILE', '<!-- main -->', 1, ?),
              ('CART', 'PC', '<!-- off -->', 0, ?)`,
      args: ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    });
    const body = await (await call(api, '/shop-api/page/scripts?pageTypes=common_head,CART')).json();
    expect(body).toEqual([
      {
        pageType: 'COMMON_HEAD',
        pageTypeLabel: '공통 상단',
        deviceType: 'PC',
        content: '<!-- analytics -->',
      },
    ]);
    expect(await (await call(api, '/shop-api/page/scripts')).json()).toHaveLength(2);
    expect((await call(api, '/shop-api/page/scripts?pageTypes=%3Cscript%3E')).status).toBe(400);
  });
});

describe('GET /terms/history', () => {
  it('lists every version of a type, newest first, with its status label', async () => {
    const res = await call(api, '/shop-api/terms/history?termsType=USE');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((v: { enforcementDate: string }) => v.enforcementDate)).toEqual([
      '2025-03-01',
      '2024-01-01',
    ]);
    expect(body.map((v: { termsEnforcementStatusLabel: string }) => v.termsEnforcementStatusLabel)).toEqual([
      '시행 중',
      '이전 약관',
    ]);
    expect(body[0]).toMatchObject({ termsNo: 2, title: '이용약관' });
    expect(await (await call(api, '/shop-api/terms/history?termsType=NO_SUCH_TYPE')).json()).toEqual([]);
    expect((await call(api, '/shop-api/terms/history')).status).toBe(400);
    // /terms itself still answers beside it
    expect((await call(api, '/shop-api/terms?termsTypes=USE')).status).toBe(200);
  });
});
