import type {
  GetOrderSheetsOrderSheetNoResponse,
  OrderSheetCoupon,
  OrderSheetAddress,
  OrderSheetAddressAddressDetail,
  PostOrderSheetsOrderSheetNoCalculateResponse,
  ProductInfoForCoupon,
} from '@shopby/shop-sdk/build/types/domain/order';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { activePaymentProvider, offeredPayTypes, type PayType } from '../adapters/payment/index.ts';
import type { Db } from '../db/client.ts';
import { listAddresses } from '../address/index.ts';
import { getProfile } from '../member/index.ts';
import { formatPhone } from '../../lib/phone.ts';
import { couponDiscountAmt, couponProblem, type IssuedCoupon, promotionSteps } from '../promotion/index.ts';
import { AppError } from '../platform/errors.ts';
import { commerceError } from './errors.ts';
import { shopbyPgType } from './shopby-extras.ts';
import { linesView, type DeliveryGroupView, type OrderProductView } from './line-view.ts';
import { assertOrderable, checkNewLines } from './lines.ts';
import { isUniqueClash, newOrderSheetNo } from './numbers.ts';
import { owns, type Owner } from './owner.ts';
import { paymentInfo, priceLines, type CouponSelection, type SheetPricing } from './pricing.ts';
import * as repo from './repo.ts';
import type { CalculateBody, CouponRequestBody, PostOrderSheetBody } from './schema.ts';
import { busySafe } from '../db/write-tx.ts';
import { cartSteps } from '../cart/index.ts';

/**
 * Order sheets: what a shopper is about to buy, made from the cart (cartNos) or straight from a
 * product page (products). Stock and sale status are checked when the sheet is made and again at
 * payment; prices are recomputed every time the sheet is read.
 */

const ORDER_SHEET_TTL_MS = 2 * 60 * 60 * 1000;

/** Terms the checkout page must have the shopper agree to. */
export function requiredAgreements(owner: Owner): string[] {
  return owner.memberNo !== null
    ? ['ORDER_INFO_AGREE']
    : ['ORDER_INFO_AGREE', 'NONE_MEMBER_PRIVACY_USAGE_AGREEMENT'];
}

function pgTypesOf(payType: PayType): string[] {
  return [shopbyPgType(activePaymentProvider().name, payType)];
}

/** POST /order-sheets → { orderSheetNo } */
export async function createOrderSheet(
  db: Db,
  owner: Owner,
  body: PostOrderSheetBody,
  now = new Date(),
): Promise<{ orderSheetNo: string }> {
  let products: repo.SheetProduct[];
  let cartNos: number[] = [];
  if (owner.memberNo !== null && body.cartNos && body.cartNos.length > 0) {
    const rows = await cartSteps.selectLines(db, owner.memberNo, body.cartNos);
    if (rows.length !== new Set(body.cartNos).size) throw commerceError('CART_NOT_FOUND');
    products = rows.map((r) => ({
      productNo: r.productNo,
      optionNo: r.optionNo,
      orderCnt: r.orderCnt,
      optionInputs: r.optionInputs,
      cartNo: r.cartNo,
    }));
    cartNos = rows.map((r) => r.cartNo);
  } else {
    products = body.products.map((p) => ({
      productNo: p.productNo,
      optionNo: p.optionNo,
      orderCnt: p.orderCnt,
      optionInputs: (p.optionInputs ?? []).map(({ inputLabel, inputValue }) => ({ inputLabel, inputValue })),
    }));
  }
  if (products.length === 0) throw commerceError('EMPTY_ORDER');

  // the rules only (strict): the sheet stores its lines, it prices nothing, so the lean read of
  // the products suffices (decision 056); every later read of the sheet prices them again
  const { lines, missing } = await checkNewLines(db, products, { now, owner });
  if (missing.length > 0)
    throw commerceError('NOT_ON_SALE', '판매가 끝난 상품이 있습니다. 장바구니를 확인해 주세요.');
  assertOrderable(lines);
  // keep what was checked: inputs as the product defines them
  products = products.map((p, i) => ({
    ...p,
    optionInputs: lines[i]!.optionInputs.map(({ inputLabel, inputValue }) => ({ inputLabel, inputValue })),
  }));

  const productCoupons = body.productCoupons ?? [];
  if (productCoupons.length > 0) {
    if (owner.memberNo === null) throw commerceError('COUPON_FOR_MEMBERS');
    await priceLines(db, owner, products, {
      coupons: { productCoupons, cartCouponIssueNo: null },
      points: 0,
      zipCd: null,
      now,
    });
  }

  for (let attempt = 0; ; attempt++) {
    const orderSheetNo = newOrderSheetNo(now);
    try {
      await busySafe(
        db.execute(
          repo.insertSheetStatement({
            orderSheetNo,
            memberNo: owner.memberNo,
            guestTokenHash: owner.guestTokenHash,
            products,
            productCoupons,
            cartNos,
            createdAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + ORDER_SHEET_TTL_MS).toISOString(),
          }),
        ),
      );
      return { orderSheetNo };
    } catch (err) {
      if (attempt < 3 && isUniqueClash(err)) continue;
      throw err;
    }
  }
}

/** The owner's sheet: 404 for anyone else (and unknown numbers), 410 when expired. */
export async function loadSheet(
  db: Db,
  owner: Owner | null,
  orderSheetNo: string,
  now = new Date(),
): Promise<repo.SheetRow> {
  const sheet = await repo.selectSheet(db, orderSheetNo);
  if (!sheet || !owns(owner, sheet)) throw commerceError('ORDER_SHEET_NOT_FOUND');
  if (Date.parse(sheet.expiresAt) <= now.getTime()) throw commerceError('ORDER_SHEET_EXPIRED');
  return sheet;
}

/**
 * A sheet that already bought its order (paid, or waiting for the deposit) is not shown again as a
 * form to fill (Back after paying): 409 ORDER_SHEET_USED naming the order, which the route answers
 * with the order number so the page can link to it.
 */
export class OrderSheetUsedError extends AppError {
  constructor(readonly orderNo: string) {
    const used = commerceError('ORDER_SHEET_USED');
    super(used.code, used.status, used.message);
  }
}

async function refuseUsed(db: Db, sheet: repo.SheetRow): Promise<void> {
  const live = await repo.liveOrderOfSheet(db, sheet.orderSheetNo);
  const orderNo = live ?? (sheet.orderedAt ? await repo.lastOrderOfSheet(db, sheet.orderSheetNo) : null);
  if (orderNo) throw new OrderSheetUsedError(orderNo);
}

function selectionFrom(sheet: repo.SheetRow, request: CouponRequestBody | null | undefined): CouponSelection {
  if (!request) return { productCoupons: sheet.productCoupons, cartCouponIssueNo: null };
  return {
    productCoupons: request.productCoupons ?? [],
    cartCouponIssueNo: request.cartCouponIssueNo || null,
  };
}

function appliedCoupons(selection: CouponSelection) {
  if (selection.productCoupons.length === 0 && !selection.cartCouponIssueNo) return null;
  return {
    productCoupons: selection.productCoupons.map((c) => ({
      couponIssueNo: c.couponIssueNo,
      productNo: c.productNo,
    })),
    cartCouponIssueNo: selection.cartCouponIssueNo ?? 0,
    promotionCode: '',
  };
}

export type OrderSheetResponse = Pick<
  GetOrderSheetsOrderSheetNoResponse,
  | 'availablePayTypes'
  | 'tradeBankAccountInfos'
  | 'freeGiftInfos'
  | 'ordererContact'
  | 'agreementTypes'
  | 'requireCustomsIdNumber'
  | 'lastPayType'
  | 'orderSheetPromotionSummary'
  | 'applyCashReceiptForAccount'
  | 'paymentInfo'
  | 'foreignPartners'
  | 'termsInfos'
  | 'customTermsInfos'
  | 'rentalInfos'
  | 'sellerPrivacyUsagePartners'
  | 'blockUseAccumulationWhenUseCoupon'
  | 'appliedCoupons'
> & {
  deliveryGroups: DeliveryGroupView[];
  invalidProducts: OrderProductView[] | null;
  /**
   * The member's default booked address and the memos of their past orders; Podo keeps no home
   * address on the profile and no "recent" addresses apart from the book (empty values). A guest's
   * is all empty. Podo's own checkout page reads the address book itself.
   */
  orderSheetAddress: OrderSheetAddressView;
  extra: {
    orderSheetNo: string;
    member: boolean;
    expireYmdt: string;
    cartNos: number[];
    requiredAgreementTypes: string[];
  };
};

type OrderSheetAddressView = Omit<OrderSheetAddress, 'mainAddress'> & {
  mainAddress: Omit<OrderSheetAddressAddressDetail, 'customsIdNumber' | 'globalShippingEtcInfo'>;
};

const NO_MAIN_ADDRESS: OrderSheetAddressView['mainAddress'] = {
  addressNo: 0,
  addressName: '',
  receiverName: '',
  receiverZipCd: '',
  receiverAddress: '',
  receiverJibunAddress: '',
  receiverDetailAddress: '',
  receiverContact1: '',
  receiverContact2: '',
  countryCd: 'KR',
};

async function sheetAddress(db: Db, memberNo: number | null): Promise<OrderSheetAddressView> {
  const [book, memos] =
    memberNo === null
      ? [[], []]
      : await Promise.all([listAddresses(db, memberNo), repo.selectRecentDeliveryMemos(db, memberNo)]);
  const main = book.find((a) => a.isDefault);
  return {
    mainAddress: main
      ? {
          addressNo: main.addressNo,
          addressName: main.addressName,
          receiverName: main.receiverName,
          receiverZipCd: main.receiverZipCd,
          receiverAddress: main.receiverAddress,
          receiverJibunAddress: main.receiverJibunAddress,
          receiverDetailAddress: main.receiverDetailAddress,
          receiverContact1: formatPhone(main.receiverContact1),
          receiverContact2: main.receiverContact2 ? formatPhone(main.receiverContact2) : '',
          countryCd: 'KR',
        }
      : NO_MAIN_ADDRESS,
    recentAddresses: [],
    recentDeliveryMemo: memos,
    memberAddress: { address: '', jibunAddress: '', detailAddress: '', zipCd: '', jibunDetailAddress: '' },
  };
}

/** GET /order-sheets/{no} */
export async function getOrderSheet(
  db: Db,
  owner: Owner | null,
  orderSheetNo: string,
  now = new Date(),
): Promise<OrderSheetResponse> {
  const sheet = await loadSheet(db, owner, orderSheetNo, now);
  await refuseUsed(db, sheet);
  const selection = selectionFrom(sheet, null);
  const isMember = sheet.memberNo !== null;
  const priced = await priceLines(db, owner!, sheet.products, {
    coupons: selection,
    points: 0,
    zipCd: null,
    now,
  });
  const view = linesView(priced.lines, { remote: false, gone: priced.gone });
  const [profile, usable, orderSheetAddress] = await Promise.all([
    isMember ? getProfile(db, sheet.memberNo!) : Promise.resolve(null),
    isMember
      ? promotionSteps.selectMemberCoupons(db, sheet.memberNo!, now.toISOString())
      : Promise.resolve([]),
    sheetAddress(db, sheet.memberNo),
  ]);
  const usableHere = usable.filter((c) => usableInSheet(c, priced, sheet.memberNo!, now));
  const agreements = requiredAgreements(owner!);
  return {
    deliveryGroups: view.deliveryGroups,
    invalidProducts: view.invalidProducts.length ? view.invalidProducts : null,
    appliedCoupons: appliedCoupons(selection),
    availablePayTypes: offeredPayTypes().map((payType) => ({
      payType,
      pgTypes: pgTypesOf(payType) as never,
    })),
    tradeBankAccountInfos: [],
    freeGiftInfos: [],
    ordererContact: {
      ordererName: profile?.memberName ?? '',
      ordererContact1: profile?.mobileNo ?? '',
      ordererContact2: '',
      ordererEmail: profile?.email ?? '',
    },
    agreementTypes: agreements as never,
    requireCustomsIdNumber: false,
    lastPayType: 'CREDIT_CARD',
    orderSheetPromotionSummary: isMember
      ? {
          myAccumulationAmt: priced.pointsBalance,
          usableCouponCnt: usableHere.length,
          myCouponCnt: usable.length,
        }
      : null,
    applyCashReceiptForAccount: false,
    orderSheetAddress,
    paymentInfo: paymentInfo(priced, isMember),
    foreignPartners: [],
    termsInfos: [],
    customTermsInfos: [],
    rentalInfos: [],
    sellerPrivacyUsagePartners: [...new Set(priced.lines.map((l) => l.partnerName))].map((partnerName) => ({
      partnerName,
    })),
    blockUseAccumulationWhenUseCoupon: false,
    extra: {
      orderSheetNo: sheet.orderSheetNo,
      member: isMember,
      expireYmdt: toShopbyYmdt(sheet.expiresAt),
      cartNos: sheet.cartNos,
      requiredAgreementTypes: agreements,
    },
  };
}

export type CalculateResponse = Omit<PostOrderSheetsOrderSheetNoCalculateResponse, 'deliveryGroups'> & {
  deliveryGroups: DeliveryGroupView[];
};

/** POST /order-sheets/{no}/calculate: amounts with the address (remote fee), coupons and points. */
export async function calculateOrderSheet(
  db: Db,
  owner: Owner | null,
  orderSheetNo: string,
  body: CalculateBody,
  now = new Date(),
): Promise<CalculateResponse> {
  const sheet = await loadSheet(db, owner, orderSheetNo, now);
  await refuseUsed(db, sheet);
  const selection = selectionFrom(sheet, body.couponRequest);
  const priced = await priceLines(db, owner!, sheet.products, {
    coupons: selection,
    points: body.accumulationUseAmt,
    zipCd: body.addressRequest?.zipCd ?? null,
    now,
  });
  const view = linesView(priced.lines, { remote: priced.remote, gone: priced.gone });
  return {
    deliveryGroups: view.deliveryGroups,
    appliedCoupons: appliedCoupons(selection),
    availablePayTypes: offeredPayTypes(),
    paymentInfo: paymentInfo(priced, sheet.memberNo !== null),
    freeGiftInfos: [],
  };
}

function usableInSheet(c: IssuedCoupon, priced: SheetPricing, memberNo: number, now: Date): boolean {
  const valid = priced.lines.filter((l) => !l.problem);
  if (c.couponType === 'CART')
    return !couponProblem(c, { memberNo, now, as: 'CART', baseAmt: priced.pricing.buyAmt });
  return [...new Set(valid.map((l) => l.productNo))].some(
    (productNo) =>
      !couponProblem(c, {
        memberNo,
        now,
        as: 'PRODUCT',
        productNo,
        baseAmt: valid.filter((l) => l.productNo === productNo).reduce((n, l) => n + l.buyAmt, 0),
      }),
  );
}

function couponView(c: IssuedCoupon, discount: number, reason: string, selected: boolean): OrderSheetCoupon {
  return {
    couponIssueNo: c.couponIssueNo,
    couponNo: c.couponNo,
    couponName: c.couponName,
    displayCouponName: c.couponName,
    couponType: c.couponType,
    couponSubType: c.couponType === 'CART' ? 'CART' : 'NONE',
    couponTargetType: c.targetType,
    discountRate: c.discountUnit === 'RATE' ? c.discountValue : null,
    fixedAmountDiscount: c.discountUnit === 'WON',
    maxDiscountAmt: c.maxDiscountAmt,
    minSalePrice: c.minOrderAmt,
    maxSalePrice: 0,
    couponDiscountAmt: discount,
    reason,
    used: false,
    selected,
    maximum: false,
    freeDelivery: false,
    freeDeliveryYn: 'N',
    cartCouponUsable: c.couponType === 'CART',
    productCouponUsable: c.couponType === 'PRODUCT',
    skipsAccumulation: false,
    usablePlatformTypes: '',
    limitPayType: null as never,
    useEndYmdt: toShopbyYmdt(c.useEndAt) as OrderSheetCoupon['useEndYmdt'],
  };
}

export interface SheetCouponsResponse {
  orderSheetNo: string;
  cartAmt: number;
  deliveryAmt: number;
  cartCouponDiscountAmt: number;
  productCouponDiscountAmt: number;
  cartCoupons: OrderSheetCoupon[];
  deliveryCoupons: OrderSheetCoupon[];
  products: Omit<ProductInfoForCoupon, 'productPlusCoupons' | 'optionInputs'>[];
}

/** GET /order-sheets/{no}/coupons: the member's coupons for this sheet, each with its discount here. */
export async function orderSheetCoupons(
  db: Db,
  owner: Owner | null,
  orderSheetNo: string,
  now = new Date(),
): Promise<SheetCouponsResponse> {
  const sheet = await loadSheet(db, owner, orderSheetNo, now);
  const priced = await priceLines(db, owner!, sheet.products, {
    coupons: selectionFrom(sheet, null),
    points: 0,
    zipCd: null,
    now,
  });
  const memberNo = sheet.memberNo;
  const mine =
    memberNo === null ? [] : await promotionSteps.selectMemberCoupons(db, memberNo, now.toISOString());
  const valid = priced.lines.filter((l) => !l.problem);
  const chosen = new Set(sheet.productCoupons.map((c) => c.couponIssueNo));
  const products = [...new Set(valid.map((l) => l.productNo))].map((productNo) => {
    const own = valid.filter((l) => l.productNo === productNo);
    const base = own.reduce((n, l) => n + l.buyAmt, 0);
    const usable: OrderSheetCoupon[] = [];
    const invalid: { couponIssueNo: number; couponNo: number; couponName: string; reason: string }[] = [];
    for (const c of mine.filter((m) => m.couponType === 'PRODUCT')) {
      const problem = couponProblem(c, { memberNo: memberNo!, now, as: 'PRODUCT', productNo, baseAmt: base });
      if (!problem) usable.push(couponView(c, couponDiscountAmt(c, base), '', chosen.has(c.couponIssueNo)));
      else if (problem.code !== 'COUPON_NOT_APPLICABLE') {
        invalid.push({
          couponIssueNo: c.couponIssueNo,
          couponNo: c.couponNo,
          couponName: c.couponName,
          reason: problem.message,
        });
      }
    }
    return {
      productNo,
      productName: own[0]!.productName,
      brandName: own[0]!.brandName,
      mainOption: own[0]!.optionTitle,
      optionCnt: own.length,
      totalOrderCnt: own.reduce((n, l) => n + l.orderCnt, 0),
      buyAmt: base,
      productCoupons: usable,
      invalidProductCoupons: invalid,
      productCouponDiscountAmt: 0,
    };
  });
  const cartAmt = priced.pricing.buyAmt;
  const cartCoupons = mine
    .filter((c) => c.couponType === 'CART')
    .map((c) => {
      const problem = couponProblem(c, { memberNo: memberNo!, now, as: 'CART', baseAmt: cartAmt });
      return couponView(c, problem ? 0 : couponDiscountAmt(c, cartAmt), problem?.message ?? '', false);
    });
  return {
    orderSheetNo,
    cartAmt,
    deliveryAmt: priced.pricing.deliveryAmt,
    cartCouponDiscountAmt: 0,
    productCouponDiscountAmt: 0,
    cartCoupons,
    deliveryCoupons: [],
    products,
  };
}
