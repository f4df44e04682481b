/** The verification module's public entry: code outside src/server/verification/ imports only this file. */
export {
  EMAIL_CONFIRMATION_SECONDS,
  issueEmailConfirmation,
  redeemEmailConfirmation,
} from './email-confirmation.ts';
export { maskMemberId, maskName } from './masking.ts';
export {
  changePasswordAfterCert,
  checkResetKey,
  checkSmsUsage,
  countLookup,
  findId,
  memberEquals,
  searchAccount,
  sendPasswordResetMail,
} from './recovery.ts';
export type { FindIdCriteria } from './recovery.ts';
export { isoAfter, randomSecret, sha256Hex } from './secrets.ts';
export { redeemCertificationKey, sendSmsCode, verifySmsCode } from './service.ts';
export { forgetVerifications } from './withdrawal.ts';
