import { josa } from 'es-hangul';
import { oauthProvider, type SocialProvider } from '../../adapters/oauth/index.ts';
import type { Db } from '../../db/client.ts';
import { completeAtProvider, startSocialLogin } from '../../social/index.ts';
import { maskName, sha256Hex } from '../../verification/index.ts';
import type { CheckReport } from '../types.ts';
import { runSteps, type StepDef } from '../run-steps.ts';

/**
 * /test/sns-login (Naver) and /test/kakao-login (Kakao): a social login round trip through the
 * configured OAuth adapter, in two runs. The first stores a state (bound to the administrator's
 * session) and gives the provider's login address; the provider sends the browser back to the same
 * page with a code, and the second run trades it for the provider's profile — shown masked — and
 * signs nobody in. In a demo the built-in dev consent page plays the provider.
 */

export const SOCIAL_CHECK_PAGES: Record<SocialProvider, string> = {
  naver: '/test/sns-login',
  kakao: '/test/kakao-login',
};

const NAMES: Record<SocialProvider, string> = { naver: '네이버', kakao: '카카오' };

const SETTINGS: Record<SocialProvider, string[]> = {
  naver: ['NAVER_CLIENT_ID', 'NAVER_CLIENT_SECRET'],
  kakao: ['KAKAO_CLIENT_ID', 'KAKAO_CLIENT_SECRET (카카오 앱에서 켠 경우)'],
};

export function socialAdapterLabel(provider: SocialProvider): string {
  const adapter = oauthProvider(provider);
  if (!adapter) return `${NAMES[provider]} 로그인 설정 없음`;
  return adapter.kind === 'dev'
    ? `내장 개발용 동의 화면 (${SETTINGS[provider][0]} 없음)`
    : `${NAMES[provider]} OAuth (${SETTINGS[provider][0]} 설정됨)`;
}

export function socialNotConfigured(provider: SocialProvider): CheckReport['notConfigured'] {
  if (oauthProvider(provider)) return undefined;
  return {
    message: `${NAMES[provider]} 로그인이 설정되어 있지 않습니다. 운영 모드에서는 내장 동의 화면을 쓸 수 없습니다.`,
    settings: [
      ...SETTINGS[provider],
      `${NAMES[provider]} 개발자 센터에 돌아올 주소 등록: PUBLIC_BASE_URL${SOCIAL_CHECK_PAGES[provider]}`,
    ],
  };
}

interface SocialCtx {
  db: Db;
  provider: SocialProvider;
  bindingHash: string;
  code: string;
  state: string;
  loginUrl: string | null;
}

const START: readonly StepDef<SocialCtx>[] = [
  {
    label: '로그인 주소 만들기',
    async run(ctx) {
      const { loginUrl } = await startSocialLogin(ctx.db, {
        provider: ctx.provider,
        redirectUri: SOCIAL_CHECK_PAGES[ctx.provider],
        memberNo: null,
        bindingHash: ctx.bindingHash,
      });
      ctx.loginUrl = loginUrl;
      return `state를 저장하고 ${NAMES[ctx.provider]} 로그인 주소를 받았습니다. 아래 링크로 로그인 창을 열어 동의하면 이 페이지로 돌아옵니다.`;
    },
  },
];

const COMPLETE: readonly StepDef<SocialCtx>[] = [
  {
    label: '돌아온 코드로 회원 정보 받기',
    async run(ctx) {
      const { profile } = await completeAtProvider(ctx.db, 'login', {
        provider: ctx.provider,
        code: ctx.code,
        state: ctx.state,
        redirectUri: SOCIAL_CHECK_PAGES[ctx.provider],
        bindingHash: ctx.bindingHash,
      });
      const has = (v: string | null) => (v ? '있음' : '없음');
      const name = profile.name ? maskName(profile.name) : '없음';
      return `state가 맞고 ${josa(NAMES[ctx.provider], '이/가')} 회원 정보를 보냈습니다: 이름 ${name}, 이메일 ${has(profile.email)}, 휴대폰 ${has(profile.mobileNo)}, 생일 ${has(profile.birthday)}. 이 점검은 아무도 로그인시키지 않습니다.`;
    },
  },
];

export async function runSocialCheck(
  db: Db,
  provider: SocialProvider,
  sessionKey: string,
  input: { code?: string | undefined; state?: string | undefined },
) {
  const ctx: SocialCtx = {
    db,
    provider,
    bindingHash: sha256Hex(`integration-check:${sessionKey}`),
    code: input.code ?? '',
    state: input.state ?? '',
    loginUrl: null,
  };
  const steps = await runSteps(ctx, ctx.code && ctx.state ? COMPLETE : START);
  const links = ctx.loginUrl
    ? [{ label: `${NAMES[provider]} 로그인 창 열기`, href: ctx.loginUrl }]
    : undefined;
  return { steps, links };
}
