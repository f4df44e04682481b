import { Hono } from 'hono';
import { z } from 'zod';
import type { Mall } from '@shopby/shop-sdk/build/types/domain/admin';
import type {
  GetDisplayPopupsResponse,
  GetDisplaySectionsIdsSectionIdResponse,
  GetSkinBannersGroupsBySkinResponse,
  PostDesignPopupsResponse,
} from '@shopby/shop-sdk/build/types/domain/display';
import type { GetAddressesSearchResponse } from '@shopby/shop-sdk/build/types/domain/manage';
import type { GetProductsProductNoRelatedProductsResponse } from '@shopby/shop-sdk/build/types/domain/product';
import { db } from '../../server/db/client.ts';
import { env } from '../../server/platform/env.ts';
import { notFound } from '../../server/platform/errors.ts';
import {
  getCategories,
  getDisplaySection,
  getProduct,
  searchBrands,
  skinBannerGroups,
  BrandSearchParams,
  DisplaySectionParams,
  ProductNoParam,
} from '../../server/catalog/index.ts';
import {
  boardConfigurations,
  listPageScripts,
  productInquiryConfiguration,
  productReviewConfiguration,
} from '../../server/board/index.ts';
import { listInquiryTypes } from '../../server/inquiry/index.ts';
import { likedCount } from '../../server/like/index.ts';
import { mallGrades, profileGrade } from '../../server/member/index.ts';
import { ORDER_STATUS_LABELS, orderConfigs } from '../../server/order/index.ts';
import { PRODUCT_INQUIRY_TYPES } from '../../lib/product-inquiry-rules.ts';
import { memberOf, noStore, requireMember, type AuthEnv } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { publicCache } from './cache-control.ts';

/**
 * The calls a Shopby skin makes when it starts and on every page (issue 17), each filled from
 * Podo's own data: the shop's configuration, the boards, the display back office, the order
 * rules. What Podo does not have is the SDK type's empty value (an empty list, `false`, ''),
 * never made-up data. Each sub-app is mounted at its own path in index.ts, ahead of the routes
 * that share its prefix.
 */

/** GET /malls: the mall's information, as far as Podo has it. */
export const mallRoutes = new Hono().get('/', publicCache(60), async (c) => {
  const e = env();
  const conn = await db();
  const [categories, grades, boards, inquiryTypes] = await Promise.all([
    getCategories(conn),
    mallGrades(conn),
    boardConfigurations(conn),
    listInquiryTypes(conn),
  ]);
  const base = e.PUBLIC_BASE_URL.replace(/\/$/, '');
  const body: Mall = {
    mall: {
      mallName: e.BRAND_NAME,
      countryCode: 'KR',
      url: { pc: base, mobile: base, android: '', ios: '' },
      grades,
    },
    categories,
    boardsCategories: boards.boardConfigs.map((b) => ({
      boardNo: b.boardNo,
      boardId: b.boardId,
      boardName: b.name,
      used: b.used,
      memberWrite: b.memberPostingUsed,
      guestWrite: b.guestPostingUsed,
      secreted: b.secretPostingUsed,
      replied: b.replyUsed,
      thumbnailUsed: b.thumbnailUsed,
      attachmentUsed: b.attachmentUsed,
      categoryUsed: b.categoryUsed,
      imageDisplayType: b.imageDisplayType,
      displayType: b.displayType,
      categories: b.categories,
    })),
    inquiryType: inquiryTypes.map((t) => ({
      inquiryTypeNo: t.inquiryTypeNo,
      inquiryTypeName: t.name,
      inquiryTypeDescription: t.description,
    })),
    productInquiryType: Object.entries(PRODUCT_INQUIRY_TYPES).map(([value, label]) => ({ value, label })),
    orderStatusType: Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  };
  return c.json(body);
});

/** GET /external-scripts: the shop-wide scripts of every page type (none by default). */
export const externalScriptRoutes = new Hono().get('/', publicCache(60), async (c) => {
  return c.json(await listPageScripts(await db()));
});

const SkinBannerQuery = z.object({
  skinNo: z.string().max(20).optional(),
  isPreview: z.string().max(10).optional(),
});

/** GET /skin-banners/groups-by-skin: Podo has no skins; its banner groups are the display back office's. */
export const skinBannerRoutes = new Hono().get(
  '/groups-by-skin',
  publicCache(60),
  validate('query', SkinBannerQuery),
  async (c) => {
    const body: GetSkinBannersGroupsBySkinResponse = {
      skinCode: '',
      skinName: '',
      platformType: '',
      appIcon: '',
      decorationConfig: { backgroundColor: '', mainColor: '' },
      updateDateTime: '',
      isLiveSkin: false,
      isWorkSkin: false,
      bannerGroups: await skinBannerGroups(await db()),
    };
    return c.json(body);
  },
);

/** POST /design-popups and GET /display/popups: Podo has no popups; the answer is the empty list. */
export const designPopupRoutes = new Hono().post('/', noStore(), (c) => {
  const body: PostDesignPopupsResponse[] = [];
  return c.json(body);
});

const PopupQuery = z.object({
  pageType: z
    .enum(['MAIN', 'CATEGORY', 'EVENT', 'PRODUCT'], { error: '페이지 종류(pageType)가 올바르지 않습니다.' })
    .optional(),
  targetNo: z
    .string()
    .regex(/^\d{0,15}$/, { error: '대상 번호(targetNo)는 숫자로 입력해 주세요.' })
    .optional(),
});

const SectionIdsParam = z.object({
  ids: z.string().regex(/^\d{1,15}(,\d{1,15}){0,19}$/, {
    error: '섹션 아이디는 쉼표로 구분한 섹션 번호로 입력해 주세요.',
  }),
});

type SectionById = Omit<GetDisplaySectionsIdsSectionIdResponse, 'products' | 'recommendedProducts'> & {
  products: unknown[];
  recommendedProducts: unknown[];
};

/**
 * `/display` additions: popups, sections by id and the brand list. Podo's section id is its
 * number (the display back office gives sections no other name). One id answers the section, a
 * comma list answers the shown ones in the asked order; a section not shown is a 404 alone and
 * left out of a list.
 */
export const displayExtraRoutes = new Hono()
  .get('/popups', publicCache(60), validate('query', PopupQuery), (c) => {
    const body: GetDisplayPopupsResponse[] = [];
    return c.json(body);
  })
  .get(
    '/sections/ids/:ids',
    publicCache(30),
    validate('param', SectionIdsParam),
    validate('query', DisplaySectionParams),
    async (c) => {
      const ids = c.req.valid('param').ids.split(',').map(Number);
      const conn = await db();
      const query = c.req.valid('query');
      // one by one (at most 20): each answer carries its product count, as GET /display/sections/{no}
      const found = await Promise.all([...new Set(ids)].map((no) => getDisplaySection(conn, no, query)));
      const shown = found.flatMap((s): SectionById[] => {
        if (!s) return [];
        const { extra, products, ...rest } = s;
        return [
          {
            ...rest,
            sectionId: String(s.sectionNo),
            displayConfig: { displayType: extra.displayType as never },
            products,
            recommendedProducts: [],
            extra,
          } as SectionById,
        ];
      });
      if (ids.length === 1) {
        if (!shown[0]) throw notFound('진열 섹션');
        return c.json(shown[0]);
      }
      return c.json(shown);
    },
  )
  .get('/brands', publicCache(60), validate('query', BrandSearchParams), async (c) => {
    return c.json(await searchBrands(await db(), c.req.valid('query')));
  });

/** GET /products/{productNo}/related-products: Podo keeps no related products; a shown product answers []. */
export const relatedProductRoutes = new Hono().get(
  '/:productNo/related-products',
  publicCache(60),
  validate('param', ProductNoParam),
  async (c) => {
    const product = await getProduct(await db(), c.req.valid('param').productNo);
    if (!product) throw notFound('상품');
    const body: GetProductsProductNoRelatedProductsResponse = [];
    return c.json(body);
  },
);

/** GET /products/inquiries/configurations */
export const productInquiryConfigRoutes = new Hono().get('/inquiries/configurations', publicCache(300), (c) =>
  c.json(productInquiryConfiguration()),
);

/** GET /product-reviews/configurations */
export const productReviewConfigRoutes = new Hono().get('/configurations', publicCache(300), (c) =>
  c.json(productReviewConfiguration()),
);

/** GET /boards/configurations */
export const boardConfigRoutes = new Hono().get('/configurations', publicCache(300), async (c) =>
  c.json(await boardConfigurations(await db())),
);

/** GET /order-configs */
export const orderConfigRoutes = new Hono().get('/', publicCache(300), (c) => c.json(orderConfigs()));

/** GET /profile/grade and GET /profile/like-products/count: the signed-in member's. */
export const profileExtraRoutes = new Hono<AuthEnv>()
  .use('/grade', requireMember(), noStore())
  .use('/like-products/count', requireMember(), noStore())
  .get('/grade', async (c) => {
    const grade = await profileGrade(await db(), memberOf(c).memberNo);
    if (!grade) throw notFound('회원');
    return c.json(grade);
  })
  .get('/like-products/count', async (c) => c.json(await likedCount(await db(), memberOf(c).memberNo)));

const AddressSearchQuery = z.object({
  keyword: z
    .string({ error: '검색할 주소(keyword)를 입력해 주세요.' })
    .trim()
    .min(1, { error: '검색할 주소(keyword)를 입력해 주세요.' })
    .max(100, { error: '검색할 주소는 100자 이내로 입력해 주세요.' }),
  pageNumber: z
    .string()
    .regex(/^\d{1,6}$/, { error: '페이지 번호는 숫자로 입력해 주세요.' })
    .optional(),
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/, { error: '페이지 크기는 숫자로 입력해 주세요.' })
    .optional(),
});

/**
 * GET /addresses/search: Podo keeps no road-address database (its own pages use the shopper's
 * address book), so a search finds nothing; the keyword is still checked.
 */
export const addressSearchRoutes = new Hono().get(
  '/search',
  publicCache(300),
  validate('query', AddressSearchQuery),
  (c) => {
    const body: GetAddressesSearchResponse = { items: [], totalCount: 0, groupByStates: [] };
    return c.json(body);
  },
);
