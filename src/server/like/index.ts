/** The like module's public entry: code outside src/server/like/ imports only this file. */
export {
  LIKE_PAGE_SIZE,
  LIKE_PRODUCTS_MAX,
  likedForPage,
  listLikedProducts,
  toggleLikes,
} from './service.ts';
export { likedCount } from './shopby-extras.ts';
