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
];
