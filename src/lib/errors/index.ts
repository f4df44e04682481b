import { ACCOUNT_ERRORS } from './account.ts';
import { API_CLIENT_ERRORS } from './api-clients.ts';
import { ADDRESS_ERRORS } from './address.ts';
import { BOARD_ERRORS } from './board.ts';
import { CATALOG_MANAGE_ERRORS } from './catalog-manage.ts';
import { CATALOG_SETUP_ERRORS } from './catalog-setup.ts';
import { CLAIM_ERRORS } from './claim.ts';
import { COMMERCE_ERRORS } from './commerce.ts';
import { DESIGN_ERRORS } from './design.ts';
import { DISPLAY_MANAGE_ERRORS } from './display-manage.ts';
import { MEMBER_MANAGE_ERRORS } from './member-manage.ts';
import { PLATFORM_ERRORS } from './platform.ts';
import { POS_ERRORS } from './pos.ts';
import { PROMOTION_MANAGE_ERRORS } from './promotion-manage.ts';
import { RESTOCK_ERRORS } from './restock.ts';
import { REVIEW_ERRORS } from './review.ts';
import { SOCIAL_ERRORS } from './social.ts';
import { STORES_ERRORS } from './stores.ts';
import { UPLOAD_ERRORS } from './upload.ts';
import { VERIFICATION_ERRORS } from './verification.ts';

/**
 * The error catalogue: every code the shop answers with, its HTTP status and the Korean message a
 * shopper reads, in one shape, one file per area. The server throws them (`appError(code)` in
 * src/server/platform/errors.ts); the islands show the same text for a response's code
 * (`errorMessage`). Codes keep the spelling their source gives them: the specification's account
 * codes are kebab-case (`duplication-id`), its verification codes `L1001`…, Podo's own
 * SCREAMING_SNAKE. Writing a message: say what happened and what the shopper can do, politely
 * (…해 주세요), with particles that fit the word before them. A code is defined once (a test
 * checks the areas do not overlap).
 */
export const ERROR_AREAS = {
  account: ACCOUNT_ERRORS,
  apiClients: API_CLIENT_ERRORS,
  address: ADDRESS_ERRORS,
  board: BOARD_ERRORS,
  catalogManage: CATALOG_MANAGE_ERRORS,
  catalogSetup: CATALOG_SETUP_ERRORS,
  claim: CLAIM_ERRORS,
  commerce: COMMERCE_ERRORS,
  design: DESIGN_ERRORS,
  displayManage: DISPLAY_MANAGE_ERRORS,
  memberManage: MEMBER_MANAGE_ERRORS,
  platform: PLATFORM_ERRORS,
  pos: POS_ERRORS,
  promotionManage: PROMOTION_MANAGE_ERRORS,
  restock: RESTOCK_ERRORS,
  review: REVIEW_ERRORS,
  social: SOCIAL_ERRORS,
  stores: STORES_ERRORS,
  upload: UPLOAD_ERRORS,
  verification: VERIFICATION_ERRORS,
} as const;

export const ERRORS = {
  ...ACCOUNT_ERRORS,
  ...API_CLIENT_ERRORS,
  ...ADDRESS_ERRORS,
  ...BOARD_ERRORS,
  ...CATALOG_MANAGE_ERRORS,
  ...CATALOG_SETUP_ERRORS,
  ...CLAIM_ERRORS,
  ...COMMERCE_ERRORS,
  ...DESIGN_ERRORS,
  ...DISPLAY_MANAGE_ERRORS,
  ...MEMBER_MANAGE_ERRORS,
  ...PLATFORM_ERRORS,
  ...POS_ERRORS,
  ...PROMOTION_MANAGE_ERRORS,
  ...RESTOCK_ERRORS,
  ...REVIEW_ERRORS,
  ...SOCIAL_ERRORS,
  ...STORES_ERRORS,
  ...UPLOAD_ERRORS,
  ...VERIFICATION_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERRORS;
export interface ErrorEntry {
  status: number;
  message: string;
}
export type { AccountErrorCode } from './account.ts';
export type { CommerceErrorCode } from './commerce.ts';
export type { SocialErrorCode } from './social.ts';
export type { VerificationErrorCode } from './verification.ts';
export type ClaimErrorCode = keyof typeof CLAIM_ERRORS;

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The catalogue's Korean text for a response code, or `fallback` for a code it does not know. */
export function errorMessage(code: string | null | undefined, fallback: string): string {
  return code && isErrorCode(code) ? ERRORS[code].message : fallback;
}
