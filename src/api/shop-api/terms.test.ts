import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { termsHistory } from '../../server/member/terms.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

describe('GET /shop-api/terms', () => {
  it('answers the version in force per type, keyed by lower-case type, with the brand filled in', async () => {
    const res = await new Client().call(
      '/shop-api/terms?termsTypes=USE,PI_COLLECTION_AND_USE_REQUIRED,NO_SUCH_TYPE',
    );
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(Object.keys(json)).toEqual(['use', 'pi_collection_and_use_required', 'no_such_type']);
    expect(json.use).toMatchObject({
      termsNo: 2,
      enforcementDate: '2025-03-01',
      used: true,
      required: true,
      title: '이용약관',
    });
    expect(json.use.contents).toContain('# 포도 이용약관');
    expect(json.use.contents).not.toContain('{{brandName}}');
    expect(json.pi_collection_and_use_required).toMatchObject({ termsNo: 4, used: true, required: true });
    // the brand's particle is chosen for the brand's name, never left as 은(는)
    expect(json.pi_collection_and_use_required.contents).toContain('포도는 회원가입과 서비스 제공을 위해');
    expect(json.pi_collection_and_use_required.contents).not.toContain('(는)');
    expect(json.no_such_type).toEqual({
      termsNo: null,
      title: '',
      contents: '',
      enforcementDate: '',
      used: false,
      required: false,
    });
  });

  it('serves the earlier version before the new one takes effect (Seoul date)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-02-28T14:59:00Z')); // 23:59 in Seoul
    expect((await (await new Client().call('/shop-api/terms?termsTypes=USE')).json()).use.termsNo).toBe(1);
    vi.setSystemTime(new Date('2025-02-28T15:00:00Z')); // midnight in Seoul
    expect((await (await new Client().call('/shop-api/terms?termsTypes=USE')).json()).use.termsNo).toBe(2);
  });

  it('needs termsTypes', async () => {
    const res = await new Client().call('/shop-api/terms');
    expect(res.status).toBe(400);
    expect((await new Client().call('/shop-api/terms?termsTypes=use;drop')).status).toBe(400);
  });

  it('keeps every version for the history', async () => {
    const history = await termsHistory(t.db, 'USE', new Date('2025-06-01T00:00:00Z'));
    expect(history.map((h) => [h.termsNo, h.termsEnforcementStatusLabel])).toEqual([
      [2, '시행 중'],
      [1, '이전 약관'],
    ]);
  });
});
