import { create } from '@shopby/shop-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import baseline from '../../../tests/fixtures/sdk-conformance-baseline.json' with { type: 'json' };
import { seedCatalogFixture, FIXTURE } from '../../../tests/fixtures/catalog.ts';
import { ADDRESS, ORDERER, returnParams } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { listen, type Listening } from '../../../tests/fixtures/http-listen.ts';
import { joinBody, outboxCode, STRONG_PASSWORD } from '../../../tests/fixtures/members.ts';
import { loadSdkTypes, type Problem } from '../../../tests/fixtures/sdk-types.ts';
import { setOrderStatus } from '../../server/review/review.test-helper.ts';
import { resetEnvForTests } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';

/**
 * Conformance with `@shopby/shop-sdk` (issue 17): a running Podo (the API app on a local port) is
 * driven through the SDK's own runtime client — `create({ baseURL, headerOption })`, its default
 * `fetch` — as a registered storefront on another origin, through catalogue, member (sign-up,
 * login, profile), likes, cart, order sheet, payment reserve, Shopby's guest order, my-page orders,
 * reviews and inquiries. Every answer is checked against the SDK's TypeScript type for that call
 * (tests/fixtures/sdk-types.ts). The score (answers conforming / answers, fields missing) is
 * printed; the test fails when it drops below tests/fixtures/sdk-conformance-baseline.json.
 */

const SKIN = 'https://skin.example.com';
const CLIENT_ID = 'conformance-skin';
type ShopApi = ReturnType<typeof create>;

interface Answer {
  method: string;
  data: unknown;
}

let t: TestDb;
let server: Listening;
const answers: Answer[] = [];
const previous = process.env.API_CLIENTS;

type Tokens = { accessToken?: string; guestToken?: string };
/**
 * The headers a skin sends. The SDK's default client replaces all of them with a request's own
 * `headers` (putProfile, getGuestOrdersOrderNo pass theirs through), so those calls send the full set.
 */
const headersOf = (tokens: Tokens = {}) => ({
  Version: '1.0',
  clientId: CLIENT_ID,
  platform: 'PC',
  Origin: SKIN,
  ...tokens,
});

/** The SDK's client as a skin builds it, recording every answer under the SDK method's name. */
function sdk(tokens: Tokens = {}): ShopApi {
  const api = create({ baseURL: `${server.origin}/shop-api`, headerOption: headersOf(tokens) });
  for (const [domain, methods] of Object.entries(api)) {
    for (const [name, fn] of Object.entries(methods as Record<string, (r: unknown) => unknown>)) {
      (methods as Record<string, unknown>)[name] = async (request: unknown) => {
        const res = (await fn(request)) as { data: unknown };
        answers.push({ method: `${domain}.${name}`, data: res.data });
        return res;
      };
    }
  }
  return api;
}

/** Podo's sandbox provider approves the payment and Podo's return page confirms it (not Shopby calls). */
async function pay(reserved: { paymentId: string; clientReturnUrl: string }) {
  const approve = await fetch(`${server.origin}/api/payment-sandbox/payments/${reserved.paymentId}/approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(approve.status).toBe(200);
  const confirm = await fetch(`${server.origin}/shop-api/payments/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Version: '1.0', clientId: 'podo-local', platform: 'PC' },
    body: JSON.stringify(returnParams(reserved.clientReturnUrl)),
  });
  expect(confirm.status).toBe(200);
}

const PRODUCT = 101;
const OPTION = 1011;

beforeAll(async () => {
  process.env.API_CLIENTS = JSON.stringify([{ clientId: CLIENT_ID, origins: [SKIN] }]);
  resetEnvForTests();
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  server = await listen(createApiApp().fetch);
});
afterAll(async () => {
  await server.close();
  t.close();
  if (previous === undefined) delete process.env.API_CLIENTS;
  else process.env.API_CLIENTS = previous;
  resetEnvForTests();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's request types are partly `any`; requests are built as a skin does
type Loose = any;

describe("a Shopby storefront through the SDK's runtime client", () => {
  it('boots, browses the catalogue, signs up and in, shops, pays, reviews and asks', async () => {
    const visitor = sdk();
    // the calls a skin makes at boot
    await visitor.admin.getMalls();
    await visitor.workspace.getExternalScripts({ queryString: { pageTypes: 'COMMON' } } as Loose);
    await visitor.display.getSkinBannersGroupsBySkin({ queryString: { skinCode: 'default' } } as Loose);
    await visitor.manage.getBoardsConfig();
    await visitor.display.postDesignPopups({ requestBody: { pageTypes: ['MAIN'] } } as Loose);
    await visitor.display.getDisplayPopups({ queryString: {} } as Loose);
    await visitor.order.getOrderConfigs();
    await visitor.display.getProductReviewsConfigurations();
    await visitor.display.getProductsInquiresConfigurations();

    // catalogue, with the parameters the SDK sends (nulls, filters Podo ignores)
    await visitor.display.getCategories({ queryString: {} } as Loose);
    const found = await visitor.product.getProductsSearch({
      queryString: {
        pageNumber: 1,
        pageSize: 10,
        categoryNos: null,
        'filter.discountedPrices': '1000,50000',
        'filter.discountedComparison': 'BETWEEN',
        'order.by': 'POPULAR',
      },
    } as Loose);
    expect(found.data.totalCount).toBeGreaterThan(0);
    await visitor.product.getProductsProductNo({ pathVariable: { productNo: String(PRODUCT) } } as Loose);
    await visitor.product.getProductsProductNoOptions({
      pathVariable: { productNo: String(PRODUCT) },
    } as Loose);
    await visitor.product.getProductsProductNoRelatedProducts({
      pathVariable: { productNo: String(PRODUCT) },
    } as Loose);
    await visitor.display.getDisplaySectionsIdsSectionId({
      pathVariable: { sectionsId: String(FIXTURE.sections.best) },
      queryString: { pageNumber: 1, pageSize: 10 },
    } as Loose);
    // every parameter of the SDK's request types, as a skin fills them (a null goes out as "null")
    await visitor.display.getProductsProductNoProductReviews({
      pathVariable: { productNo: String(PRODUCT) },
      queryString: {
        'order.by': 'REGISTER_YMDT',
        'order.direction': 'DESC',
        bestReviewYn: null,
        pageNumber: 1,
        pageSize: 10,
        hasTotalCount: true,
        hasAttachmentFile: false,
      },
    } as Loose);
    await visitor.display.getProductsProductNoInquires({
      pathVariable: { productNo: String(PRODUCT) },
      queryString: {
        pageNumber: 1,
        pageSize: 10,
        hasTotalCount: true,
        answered: false,
        isMyInquiries: false,
      },
    } as Loose);

    // member: sign-up, login (token in the body), profile
    // joining needs the phone verified by an SMS code first (decision 029), through the SDK's own calls
    const join = joinBody();
    const mobileNo = String(join.mobileNo).replace(/\D/g, '');
    await visitor.auth.postAuthenticationsSms({ requestBody: { usage: 'JOIN', mobileNo } } as Loose);
    const checked = await visitor.auth.getAuthenticationsSms({
      queryString: { usage: 'JOIN', mobileNo, key: await outboxCode(mobileNo) },
    } as Loose);
    const certificationKey = (checked.data as unknown as { certificationKey?: string }).certificationKey;
    expect(certificationKey).toBeTruthy();
    await visitor.member.postProfile({ requestBody: { ...join, certificationKey } } as Loose);
    const login = await visitor.auth.postOauthToken({
      requestBody: { memberId: join.memberId, password: join.password, keepLogin: false },
    } as Loose);
    const accessToken = login.data.accessToken;
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    const member = sdk({ accessToken });
    await member.member.getProfile();
    await member.member.putProfile({
      requestBody: { currentPassword: STRONG_PASSWORD, smsAgreed: false },
      headers: headersOf({ accessToken }),
    } as Loose);
    await member.member.getProfileGrade();
    await member.product.postProfileLikeProducts({ requestBody: { productNos: [PRODUCT] } } as Loose);
    await member.product.getProfileLikeProducts({ queryString: { pageNumber: 1, pageSize: 10 } } as Loose);
    await member.product.getProfileLikeProductsCount();

    // cart → order sheet → calculate → reserve → paid
    await member.order.postCart({
      requestBody: [{ productNo: PRODUCT, optionNo: OPTION, orderCnt: 1 }],
    } as Loose);
    await member.order.getCart({ queryString: { divideInvalidProducts: true } } as Loose);
    await member.order.getCartCount();
    const sheet = await member.order.postOrderSheets({
      requestBody: { products: [{ productNo: PRODUCT, optionNo: OPTION, orderCnt: 1 }] },
    } as Loose);
    const orderSheetNo = sheet.data.orderSheetNo;
    await member.order.getOrderSheetsOrderSheetNo({ pathVariable: { orderSheetNo } } as Loose);
    // the empty first address a skin sends before the shopper types one
    await member.order.postOrderSheetsOrderSheetNoCalculate({
      pathVariable: { orderSheetNo },
      requestBody: { addressRequest: null, accumulationUseAmt: 0 },
    } as Loose);
    const calc = await member.order.postOrderSheetsOrderSheetNoCalculate({
      pathVariable: { orderSheetNo },
      requestBody: { addressRequest: { zipCd: ADDRESS.receiverZipCd }, accumulationUseAmt: 0 },
    } as Loose);
    const reserved = await member.order.postPaymentsReserve({
      requestBody: {
        orderSheetNo,
        orderer: ORDERER,
        shippingAddress: ADDRESS,
        payType: 'CREDIT_CARD',
        agreementTypes: ['ORDER_INFO_AGREE'],
        paymentAmtForVerification: calc.data.paymentInfo.paymentAmt,
      },
    } as Loose);
    const { orderNo } = reserved.data as Loose;
    await pay(reserved.data as Loose);

    // my-page orders
    await member.order.getProfileOrders({
      queryString: {
        orderRequestTypes: 'PAY_DONE,DELIVERY_ING',
        pageNumber: 1,
        pageSize: 10,
        hasTotalCount: true,
      },
    } as Loose);
    await member.order.getProfileOrders({ queryString: { pageNumber: 1, pageSize: 10 } } as Loose);
    await member.order.getProfileOrdersOrderNo({ pathVariable: { orderNo } } as Loose);
    await member.order.getProfileOrdersSummaryStatus({ queryString: {} } as Loose);

    // reviews of the delivered line, inquiries
    await setOrderStatus(t.db, orderNo, 'DELIVERY_DONE');
    const reviewable = await member.display.getProfileOrderOptionsProductReviewable({
      queryString: { pageNumber: 1, pageSize: 10 },
    } as Loose);
    const line = (reviewable.data as Loose).items[0];
    await member.display.postProductsProductNoProductReviews({
      pathVariable: { productNo: String(PRODUCT) },
      requestBody: { orderOptionNo: line.orderOptionNo, rate: 5, content: '포장이 꼼꼼하고 색이 예뻐요.' },
    } as Loose);
    await member.display.getProfileProductReviews({ queryString: { pageNumber: 1, pageSize: 10 } } as Loose);
    await member.display.getProductsProductNoProductReviews({
      pathVariable: { productNo: String(PRODUCT) },
      queryString: { pageNumber: 1, pageSize: 10 },
    } as Loose);
    await member.display.postProductsProductNoInquires({
      pathVariable: { productNo: String(PRODUCT) },
      requestBody: {
        type: 'PRODUCT',
        title: '사이즈 문의',
        content: '가로 세로 크기가 궁금합니다.',
        secreted: false,
      },
    } as Loose);
    await member.display.getProfileProductInquiries({
      queryString: { pageNumber: 1, pageSize: 10 },
    } as Loose);

    // Shopby's guest order: a token-less order sheet gets a guestToken, the order password another
    const guest = sdk();
    const guestSheet = await guest.order.postOrderSheets({
      requestBody: { products: [{ productNo: PRODUCT, optionNo: OPTION, orderCnt: 2 }] },
    } as Loose);
    const guestToken = (guestSheet.data as Loose).guestToken as string;
    const asGuest = sdk({ guestToken });
    const guestSheetNo = guestSheet.data.orderSheetNo;
    await asGuest.order.getOrderSheetsOrderSheetNo({ pathVariable: { orderSheetNo: guestSheetNo } } as Loose);
    const guestCalc = await asGuest.order.postOrderSheetsOrderSheetNoCalculate({
      pathVariable: { orderSheetNo: guestSheetNo },
      requestBody: { addressRequest: { zipCd: ADDRESS.receiverZipCd }, accumulationUseAmt: 0 },
    } as Loose);
    const guestReserved = await asGuest.order.postPaymentsReserve({
      requestBody: {
        orderSheetNo: guestSheetNo,
        orderer: ORDERER,
        shippingAddress: ADDRESS,
        payType: 'CREDIT_CARD',
        tempPassword: 'guest1234',
        agreementTypes: ['ORDER_INFO_AGREE', 'NONE_MEMBER_PRIVACY_USAGE_AGREEMENT'],
        paymentAmtForVerification: guestCalc.data.paymentInfo.paymentAmt,
      },
    } as Loose);
    await pay(guestReserved.data as Loose);
    const guestOrderNo = (guestReserved.data as Loose).orderNo as string;
    const orderToken = await visitor.order.postGuestOrdersOrderNo({
      pathVariable: { orderNo: guestOrderNo },
      requestBody: { orderRequestType: 'ALL', password: 'guest1234' },
    } as Loose);
    await sdk({ guestToken: orderToken.data.guestToken }).order.getGuestOrdersOrderNo({
      pathVariable: { orderNo: guestOrderNo },
      queryString: { orderRequestType: 'ALL' },
      headers: headersOf({ guestToken: orderToken.data.guestToken }),
    } as Loose);
  });

  it("every answer has the SDK type's required fields, of its shape (score against the baseline)", () => {
    expect(answers.length).toBeGreaterThan(40);
    const types = loadSdkTypes();
    let typed = 0;
    let conforming = 0;
    const missing = new Set<string>();
    const mismatched = new Set<string>();
    const report: string[] = [];
    for (const { method, data } of answers) {
      const type = types.answerType(method);
      if (!type) continue; // the SDK types this answer `any`: nothing to check
      typed += 1;
      const problems: Problem[] = types.check(data, type);
      if (problems.length === 0) conforming += 1;
      for (const p of problems) {
        (p.kind === 'missing' ? missing : mismatched).add(`${method} ${p.path}`);
        report.push(`  ${method} (${types.typeName(type)}) ${p.kind} ${p.path}: ${p.detail}`);
      }
    }
    const score = {
      answers: answers.length,
      typed,
      conforming,
      missingFields: missing.size,
      mismatchedFields: mismatched.size,
    };
    console.log(
      `SDK conformance: ${conforming}/${typed} typed answers conform (${answers.length} calls); ` +
        `${missing.size} required fields missing, ${mismatched.size} of the wrong shape ${JSON.stringify(score)}` +
        (report.length ? `\n${[...new Set(report)].join('\n')}` : ''),
    );
    expect(typed).toBeGreaterThanOrEqual(baseline.typed);
    expect(conforming, 'answers conforming fell below the baseline').toBeGreaterThanOrEqual(
      baseline.conforming,
    );
    // a field missing and a field of the wrong shape weigh the same: a required field now present
    // but null where the type has no empty value (docs/decisions/032) trades one for the other
    expect(
      missing.size + mismatched.size,
      'fields not conforming rose above the baseline',
    ).toBeLessThanOrEqual(baseline.fieldsNotConforming);
  });
});
