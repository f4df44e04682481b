import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mall } from '@shopby/shop-sdk/build/types/domain/admin';
import type {
  GetProductReviewsConfigurationsResponse,
  GetProductsInquiriesConfigurationsResponse,
  GetSkinBannersGroupsBySkinResponse,
} from '@shopby/shop-sdk/build/types/domain/display';
import type {
  BoardsConfigurationsBoardConfig,
  GetAddressesSearchResponse,
  GetBoardsConfigurationsResponse,
} from '@shopby/shop-sdk/build/types/domain/manage';
import type { GetProfileGradeResponse } from '@shopby/shop-sdk/build/types/domain/member';
import type { GetOrderConfigsResponse } from '@shopby/shop-sdk/build/types/domain/order';
import type { GetProfileLikeProductsCountResponse } from '@shopby/shop-sdk/build/types/domain/product';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { getDisplaySection, searchBrands } from '../../server/catalog/index.ts';
import { env } from '../../server/platform/env.ts';
import { createApiApp } from '../app.ts';
import { call, testMember, type TestMember } from '../board.test-helper.ts';

/**
 * The calls a Shopby skin makes at start (skin-boot.ts). Each answer is checked for every key the
 * SDK's type requires: the key lists are `Record<keyof T, true>`, so the compiler refuses a list
 * that misses one, and the test refuses an answer that misses one.
 */
let t: TestDb;
const api = createApiApp();
let member: TestMember;

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  member = await testMember(t.db);
});
afterAll(() => t.close());

const keysOf = <T>(keys: Record<keyof T, true>) => Object.keys(keys);
function expectKeys(body: unknown, keys: string[]) {
  expect(body).toBeTypeOf('object');
  for (const key of keys) expect(body, `missing ${key}`).toHaveProperty([key]);
}

async function getJson(path: string, who: TestMember | null = null, status = 200) {
  const res = await call(api, `/shop-api${path}`, { member: who });
  expect(res.status, await res.clone().text()).toBe(status);
  return { res, body: (await res.json()) as Record<string, unknown> & unknown[] };
}

describe('GET /malls', () => {
  it("answers the shop's name, address, categories, grades, boards and types from Podo's data", async () => {
    const { res, body } = await getJson('/malls');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const mall = body as Mall;
    expect(mall.mall?.mallName).toBe(env().BRAND_NAME);
    expect(mall.mall?.url?.pc).toBe(env().PUBLIC_BASE_URL.replace(/\/$/, ''));
    expect(mall.mall?.grades?.map((g) => g.label)).toEqual(['일반', '실버', '골드', 'VIP']);
    expect(mall.categories?.multiLevelCategories?.map((c) => c.categoryNo)).toEqual(
      expect.arrayContaining([529105, 757067]),
    );
    expect(mall.boardsCategories?.map((b) => b.boardId)).toEqual(['notice', 'faq', 'bug-report']);
    expect(mall.boardsCategories?.[1]?.categories?.[0]).toEqual({ categoryNo: 1001, label: '회원' });
    expect(mall.productInquiryType).toContainEqual({ value: 'DELIVERY', label: '배송' });
    expect(mall.orderStatusType).toContainEqual({ value: 'PAY_DONE', label: '결제완료' });
    expect(mall.inquiryType?.length).toBeGreaterThan(0);
    for (const type of mall.inquiryType ?? []) expectKeys(type, ['inquiryTypeNo', 'inquiryTypeName']);
  });
});

describe('GET /external-scripts', () => {
  it('answers the configured page scripts: none by default', async () => {
    const { body } = await getJson('/external-scripts');
    expect(body).toEqual([]);
  });
  it('answers a configured script', async () => {
    await t.db.execute(
      "INSERT INTO page_scripts (page_type, device_type, content, used, updated_at) VALUES ('COMMON_HEAD', 'PC', '<meta name=\"x\">', 1, '2026-01-01T00:00:00Z')",
    );
    const { body } = await getJson('/external-scripts');
    expect(body).toEqual([
      { pageType: 'COMMON_HEAD', pageTypeLabel: '공통 상단', deviceType: 'PC', content: '<meta name="x">' },
    ]);
    await t.db.execute("DELETE FROM page_scripts WHERE page_type = 'COMMON_HEAD'");
  });
});

describe('GET /skin-banners/groups-by-skin', () => {
  it("lists the display back office's banner groups with every key of the SDK's type", async () => {
    const { body } = await getJson('/skin-banners/groups-by-skin?skinNo=1&isPreview=false');
    expectKeys(
      body,
      keysOf<GetSkinBannersGroupsBySkinResponse>({
        skinCode: true,
        platformType: true,
        skinName: true,
        bannerGroups: true,
        appIcon: true,
        decorationConfig: true,
        updateDateTime: true,
        isLiveSkin: true,
        isWorkSkin: true,
      }),
    );
    expect((body as unknown as GetSkinBannersGroupsBySkinResponse).bannerGroups).toEqual([
      { groupCode: 'MAIN', groupName: '메인 배너', groupType: 'BANNER' },
      { groupCode: 'EMPTY', groupName: '빈 배너', groupType: 'BANNER' },
    ]);
  });
});

describe('popups', () => {
  it('POST /design-popups answers the empty list: Podo has no popups', async () => {
    const res = await call(api, '/shop-api/design-popups', { body: { pageType: 'MAIN' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
  it('GET /display/popups answers the empty list and checks its query', async () => {
    expect((await getJson('/display/popups?pageType=MAIN&targetNo=0')).body).toEqual([]);
    const { body } = await getJson('/display/popups?pageType=HOME', null, 400);
    expect(body.message).toMatch(/페이지 종류/);
  });
});

describe('GET /display/sections/ids/{ids}', () => {
  it("answers one section as GET /display/sections/{no} does, with the id-route's keys", async () => {
    const { body } = await getJson('/display/sections/ids/1?pageSize=2');
    const same = await getDisplaySection(t.db, 1, { pageSize: 2 });
    expect(body).toMatchObject({ ...same, sectionId: '1', recommendedProducts: [] });
    expect((body.products as unknown[]).length).toBe(2);
    expectKeys(body, [
      'rightSpaceColor',
      'leftSpaceColor',
      'productTotalCount',
      'displayConfig',
      'sectionExplain',
      'imageUrl',
      'label',
      'sectionId',
      'sectionNo',
      'recommendedProducts',
      'products',
      'promotionText',
      'displayableStock',
    ]);
  });
  it('answers a list of the shown sections, in the asked order, leaving out a hidden one', async () => {
    const { body } = await getJson('/display/sections/ids/2,3,1');
    expect((body as unknown as { sectionId: string }[]).map((s) => s.sectionId)).toEqual(['2', '1']);
  });
  it('answers 404 for one hidden or unknown section, 400 for a bad id', async () => {
    await getJson('/display/sections/ids/3', null, 404);
    await getJson('/display/sections/ids/999', null, 404);
    const { body } = await getJson('/display/sections/ids/best', null, 400);
    expect(body.message).toMatch(/섹션 아이디/);
  });
});

describe('GET /display/brands', () => {
  it('answers the brands as GET /display/brands/search does', async () => {
    const { body } = await getJson('/display/brands');
    expect(body).toEqual(await searchBrands(t.db, {}));
    expect(body.length).toBeGreaterThan(0);
  });
});

describe('GET /products/{no}/related-products', () => {
  it('answers [] for a shown product (Podo keeps no related products) and 404 otherwise', async () => {
    expect((await getJson('/products/101/related-products')).body).toEqual([]);
    await getJson('/products/999999/related-products', null, 404);
    await getJson('/products/abc/related-products', null, 400);
  });
});

describe('configurations', () => {
  it('GET /boards/configurations lists the boards with their categories', async () => {
    const { body } = await getJson('/boards/configurations');
    expectKeys(
      body,
      keysOf<GetBoardsConfigurationsResponse>({
        productReviewConfig: true,
        productInquiryConfig: true,
        boardConfigs: true,
        inquiryConfig: true,
      }),
    );
    const boards = (body as unknown as GetBoardsConfigurationsResponse).boardConfigs;
    expect(boards.map((b) => [b.boardNo, b.boardId, b.name, b.memberPostingUsed, b.categoryUsed])).toEqual([
      [272902, 'notice', '공지사항', false, false],
      [272925, 'faq', '자주 묻는 질문', false, true],
      [280047, 'bug-report', '오류 신고', true, true],
    ]);
    const boardKeys = keysOf<BoardsConfigurationsBoardConfig>({
      replyUsed: true,
      thumbnailUsed: true,
      guestPostingUsed: true,
      used: true,
      memberPostingUsed: true,
      imageDisplayType: true,
      displayType: true,
      categoryUsed: true,
      attachmentUsed: true,
      name: true,
      secretPostingUsed: true,
      boardId: true,
      categories: true,
      order: true,
      boardNo: true,
    });
    for (const b of boards) expectKeys(b, boardKeys);
  });

  it('GET /product-reviews/configurations: members write, with photos, no points', async () => {
    const { body } = await getJson('/product-reviews/configurations');
    expectKeys(
      body,
      keysOf<GetProductReviewsConfigurationsResponse>({
        canReply: true,
        boardType: true,
        boardImageType: true,
        description: true,
        boardUsable: true,
        canAttach: true,
        expandedReviewConfig: true,
        memberWriteable: true,
        secretUsable: true,
        name: true,
        canComment: true,
        guestWriteable: true,
        reviewAccumulationInfo: true,
      }),
    );
    expect(body).toMatchObject({ memberWriteable: true, guestWriteable: false, canAttach: true });
    expect(body.reviewAccumulationInfo).toMatchObject({ useYn: 'N' });
  });

  it('GET /products/inquiries/configurations: members ask, secretly if they like', async () => {
    const { body } = await getJson('/products/inquiries/configurations');
    expectKeys(
      body,
      keysOf<GetProductsInquiriesConfigurationsResponse>({
        canReply: true,
        boardType: true,
        memberWriteable: true,
        boardImageType: true,
        secretUsable: true,
        name: true,
        description: true,
        boardUsable: true,
        guestWriteable: true,
        canAttach: true,
      }),
    );
    expect(body).toMatchObject({ memberWriteable: true, guestWriteable: false, secretUsable: true });
  });

  it("GET /order-configs: the sandbox provider is Shopby's DUMMY gateway", async () => {
    const { body } = await getJson('/order-configs');
    expectKeys(
      body,
      keysOf<GetOrderConfigsResponse>({
        shippingEmptyAutoCancel: true,
        naverPay: true,
        pgType: true,
        mallTransferYmdt: true,
        useRecurringPayment: true,
        useAppCard: true,
        escrow: true,
        recurringPaymentFreeGiftIssueType: true,
        visibleReceiptBtn: true,
        includesPreviousOrder: true,
        cashReceipt: true,
        shopSpecificationFields: true,
        viewShopSpecification: true,
        cashReceiptRequired: true,
        useMyPay: true,
        specificationAdditionalInfo: true,
        usePaymentReceipt: true,
        useSimpleReceipt: true,
      }),
    );
    expect(body.pgType).toBe('DUMMY');
    expect(body.naverPay).toBeNull();
  });
});

describe("the member's own", () => {
  it('GET /profile/grade answers 401 signed out and the grade signed in', async () => {
    const out = await call(api, '/shop-api/profile/grade');
    expect(out.status).toBe(401);
    const { res, body } = await getJson('/profile/grade', member);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expectKeys(
      body,
      keysOf<GetProfileGradeResponse>({
        reserveAutoSupplying: true,
        evaluationCondition: true,
        coupons: true,
        description: true,
        label: true,
        reserveBenefit: true,
      }),
    );
    expect(body.label).toBe('일반');
    await t.db.execute({
      sql: 'UPDATE members SET member_grade_no = 3 WHERE member_no = ?',
      args: [member.memberNo],
    });
    expect((await getJson('/profile/grade', member)).body.label).toBe('골드');
  });

  it('GET /profile/like-products/count follows the likes', async () => {
    expect((await call(api, '/shop-api/profile/like-products/count')).status).toBe(401);
    const count = async () =>
      (
        (await getJson('/profile/like-products/count', member))
          .body as unknown as GetProfileLikeProductsCountResponse
      ).likedCount;
    expect(await count()).toBe(0);
    const like = await call(api, '/shop-api/profile/like-products', {
      member,
      body: { productNos: [101, 103] },
    });
    expect(like.status).toBe(200);
    expect(await count()).toBe(2);
  });
});

describe('GET /addresses/search', () => {
  it('answers the empty result with every key: Podo keeps no address database', async () => {
    const { body } = await getJson(
      `/addresses/search?keyword=${encodeURIComponent('판교역로')}&pageNumber=1&pageSize=10`,
    );
    expect(body).toEqual({
      items: [],
      totalCount: 0,
      groupByStates: [],
    } satisfies GetAddressesSearchResponse);
  });
  it('asks for a keyword in Korean', async () => {
    const { body } = await getJson('/addresses/search', null, 400);
    expect(body.message).toMatch(/검색할 주소/);
  });
});
