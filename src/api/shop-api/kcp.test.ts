import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';

/**
 * `GET /kcp/id-verification/form` (spec, Member): Podo has no KCP; the built-in provider's page says
 * so honestly and leads back to the storefront's returnUrl without a key.
 */

const SKIN = 'https://skin.example.com';
const HEADERS = { Version: '1.0', clientId: 'skin-a', platform: 'PC' };
const previous = process.env.API_CLIENTS;

beforeAll(() => {
  process.env.API_CLIENTS = JSON.stringify([{ clientId: 'skin-a', origins: [SKIN] }]);
  resetEnvForTests();
});
afterAll(() => {
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

const form = (returnUrl?: string) =>
  createApiApp().request(
    `http://localhost/shop-api/kcp/id-verification/form${returnUrl === undefined ? '' : `?returnUrl=${encodeURIComponent(returnUrl)}`}`,
    { headers: HEADERS },
  );

describe('GET /kcp/id-verification/form', () => {
  it("answers the built-in provider's page, which says KCP is not connected and leads back", async () => {
    const cases: [string, string][] = [
      [`${SKIN}/member/join?step=2`, `${SKIN}/member/join?step=2`],
      ['/join?from=kcp', '/join?from=kcp'],
      ['http://localhost/mypage', 'http://localhost/mypage'],
    ];
    for (const [returnUrl, href] of cases) {
      const res = await form(returnUrl);
      expect(res.status, returnUrl).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Verification-Provider')).toBe('outbox');
      const html = await res.text();
      expect(html).toContain('<html lang="ko">');
      expect(html).toContain('KCP 휴대폰 본인확인을 연결하지 않았습니다');
      expect(html).toContain('휴대폰 인증번호(문자)');
      expect(html).toContain(`<a href="${href.replaceAll('&', '&amp;')}">돌아가기</a>`);
      // the way back carries no verification key: nothing was verified
      expect(html).not.toMatch(/key=/);
    }
  });

  it('refuses a missing returnUrl, another site, or a script address with a Korean 400', async () => {
    for (const returnUrl of [
      undefined,
      '',
      'https://evil.example/cb',
      'javascript:alert(1)',
      '//evil.example/x',
    ]) {
      const res = await form(returnUrl);
      expect(res.status, String(returnUrl)).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('INVALID_INPUT');
      expect(body.message).toMatch(/돌아갈 주소\(returnUrl\)/);
    }
  });
});
