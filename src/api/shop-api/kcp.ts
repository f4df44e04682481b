import { josa } from 'es-hangul';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sameSitePath } from '../../lib/redirect.ts';
import { escapeHtml } from '../../server/content/sanitize.ts';
import { registeredApiClients } from '../../server/api-client/index.ts';
import { env } from '../../server/platform/env.ts';
import { appError } from '../../server/platform/errors.ts';
import { validate } from '../middleware/validate.ts';

/**
 * `GET /kcp/id-verification/form?returnUrl` (spec, Member): Shopby answers the page of its
 * identity-verification provider (KCP), which a skin opens in a window and which comes back to
 * `returnUrl?key=…`. Podo has no KCP contract: its verification module checks a phone number with
 * an SMS code (`/authentications`, SMS_PROVIDER `outbox` — the built-in adapter). So the answer is
 * the built-in provider's own page, which says so and offers the way back to `returnUrl` with no
 * key, which a skin reads as a verification not done. No identity is ever made up here.
 */

const ReturnQuery = z.object({
  returnUrl: z
    .string({ error: '돌아갈 주소(returnUrl)를 보내 주세요.' })
    .trim()
    .min(1, { error: '돌아갈 주소(returnUrl)를 보내 주세요.' })
    .max(2000, { error: '돌아갈 주소(returnUrl)가 너무 깁니다.' }),
});

/** Origins a verification window may go back to: this site's and the registered storefronts'. */
function allowedOrigins(c: Context): Set<string> {
  const origins = new Set([new URL(c.req.url).origin, new URL(env().PUBLIC_BASE_URL).origin]);
  for (const client of registeredApiClients()) for (const origin of client.origins) origins.add(origin);
  return origins;
}

/** The address to go back to: a path on this site, or an address on an allowed origin; else null. */
export function returnAddress(c: Context, returnUrl: string): string | null {
  if (returnUrl.startsWith('/')) return sameSitePath(returnUrl);
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return allowedOrigins(c).has(url.origin) ? url.href : null;
}

/** The SMS providers' names as the page says them. */
const PROVIDER_NAMES: Record<string, string> = { outbox: '휴대폰 인증번호(문자) — 데모 문자함' };

function page(brand: string, back: string, provider: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>본인확인 | ${escapeHtml(brand)}</title>
</head>
<body>
<main>
<h1>본인확인</h1>
<p>${escapeHtml(josa(brand, '은/는'))} KCP 휴대폰 본인확인을 연결하지 않았습니다. 이 창에서는 본인확인을 할 수 없습니다.</p>
<p>이 쇼핑몰의 본인확인 방식: ${escapeHtml(provider)}. 회원가입이나 정보 변경 화면에서 휴대폰 번호로 인증번호를 받아 입력해 주세요.</p>
<p><a href="${escapeHtml(back)}">돌아가기</a></p>
</main>
</body>
</html>
`;
}

export const kcpRoutes = new Hono().get('/id-verification/form', validate('query', ReturnQuery), (c) => {
  const back = returnAddress(c, c.req.valid('query').returnUrl);
  if (!back) {
    throw appError(
      'INVALID_INPUT',
      '돌아갈 주소(returnUrl)는 이 쇼핑몰이나 등록된 스토어프런트의 주소여야 합니다.',
    );
  }
  const e = env();
  c.header('Cache-Control', 'no-store');
  c.header('X-Verification-Provider', e.SMS_PROVIDER);
  return c.html(page(e.BRAND_NAME, back, PROVIDER_NAMES[e.SMS_PROVIDER] ?? e.SMS_PROVIDER));
});
