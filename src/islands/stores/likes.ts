import { atom } from 'nanostores';
import { likeProductApi } from '../../lib/clients/like-products.ts';
import { unwrap } from '../../lib/shop-api-client.ts';

/**
 * The member's liked products, shared by every heart on a page (product cards, the product page,
 * /mypage/pick), so toggling one heart updates the others of the same product. The page marks the
 * hearts on the server (`initialLiked`); toggles go through `POST /profile/like-products` and the
 * answer is the truth.
 */

/** Whether the member likes a product, for the products this page has heard about. */
export const $likes = atom<ReadonlyMap<number, boolean>>(new Map());

function setLiked(productNo: number, liked: boolean): void {
  $likes.set(new Map($likes.get()).set(productNo, liked));
}

/** What the server rendered, unless this page already knows better (a heart toggled earlier). */
export function seedLiked(productNo: number, liked: boolean): void {
  if (!$likes.get().has(productNo)) setLiked(productNo, liked);
}

/** Toggles one product; resolves with whether it is liked now. */
export async function toggleLike(productNo: number): Promise<boolean> {
  const [answer] = await unwrap(likeProductApi.index.$post({ json: { productNos: [productNo] } }));
  const liked = answer?.result ?? false;
  setLiked(productNo, liked);
  return liked;
}
