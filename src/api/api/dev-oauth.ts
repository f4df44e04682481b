import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { SOCIAL_PROVIDER_LABELS } from '../../lib/social-providers.ts';
import { Email, MobileNo, birthdayProblem } from '../../lib/validation.ts';
import { createDevGrant, devOAuthAllowed, devProviderUserId } from '../../server/adapters/oauth/index.ts';
import {
  isSocialProvider,
  type SocialProfile,
  type SocialProvider,
} from '../../server/adapters/oauth/index.ts';
import { db } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import { resolveCallback } from '../../server/social/index.ts';

/**
 * `/dev-oauth`: the built-in `dev` social login provider's consent page, playing Naver or Kakao
 * in demo mode (404 in live mode). The form submits with GET to `/decide` so that it
 * needs no CSRF exemption; `/decide` redirects back to the shop's callback with `code` and
 * `state` (or `error=access_denied`), like the real providers.
 */

/** The form's prefilled profile: the same every time, so tests can rely on it. */
const DEV_DEFAULT_PROFILES: Record<SocialProvider, { name: string; email: string; mobile: string }> = {
  naver: { name: '김네이버', email: 'naver.tester@example.com', mobile: '01055550001' },
  kakao: { name: '이카카오', email: 'kakao.tester@example.com', mobile: '01055550002' },
};

interface AuthorizeRequest {
  provider: SocialProvider;
  redirectUri: string;
  state: string;
  codeChallenge: string | null;
}

interface FormValues {
  userId: string;
  name: string;
  email: string;
  mobile: string;
  birthday: string;
  sex: string;
}

/** Checks what a real provider would check before showing its consent page. */
function readRequest(c: Context): AuthorizeRequest | string {
  const q = (k: string) => c.req.query(k) ?? '';
  const provider = q('provider');
  if (!isSocialProvider(provider)) return '알 수 없는 간편 로그인 제공자입니다.';
  if (q('response_type') && q('response_type') !== 'code') return 'response_type은 code여야 합니다.';
  let redirectUri: string;
  try {
    redirectUri = resolveCallback(q('redirect_uri'), env().PUBLIC_BASE_URL).absolute;
  } catch {
    return '등록되지 않은 redirect_uri입니다.';
  }
  if (redirectUri !== q('redirect_uri')) return '등록되지 않은 redirect_uri입니다.';
  const state = q('state');
  if (!state || state.length > 200) return 'state가 없습니다.';
  const codeChallenge = q('code_challenge') || null;
  if (provider === 'kakao' && (!codeChallenge || q('code_challenge_method') !== 'S256')) {
    return 'PKCE(code_challenge, S256)가 필요합니다.';
  }
  return { provider, redirectUri, state, codeChallenge };
}

const page = (title: string, body: unknown) =>
  html`<!doctype html>
    <html lang="ko">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body {
            margin: 0;
            background: #f5f6f7;
            color: #1e1e23;
            font:
              16px/1.5 system-ui,
              'Noto Sans KR',
              sans-serif;
          }
          main {
            max-width: 26rem;
            margin: 2.5rem auto;
            padding: 1.5rem;
            background: #fff;
            border-radius: 0.75rem;
          }
          h1 {
            font-size: 1.375rem;
            margin: 0.5rem 0 0.25rem;
          }
          .note {
            background: #fff4d6;
            padding: 0.5rem 0.75rem;
            border-radius: 0.5rem;
            font-size: 0.875rem;
          }
          .naver {
            color: #03a94d;
          }
          .kakao {
            color: #3c1e1e;
            background: #fee500;
            padding: 0 0.25rem;
          }
          fieldset {
            border: 0;
            padding: 0;
            margin: 1rem 0 0;
          }
          legend {
            font-weight: 700;
          }
          label {
            display: block;
            font-weight: 600;
            margin-top: 0.875rem;
          }
          input,
          select {
            width: 100%;
            box-sizing: border-box;
            padding: 0.625rem;
            font: inherit;
            border: 1px solid #8a8f98;
            border-radius: 0.375rem;
          }
          .hint {
            margin: 0.25rem 0 0;
            font-size: 0.8125rem;
            color: #555;
          }
          [role='alert'] {
            color: #b3261e;
            font-weight: 600;
          }
          .actions {
            display: flex;
            gap: 0.5rem;
            margin-top: 1.5rem;
          }
          button {
            flex: 1;
            padding: 0.75rem;
            font: inherit;
            font-weight: 700;
            border-radius: 0.375rem;
            border: 1px solid #8a8f98;
            background: #fff;
            cursor: pointer;
          }
          button.agree {
            background: #1e1e23;
            color: #fff;
            border-color: #1e1e23;
          }
          :focus-visible {
            outline: 3px solid #1a73e8;
            outline-offset: 2px;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;

function consentPage(req: AuthorizeRequest, values: FormValues, error?: string) {
  const label = SOCIAL_PROVIDER_LABELS[req.provider];
  const field = (id: string, name: keyof FormValues, text: string, type: string, extra: unknown = '') =>
    html` <label for="${id}">${text}</label>
      <input
        id="${id}"
        name="${name === 'userId' ? 'user_id' : name}"
        type="${type}"
        value="${values[name]}"
        ${extra}
      />`;
  return page(
    `${label} 로그인 (개발용) - ${env().BRAND_NAME}`,
    html`<p class="note" role="note">
        개발용 화면입니다. 실제 ${label}에는 연결되지 않고, 아래 정보로 로그인한 것처럼 처리합니다.
      </p>
      <h1><span class="${req.provider}">${label}</span> 로그인</h1>
      <p>${env().BRAND_NAME}에서 아래 정보 제공에 대한 동의를 요청합니다.</p>
      ${error ? html`<p role="alert" id="dev-oauth-error">${error}</p>` : ''}
      <form
        method="get"
        action="/api/dev-oauth/decide"
        ${error ? html`aria-describedby="dev-oauth-error"` : ''}
      >
        <input type="hidden" name="provider" value="${req.provider}" />
        <input type="hidden" name="redirect_uri" value="${req.redirectUri}" />
        <input type="hidden" name="state" value="${req.state}" />
        ${
          req.codeChallenge
            ? html`<input type="hidden" name="code_challenge" value="${req.codeChallenge}" />
                <input type="hidden" name="code_challenge_method" value="S256" />`
            : ''
        }
        <fieldset>
          <legend>제공할 정보</legend>
          ${field('dev-oauth-user-id', 'userId', `${label} 사용자 ID`, 'text', html`aria-describedby="dev-oauth-user-id-hint" autocomplete="off"`)}
          <p class="hint" id="dev-oauth-user-id-hint">
            비워 두면 이메일(없으면 휴대폰 번호)로 정해집니다. 같은 값이면 같은 사람입니다.
          </p>
          ${field('dev-oauth-name', 'name', '이름', 'text', html`autocomplete="name"`)}
          ${field('dev-oauth-email', 'email', '이메일', 'email', html`autocomplete="email"`)}
          ${field('dev-oauth-mobile', 'mobile', '휴대폰 번호', 'tel', html`autocomplete="tel" inputmode="numeric"`)}
          ${field('dev-oauth-birthday', 'birthday', '생년월일 (선택, 예: 19900101)', 'text', html`inputmode="numeric" maxlength="8"`)}
          <label for="dev-oauth-sex">성별 (선택)</label>
          <select id="dev-oauth-sex" name="sex">
            <option value="" ${values.sex === '' ? 'selected' : ''}>선택 안 함</option>
            <option value="M" ${values.sex === 'M' ? 'selected' : ''}>남성</option>
            <option value="F" ${values.sex === 'F' ? 'selected' : ''}>여성</option>
          </select>
        </fieldset>
        <div class="actions">
          <button type="submit" class="agree" name="decision" value="agree">동의하고 계속하기</button>
          <button type="submit" name="decision" value="cancel" formnovalidate>취소</button>
        </div>
      </form>`,
  );
}

function errorPage(c: Context, status: 400 | 404, message: string) {
  return c.html(
    page(
      status === 404 ? '페이지를 찾을 수 없습니다' : '잘못된 요청',
      html`<h1>${status === 404 ? '요청하신 페이지를 찾을 수 없습니다' : '잘못된 로그인 요청입니다'}</h1>
        <p>${message}</p>
        <p><a href="/">홈으로</a></p>`,
    ),
    status,
  );
}

/** The consented profile, normalised like a provider's, or why the form is not acceptable. */
function readProfile(provider: SocialProvider, v: FormValues): SocialProfile | string {
  const email = v.email ? Email.safeParse(v.email) : null;
  if (email && !email.success) return '이메일 형식이 올바르지 않습니다.';
  const mobile = v.mobile ? MobileNo.safeParse(v.mobile) : null;
  if (mobile && !mobile.success) return '휴대폰 번호를 10자리 이상 숫자로 입력해 주세요.';
  if (v.birthday && birthdayProblem(v.birthday)) return birthdayProblem(v.birthday) ?? '';
  const emailValue = email?.success ? email.data : null;
  const mobileValue = mobile?.success ? mobile.data : null;
  const seed = v.userId.trim() ? null : (emailValue ?? mobileValue ?? v.name.trim());
  if (seed === '') return '사용자 ID, 이메일, 휴대폰 번호 중 하나는 입력해 주세요.';
  return {
    providerUserId: seed === null ? v.userId.trim().slice(0, 100) : devProviderUserId(provider, seed),
    email: emailValue,
    name: v.name.trim() || null,
    mobileNo: mobileValue,
    birthday: v.birthday || null,
    sex: v.sex === 'M' || v.sex === 'F' ? v.sex : null,
  };
}

export const devOAuthRoutes = new Hono()
  .use(async (c, next) => {
    if (!devOAuthAllowed())
      return errorPage(c, 404, '주소가 잘못 입력되었거나 페이지가 삭제되었을 수 있습니다.');
    c.header('Cache-Control', 'no-store');
    c.header('X-Frame-Options', 'DENY');
    await next();
  })
  .get('/authorize', (c) => {
    const req = readRequest(c);
    if (typeof req === 'string') return errorPage(c, 400, req);
    const d = DEV_DEFAULT_PROFILES[req.provider];
    return c.html(
      consentPage(req, { userId: '', name: d.name, email: d.email, mobile: d.mobile, birthday: '', sex: '' }),
    );
  })
  .get('/decide', async (c) => {
    const req = readRequest(c);
    if (typeof req === 'string') return errorPage(c, 400, req);
    const back = new URL(req.redirectUri);
    back.searchParams.set('state', req.state);
    if (c.req.query('decision') !== 'agree') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'Canceled By User');
      return c.redirect(back.toString(), 302);
    }
    const q = (k: string) => (c.req.query(k) ?? '').slice(0, 200);
    const values: FormValues = {
      userId: q('user_id'),
      name: q('name'),
      email: q('email'),
      mobile: q('mobile'),
      birthday: q('birthday').trim(),
      sex: q('sex'),
    };
    const profile = readProfile(req.provider, values);
    if (typeof profile === 'string') return c.html(consentPage(req, values, profile), 400);
    const code = await createDevGrant(await db(), {
      provider: req.provider,
      profile,
      redirectUri: req.redirectUri,
      codeChallenge: req.codeChallenge,
    });
    back.searchParams.set('code', code);
    return c.redirect(back.toString(), 302);
  });
