import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { Client, consent } from '../../../../tests/fixtures/members.ts';
import { useOAuthProviderForTests } from '../../adapters/oauth/index.ts';
import { runSocialCheck, socialAdapterLabel, socialNotConfigured } from './social.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  useOAuthProviderForTests('naver', undefined);
  useOAuthProviderForTests('kakao', undefined);
  t.close();
});

async function roundTrip(provider: 'naver' | 'kakao', page: string) {
  const start = await runSocialCheck(t.db, provider, 'admin-session', {});
  expect(start.steps.map((s) => [s.label, s.status])).toEqual([['로그인 주소 만들기', 'ok']]);
  const loginUrl = new URL(start.links![0]!.href);
  const back = await consent(new Client(), loginUrl, { name: '홍길동', email: 'hong@example.com' });
  expect(back.pathname).toBe(page);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('the social login checks (/test/sns-login, /test/kakao-login) on the dev consent page', () => {
  it('Naver: starts, comes back to its page with a code, and reads the profile (masked), signing nobody in', async () => {
    expect(socialAdapterLabel('naver')).toBe('내장 개발용 동의 화면 (NAVER_CLIENT_ID 없음)');
    const back = await roundTrip('naver', '/test/sns-login');
    const done = await runSocialCheck(t.db, 'naver', 'admin-session', back);
    expect(done.steps.map((s) => s.status)).toEqual(['ok']);
    expect(done.steps[0]?.detail).toContain('네이버가 회원 정보를 보냈습니다: 이름 홍*동, 이메일 있음');
    const sessions = await t.db.execute('SELECT COUNT(*) AS n FROM sessions');
    expect(sessions.rows[0]?.n).toBe(0);
  });

  it('Kakao (with PKCE) makes the same round trip', async () => {
    const back = await roundTrip('kakao', '/test/kakao-login');
    const done = await runSocialCheck(t.db, 'kakao', 'admin-session', back);
    expect(done.steps.map((s) => s.status)).toEqual(['ok']);
  });

  it('shows the failed step when the code comes back to another session (the state is bound to it)', async () => {
    const back = await roundTrip('naver', '/test/sns-login');
    const done = await runSocialCheck(t.db, 'naver', 'someone-else', back);
    expect(done.steps.map((s) => s.status)).toEqual(['failed']);
    expect(done.steps[0]?.detail).toMatch(/[가-힣]/);
  });

  it('says what to set when the provider is not configured', () => {
    useOAuthProviderForTests('kakao', null);
    expect(socialNotConfigured('kakao')?.settings).toEqual([
      'KAKAO_CLIENT_ID',
      'KAKAO_CLIENT_SECRET (카카오 앱에서 켠 경우)',
      '카카오 개발자 센터에 돌아올 주소 등록: PUBLIC_BASE_URL/test/kakao-login',
    ]);
    expect(socialNotConfigured('naver')).toBeUndefined();
  });
});
