import {
  activePaymentProvider,
  decideSandboxPayment,
  paymentConfig,
  type PayType,
} from '../adapters/payment/index.ts';
import { env } from '../platform/env.ts';
import { storage } from '../storage/index.ts';
import { naverPayNotConfigured, notConfiguredStep, runNaverPayButtonCheck } from './checks/naverpay.ts';
import {
  paymentAdapterLabel,
  runPaymentCheck,
  sandboxApprovalSummary,
  TEST_PAYMENT_AMOUNT,
} from './checks/payment.ts';
import { describeProduct, firstProductSlug, readProduct, type ProductRead } from './checks/product.ts';
import { runStorageCheck, storageAdapterLabel } from './checks/storage.ts';
import { runBoardCheck } from './checks/board.ts';
import { runDampenerCheck } from './checks/dampener.ts';
import { runLoginCheck, runUserCheck, runUserUpdateCheck } from './checks/member.ts';
import { runCouponCheck, runPointsCheck, TEST_POINTS } from './checks/promotion.ts';
import { runSocialCheck, socialAdapterLabel, socialNotConfigured } from './checks/social.ts';
import { TEST_MEMBER_ID, TEST_MEMBER_NAME } from './checks/test-member.ts';
import { runVerificationCheck } from './checks/verification.ts';
import { sms } from '../adapters/sms/index.ts';
import type { SocialProvider } from '../adapters/oauth/index.ts';
import type { CheckEnv, CheckInput, CheckRun, IntegrationCheck } from './registry.ts';
import { runSteps } from './run-steps.ts';
import type { CheckStep } from './types.ts';

/** The payment check with the configured adapter; the sandbox's approval is played in-process. */
async function paymentSteps(e: CheckEnv, payType: PayType, orderName: string, amount: number) {
  const adapter = activePaymentProvider();
  const config = paymentConfig();
  const approve =
    adapter.name === 'sandbox'
      ? async (paymentId: string) => {
          const p = await decideSandboxPayment(e.db, paymentId, 'approve', { config });
          return sandboxApprovalSummary(p?.status ?? null);
        }
      : null;
  return runPaymentCheck({ adapter, payType, amount, orderName, approve, baseUrl: e.baseUrl });
}

const paymentAdapter = () => paymentAdapterLabel(activePaymentProvider());

/** Naver Pay's settings problem, or null when the configured adapter can take Naver Pay. */
const naverPayProblem = () =>
  naverPayNotConfigured(activePaymentProvider(), paymentConfig().portone?.channelKeys.NAVER_EASY_PAY);

function notConfiguredRun(problem: NonNullable<ReturnType<typeof naverPayProblem>>): CheckRun {
  return { adapter: paymentAdapter(), steps: [notConfiguredStep(problem.message)], notConfigured: problem };
}

/** A product read, with the slug given or else the shop's first listed product. */
async function productSteps(e: CheckEnv, input: CheckInput, found: { product: ProductRead | null }) {
  let slug = input.slug?.trim() ?? '';
  return runSteps(found, [
    {
      label: '상품 정하기',
      async run() {
        if (slug) return `입력한 주소 ${slug}의 상품을 읽습니다.`;
        const first = await firstProductSlug(e.db);
        if (!first) throw new Error('카탈로그에 판매 중인 상품이 없습니다.');
        slug = first;
        return `주소를 입력하지 않아 목록의 첫 상품(${first})을 읽습니다.`;
      },
    },
    {
      label: '상품과 옵션 읽기',
      async run(ctx) {
        ctx.product = await readProduct(e.db, slug);
        return describeProduct(ctx.product);
      },
    },
  ]);
}

const skippedAll = (labels: readonly string[], why: string): CheckStep[] =>
  labels.map((label) => ({ label, status: 'skipped', ms: 0, detail: why }));

const SHOP_DB = '이 쇼핑몰의 데이터베이스';

const smsAdapterLabel = () =>
  sms().name === 'outbox'
    ? '내장 발송함: 문자를 보내지 않고 /manager/outbox에 모음 (SMS_PROVIDER=outbox)'
    : `문자 발송 서비스 ${sms().name}`;
const onTestMember = `${TEST_MEMBER_NAME}(아이디 ${TEST_MEMBER_ID})`;

function socialCheck(provider: SocialProvider, id: string, path: string, title: string): IntegrationCheck {
  return {
    id,
    path,
    title,
    description: `${title} 창을 열어 동의하고 돌아와, 제공자가 보낸 회원 정보를 확인합니다. 아무도 로그인시키지 않습니다.`,
    adapter: () => socialAdapterLabel(provider),
    async run(e, input) {
      const notConfigured = socialNotConfigured(provider);
      const adapter = socialAdapterLabel(provider);
      if (notConfigured) {
        const step = {
          label: '로그인 제공자 확인',
          status: 'failed' as const,
          ms: 0,
          detail: notConfigured.message,
        };
        return { adapter, steps: [step], notConfigured };
      }
      return { adapter, ...(await runSocialCheck(e.db, provider, e.sessionKey, input)) };
    },
  };
}

export const INTEGRATION_CHECKS: readonly IntegrationCheck[] = [
  {
    id: 's3',
    path: '/test/s3',
    title: '파일 저장소',
    description: '작은 파일을 올리고, 다시 읽어 같은지 비교한 뒤 지웁니다.',
    adapter: () => storageAdapterLabel(storage()),
    async run() {
      const port = storage();
      return { adapter: storageAdapterLabel(port), steps: await runStorageCheck(port) };
    },
  },
  {
    id: 'card-pay',
    get path() {
      return `/test/${env().BRAND_SLUG}-pay`;
    },
    title: '카드 결제',
    description: `${TEST_PAYMENT_AMOUNT}원 테스트 결제를 예약하고 승인한 뒤 전액 취소합니다. 주문과는 연결되지 않습니다.`,
    adapter: paymentAdapter,
    async run(e) {
      return {
        adapter: paymentAdapter(),
        steps: await paymentSteps(e, 'CREDIT_CARD', '연동 점검 카드 결제', TEST_PAYMENT_AMOUNT),
      };
    },
  },
  {
    id: 'naverpay',
    path: '/test/naverpay',
    title: '네이버페이 결제',
    description: `${TEST_PAYMENT_AMOUNT}원 네이버페이 결제를 예약하고 승인한 뒤 전액 취소합니다.`,
    adapter: paymentAdapter,
    async run(e) {
      const problem = naverPayProblem();
      if (problem) return notConfiguredRun(problem);
      return {
        adapter: paymentAdapter(),
        steps: await paymentSteps(e, 'NAVER_EASY_PAY', '연동 점검 네이버페이 결제', TEST_PAYMENT_AMOUNT),
      };
    },
  },
  {
    id: 'naverpay-button',
    path: '/test/naverpay/button',
    title: '네이버페이 버튼',
    description: '주문서의 네이버페이 버튼이 여는 결제창을 확인하고, 등록한 결제는 취소합니다.',
    adapter: paymentAdapter,
    async run() {
      const problem = naverPayProblem();
      if (problem) return notConfiguredRun(problem);
      return { adapter: paymentAdapter(), steps: await runNaverPayButtonCheck(activePaymentProvider()) };
    },
  },
  {
    id: 'naverpay-product',
    path: '/test/naverpay/product',
    title: '상품 네이버페이 결제',
    description: '상품을 주소로 읽고 그 가격으로 네이버페이 결제를 예약·승인한 뒤 전액 취소합니다.',
    adapter: paymentAdapter,
    async run(e, input) {
      const problem = naverPayProblem();
      if (problem) return notConfiguredRun(problem);
      const found: { product: ProductRead | null } = { product: null };
      const read = await productSteps(e, input, found);
      const product = found.product;
      if (!product) {
        const labels = ['결제 예약', '구매자 승인', '결제사에서 조회', '결제 취소', '취소 확인'];
        return {
          adapter: paymentAdapter(),
          steps: [...read, ...skippedAll(labels, '상품을 읽지 못해 실행하지 않았습니다.')],
        };
      }
      const pay = await paymentSteps(e, 'NAVER_EASY_PAY', product.productName, product.price);
      return { adapter: paymentAdapter(), steps: [...read, ...pay] };
    },
  },
  {
    id: 'product',
    path: '/test/product',
    title: '상품 읽기',
    description: '상품 페이지가 쓰는 카탈로그 읽기 경로로 상품과 옵션, 재고를 읽습니다.',
    adapter: () => '카탈로그 (이 쇼핑몰의 데이터베이스)',
    async run(e, input) {
      return {
        adapter: '카탈로그 (이 쇼핑몰의 데이터베이스)',
        steps: await productSteps(e, input, { product: null }),
      };
    },
  },
  {
    id: 'login',
    path: '/test/login',
    title: '로그인',
    description: `${onTestMember}의 비밀번호를 임의 값으로 바꾸고, 아이디와 비밀번호로 로그인한 뒤 로그아웃합니다.`,
    adapter: () => `로그인 서비스 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `로그인 서비스 (${SHOP_DB})`, steps: await runLoginCheck(e.db) }),
  },
  {
    id: 'user',
    path: '/test/user',
    title: '회원 정보',
    description: `${onTestMember}의 정보(등급, 그룹, 상태)를 회원 서비스로 읽습니다.`,
    adapter: () => `회원 서비스 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `회원 서비스 (${SHOP_DB})`, steps: await runUserCheck(e.db) }),
  },
  {
    id: 'user-update',
    path: '/test/user-update',
    title: '회원 정보 수정',
    description: `${onTestMember}의 이름과 SMS 수신 동의를 바꾸고 다시 읽은 뒤 원래대로 되돌립니다.`,
    adapter: () => `회원 서비스 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `회원 서비스 (${SHOP_DB})`, steps: await runUserUpdateCheck(e.db) }),
  },
  {
    id: 'user-verification',
    path: '/test/user-verification',
    title: '휴대폰 인증',
    description:
      '입력한 휴대폰 번호로 인증번호를 보내고, 받은 번호를 넣어 다시 실행하면 인증 서비스가 확인합니다. 발급된 인증 키는 바로 폐기합니다.',
    adapter: smsAdapterLabel,
    async run(e, input) {
      const steps = await runVerificationCheck(e.db, input);
      const sent = !input.code && steps.at(-1)?.status === 'ok';
      const links =
        sent && sms().name === 'outbox'
          ? [{ label: '발송함에서 인증번호 보기', href: '/manager/outbox?channel=sms' }]
          : undefined;
      return { adapter: smsAdapterLabel(), steps, links };
    },
  },
  {
    id: 'point',
    path: '/test/point',
    title: '적립금',
    description: `${onTestMember}에게 적립금 ${TEST_POINTS}원을 지급하고 다시 차감해, 잔액이 그대로인지 확인합니다. 두 줄 모두 적립금 내역과 작업 기록에 남습니다.`,
    adapter: () => `적립금 원장 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `적립금 원장 (${SHOP_DB})`, steps: await runPointsCheck(e.db) }),
  },
  {
    id: 'coupon',
    path: '/test/coupon',
    title: '쿠폰',
    description: `[연동 점검] 쿠폰을 만들어 ${onTestMember}에게 발급하고, 사용한 뒤 되돌리고, 쿠폰 발급을 중지합니다.`,
    adapter: () => `쿠폰 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `쿠폰 (${SHOP_DB})`, steps: await runCouponCheck(e.db) }),
  },
  {
    id: 'board',
    path: '/test/board',
    title: '게시판',
    description: `오류 신고 게시판(작성자와 관리자만 읽음)에 ${onTestMember}의 글을 쓰고, 다시 읽은 뒤 지웁니다.`,
    adapter: () => `게시판 (${SHOP_DB})`,
    run: async (e) => ({ adapter: `게시판 (${SHOP_DB})`, steps: await runBoardCheck(e.db) }),
  },
  {
    id: 'dampener',
    path: '/test/dampener',
    title: '디자인 저장과 인쇄 파일',
    description: `${onTestMember}의 디자인을 저장하고 앞면의 300 DPI 인쇄 파일을 만들어 보여 준 뒤 디자인을 지웁니다.`,
    adapter: () => `디자인 서비스, 저장소: ${storageAdapterLabel(storage())}`,
    async run(e) {
      const { steps, printUrl } = await runDampenerCheck(e.db, storage());
      return {
        adapter: `디자인 서비스, 저장소: ${storageAdapterLabel(storage())}`,
        steps,
        links: printUrl ? [{ label: '인쇄 파일(PNG) 보기', href: printUrl }] : undefined,
        image: printUrl ? { src: printUrl, alt: '점검으로 만든 앞면 인쇄 파일' } : undefined,
      };
    },
  },
  socialCheck('naver', 'sns-login', '/test/sns-login', '네이버 로그인'),
  socialCheck('kakao', 'kakao-login', '/test/kakao-login', '카카오 로그인'),
];
