import type { Executor } from '../db/client.ts';
import type {
  BoardsConfigurationsBoardConfig,
  GetBoardsConfigurationsResponse,
} from '@shopby/shop-sdk/build/types/domain/manage';
import type {
  GetProductReviewsConfigurationsResponse,
  GetProductsInquiriesConfigurationsResponse,
} from '@shopby/shop-sdk/build/types/domain/display';

/**
 * The boards' configuration in Shopby's shapes (GET /boards/configurations and the review and
 * product-question configurations a skin reads before it draws a form). Everything comes from
 * Podo's boards table or from the rules the board, review and question services enforce; what
 * Podo has not (guest posting, attachments on articles, review points, replies) is `false` / 0.
 */

/** Reviews: members who bought the product write one, with up to 5 photos; no points for them. */
const REVIEW_RULES = { name: '상품 후기', memberWrite: true, guestWrite: false, secret: false, photos: true };
/** Product questions: members ask, secretly if they like; a manager answers. */
const QUESTION_RULES = {
  name: '상품 문의',
  memberWrite: true,
  guestWrite: false,
  secret: true,
  answered: true,
};
/** 1:1 inquiries: members only, answered by a manager. */
const INQUIRY_RULES = { name: '1:1 문의', memberWrite: true, guestWrite: false, answered: true };

export async function boardConfigurations(db: Executor): Promise<GetBoardsConfigurationsResponse> {
  const [boards, categories] = await Promise.all([
    db.execute(
      'SELECT board_no, board_id, board_name, member_posting, category_used, display_order FROM boards ORDER BY display_order, board_no',
    ),
    db.execute(
      'SELECT category_no, board_no, label FROM board_categories ORDER BY board_no, display_order, category_no',
    ),
  ]);
  const boardConfigs: BoardsConfigurationsBoardConfig[] = boards.rows.map((b) => ({
    boardNo: Number(b.board_no),
    boardId: String(b.board_id),
    name: String(b.board_name),
    order: Number(b.display_order),
    used: true,
    memberPostingUsed: Number(b.member_posting) === 1,
    guestPostingUsed: false,
    secretPostingUsed: false,
    replyUsed: false,
    thumbnailUsed: false,
    attachmentUsed: false,
    imageDisplayType: 'NOT_USED',
    displayType: 'LIST',
    categoryUsed: Number(b.category_used) === 1,
    categories: categories.rows
      .filter((c) => Number(c.board_no) === Number(b.board_no))
      .map((c) => ({ categoryNo: Number(c.category_no), label: String(c.label) })),
  }));
  const noPoints = { amount: 0, contentLength: 0 };
  return {
    boardConfigs,
    productReviewConfig: {
      name: REVIEW_RULES.name,
      used: true,
      memberPostingUsed: REVIEW_RULES.memberWrite,
      guestPostingUsed: REVIEW_RULES.guestWrite,
      secretPostingUsed: REVIEW_RULES.secret,
      attachmentUsed: REVIEW_RULES.photos,
      replyUsed: false,
      imageDisplayType: 'ATTACHMENT',
      displayType: 'LIST',
      reviewAccumulation: { use: false, normalReview: noPoints, photoReview: noPoints },
    },
    productInquiryConfig: {
      name: QUESTION_RULES.name,
      used: true,
      memberPostingUsed: QUESTION_RULES.memberWrite,
      guestPostingUsed: QUESTION_RULES.guestWrite,
      secretPostingUsed: QUESTION_RULES.secret,
      attachmentUsed: false,
      replyUsed: QUESTION_RULES.answered,
      imageDisplayType: 'PRODUCT',
      displayType: 'INQUIRY',
    },
    inquiryConfig: {
      name: INQUIRY_RULES.name,
      description: '',
      used: true,
      mallNo: 0,
      memberPostingUsed: INQUIRY_RULES.memberWrite,
      guestPostingUsed: INQUIRY_RULES.guestWrite,
      secretPostingUsed: false,
      attachmentUsed: false,
      replyUsed: INQUIRY_RULES.answered,
      imageDisplayType: 'NOT_USED',
      displayType: 'INQUIRY',
      emailUsed: false,
      smsUsed: false,
      answerMailTemplateUsed: false,
      answerSmsTemplateUsed: false,
    },
  };
}

/** GET /product-reviews/configurations */
export function productReviewConfiguration(): GetProductReviewsConfigurationsResponse {
  return {
    name: REVIEW_RULES.name,
    description: '',
    boardUsable: true,
    boardType: 'LIST',
    boardImageType: 'ATTACH_IMAGE',
    memberWriteable: REVIEW_RULES.memberWrite,
    guestWriteable: REVIEW_RULES.guestWrite,
    secretUsable: REVIEW_RULES.secret,
    canAttach: REVIEW_RULES.photos,
    canReply: false,
    canComment: false,
    reviewAccumulationInfo: {
      useYn: 'N',
      reviewsAccumulation: null,
      reviewsLength: null,
      photoReviewsAccumulation: null,
      photoReviewsLength: null,
    },
    expandedReviewConfig: {
      accumulationRewardNoticeText: '',
      allReviewCntPerPage: 0,
      writingReviewNoticeText: '',
      useGatheringPhotoReview: false,
      reviewRewardNoticeText: '',
      useReviewRecommend: false,
      photoReviewDisplayType: 'FIRST_TYPE',
      photoReviewCntPerPage: 0,
      noPhotoReviewText: '',
      productReviewCntPerPage: 0,
      widgetConfig: {
        productReviewWidgetUsable: false,
        photoReviewWidgetPageCount: 0,
        productReviewWidgetPageCount: 0,
        photoReviewWidgetUsable: false,
        allReviewWidgetUsable: false,
        allReviewWidgetPageCount: 0,
      },
    },
  };
}

/** GET /products/inquiries/configurations */
export function productInquiryConfiguration(): GetProductsInquiriesConfigurationsResponse {
  return {
    name: QUESTION_RULES.name,
    description: '',
    boardUsable: true,
    boardType: 'INQUIRY',
    boardImageType: 'PRODUCT_MAIN_IMAGE',
    memberWriteable: QUESTION_RULES.memberWrite,
    guestWriteable: QUESTION_RULES.guestWrite,
    secretUsable: QUESTION_RULES.secret,
    canAttach: false,
    canReply: QUESTION_RULES.answered,
  };
}
