/** The inquiry module's public entry: code outside src/server/inquiry/ imports only this file. */
export { answerTarget, postAnswer } from './answers.ts';
export { answerStore } from './answer-sql.ts';
export type { AnsweredTable, StoredAnswer } from './answer-sql.ts';
export type { AnswerInput, AnswerResult, AnswerSubject, AnswerTarget } from './answers.ts';
export {
  answerInquiry,
  createInquiry,
  deleteMyInquiry,
  getInquiryForManager,
  getMyInquiry,
  listInquiriesForManager,
  listInquiryTypes,
  listMyInquiries,
  updateMyInquiry,
} from './service.ts';
export type { Inquiry, InquiryInput, InquiryPage } from './service.ts';
export { toShopbyInquiry, toShopbyInquiryPage } from './shopby.ts';
