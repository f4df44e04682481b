import type {
  BoardsBoardNoArticlesItem,
  GetBoardsBoardNoArticlesArticleNoResponse,
  GetBoardsBoardNoArticlesResponse,
} from '@shopby/shop-sdk/build/types/domain/manage';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { Article, ArticleDetail, ArticlePage, BoardViewer } from './service.ts';

/** Board articles in Shopby's shapes (`GET /boards/{boardNo}/articles[/{articleNo}]`). */

const ymdt = (iso: string | null) => (iso ? toShopbyYmdt(iso) : null);

function mine(a: Article, viewer: BoardViewer | null) {
  return viewer !== null && (viewer.isAdmin || a.registerMemberNo === viewer.memberNo);
}

function toShopbyArticleItem(a: Article, viewer: BoardViewer | null): BoardsBoardNoArticlesItem {
  return {
    articleNo: a.articleNo,
    title: a.title,
    content: a.contentHtml,
    categoryNo: a.categoryNo ?? 0,
    categoryLabel: a.categoryLabel,
    notice: a.notice,
    secreted: false,
    registerType: a.registerType,
    registerNo: a.registerType === 'MEMBER' ? a.registerMemberNo : null,
    registerName: a.registerName,
    registerYmdt: toShopbyYmdt(a.createdAt),
    modifierType: a.modifierMemberNo === null ? null : 'ADMIN',
    modifierNo: a.modifierMemberNo,
    modifierName: a.modifierName,
    modifyYmdt: ymdt(a.updatedAt),
    modifiable: mine(a, viewer),
    memberId: '',
    viewCnt: a.viewCount,
    imageUrl: a.firstImageUrl ?? '',
    attached: a.imageCount > 0,
    replied: false,
    repliedCnt: 0,
    recommendCount: 0,
    recommended: false,
    reportCount: 0,
    tags: [],
    displayStatusType: a.displayStatus,
  };
}

export function toShopbyArticlePage(
  page: ArticlePage,
  viewer: BoardViewer | null,
): GetBoardsBoardNoArticlesResponse {
  return { totalCount: page.totalCount, items: page.items.map((a) => toShopbyArticleItem(a, viewer)) };
}

export function toShopbyArticleDetail(
  a: ArticleDetail,
  viewer: BoardViewer | null,
): GetBoardsBoardNoArticlesArticleNoResponse & {
  imageUrls: string[];
} {
  return {
    articleNo: a.articleNo,
    title: a.title,
    content: a.contentHtml,
    categoryNo: a.categoryNo ?? 0,
    categoryLabel: a.categoryLabel,
    notice: a.notice,
    secreted: false,
    registerType: a.registerType,
    registerNo: a.registerType === 'MEMBER' ? a.registerMemberNo : null,
    registerName: a.registerName,
    registerYmdt: toShopbyYmdt(a.createdAt),
    registerGroupNames: null,
    modifierType: a.modifierMemberNo === null ? null : 'ADMIN',
    modifierNo: a.modifierMemberNo,
    modifierName: a.modifierName ?? '',
    modifyYmdt: ymdt(a.updatedAt) ?? '',
    modifiable: mine(a, viewer),
    memberId: '',
    viewCnt: a.viewCount,
    imageUrl: a.images[0]?.url ?? '',
    imageUrls: a.images.map((i) => i.url),
    attachments: a.images.map((i) => ({
      fileName: i.originalFileName,
      uploadedFileName: i.url,
      downloadFileUrl: i.url,
    })),
    childArticles: [],
    recommendable: false,
    recommendCount: 0,
    reportCount: 0,
    tags: [],
    displayStatusType: a.displayStatus,
  };
}
