/** The review module's public entry: code outside src/server/review/ imports only this file. */
export {
  createReview,
  deleteMyReview,
  getProductReview,
  listMyReviews,
  listPhotoReviews,
  listProductReviews,
  listReviewFeed,
  listReviewableLines,
  setRecommendation,
  updateMyReview,
} from './service.ts';
export {
  toShopbyPhotoReviewPage,
  toShopbyProfileReviewPage,
  toShopbyReview,
  toShopbyReviewPage,
  toShopbyReviewablePage,
} from './shopby.ts';
