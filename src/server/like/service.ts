import { catalogSteps, searchProducts, type ProductSearchItem } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import { isBusyError, writeTx } from '../db/write-tx.ts';
import * as repo from './repo.ts';

/**
 * Liked products (the wishlist: /mypage/pick, the heart on product cards and the product page,
 * `/profile/like-products`). Toggling moves the product's like count in the same write
 * transaction, so the count always equals the demo base plus the likes that exist.
 */

/** Products one toggle request may name; also the largest page of the list (the catalogue's limit). */
export const LIKE_PRODUCTS_MAX = 50;
export const LIKE_PAGE_SIZE = 20;

export interface ToggleResult {
  productNo: number;
  /** Liked after the toggle. */
  result: boolean;
}

/**
 * Toggles each product: liked ones are unliked, the others liked. All or nothing: an unknown
 * product number is a 404 and changes nothing.
 */
export async function toggleLikes(
  db: Db,
  memberNo: number,
  productNos: readonly number[],
  now: Date = new Date(),
): Promise<ToggleResult[]> {
  const nos = [...new Set(productNos)];
  if (nos.length === 0) throw appError('INVALID_INPUT', '찜할 상품을 선택해 주세요.');
  if (nos.length > LIKE_PRODUCTS_MAX)
    throw appError('INVALID_INPUT', `한 번에 ${LIKE_PRODUCTS_MAX}개까지 찜할 수 있습니다.`);
  const at = now.toISOString();
  return writeTx(db, async (tx) => {
    const results: ToggleResult[] = [];
    for (const productNo of nos) {
      if (await repo.deleteLike(tx, memberNo, productNo)) {
        await catalogSteps.addToLikeCount(tx, productNo, -1);
        results.push({ productNo, result: false });
      } else if (await repo.insertLike(tx, memberNo, productNo, at)) {
        await catalogSteps.addToLikeCount(tx, productNo, 1);
        results.push({ productNo, result: true });
      } else {
        throw appError('NOT_FOUND', '상품을 찾을 수 없습니다.');
      }
    }
    return results;
  }).catch((err: unknown) => {
    // still locked after the busy timeout: a 503 the shopper can retry, not a 500
    if (isBusyError(err))
      throw appError('DB_BUSY', '요청이 몰려 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.');
    throw err;
  });
}

export type LikedProduct = ProductSearchItem & { liked: true };

export interface LikedProductPage {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  pageCount: number;
  displayableStock: boolean;
  /** Most recently liked first. Liked products the shop no longer lists are left out. */
  items: LikedProduct[];
}

export async function listLikedProducts(
  db: Db,
  memberNo: number,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined } = {},
): Promise<LikedProductPage> {
  const pageSize = Math.min(Math.max(query.pageSize ?? LIKE_PAGE_SIZE, 1), LIKE_PRODUCTS_MAX);
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const [totalCount, nos] = await Promise.all([
    repo.countLikes(db, memberNo),
    repo.selectLikedProductNos(db, memberNo, { offset: (pageNumber - 1) * pageSize, limit: pageSize }),
  ]);
  let items: LikedProduct[] = [];
  if (nos.length > 0) {
    const found = await searchProducts(db, { includeProductNos: nos, pageSize: nos.length, soldout: true });
    const byNo = new Map(found.items.map((item) => [item.productNo, item]));
    items = nos.flatMap((no) => {
      const item = byNo.get(no);
      return item ? [{ ...item, liked: true as const }] : [];
    });
  }
  return {
    totalCount,
    pageNumber,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    displayableStock: true,
    items,
  };
}

/** The most a page marks as liked (a longer wishlist shows its most recent part on cards). */
const PAGE_LIKED_MAX = 1000;
const perRequest = new WeakMap<object, Promise<ReadonlySet<number>>>();

/**
 * What the member likes, read once per page request (keyed by the request object) however many
 * product cards and hearts the page renders: pages mark the hearts on the server, so no island has
 * to ask for the list.
 */
export function likedForPage(request: object, db: Db, memberNo: number): Promise<ReadonlySet<number>> {
  let found = perRequest.get(request);
  if (!found) {
    found = repo.selectAllLiked(db, memberNo, PAGE_LIKED_MAX).then((nos) => new Set(nos));
    perRequest.set(request, found);
  }
  return found;
}
