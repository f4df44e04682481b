import type { Executor } from '../db/client.ts';
import type { GetProfileLikeProductsCountResponse } from '@shopby/shop-sdk/build/types/domain/product';
import { countLikes } from './repo.ts';

/** GET /profile/like-products/count: how many products the member has liked. */
export async function likedCount(
  db: Executor,
  memberNo: number,
): Promise<GetProfileLikeProductsCountResponse> {
  return { likedCount: await countLikes(db, memberNo) };
}
