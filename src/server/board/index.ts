/** The board module's public entry: code outside src/server/board/ imports only this file. */
export { listGradeBenefits } from './benefits.ts';
export { seedBoardDemo } from './demo-content.ts';
export { MANAGED_BOARDS, adminPage, loginPath, managedBoard, pageMember } from './page-member.ts';
export { listPageScripts } from './page-scripts.ts';
export {
  createArticle,
  deleteArticle,
  getArticle,
  getBoard,
  listArticles,
  listCategories,
  neighbours,
  previewContent,
  setPinned,
  updateArticle,
} from './service.ts';
export type { ArticleDetail, ArticleImage, ArticlePage } from './service.ts';
export { toShopbyArticleDetail, toShopbyArticlePage } from './shopby.ts';
export {
  boardConfigurations,
  productInquiryConfiguration,
  productReviewConfiguration,
} from './shopby-extras.ts';
