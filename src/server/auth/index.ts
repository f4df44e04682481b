/** The auth module's public entry: code outside src/server/auth/ imports only this file. */
export {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_HEADER,
  GUEST_TOKEN_HEADER,
  TOKEN_EXPIRY_COOKIE,
  USER_UPDATE_COOKIE,
  USER_UPDATE_HEADER,
  formatTokenExpiry,
  secureCookies,
} from './cookies.ts';
export { accountError } from './errors.ts';
export { CHECK_PASSWORD_LIMIT, loginWithPassword, verifyLogin } from './login.ts';
export type { LoginResult } from './login.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { hitLimit, resetLimit, undoHit } from './rate-limit.ts';
export type { Limit } from './rate-limit.ts';
export {
  createSession,
  resolveMember,
  resolveSession,
  revokeMemberSessions,
  revokeSession,
  usableSeconds,
} from './session.ts';
export type { AuthMember, NewSession } from './session.ts';
export { hashToken, looksLikeToken, newToken } from './tokens.ts';
export { assertUpdateToken, issueUpdateToken, revokeUpdateToken } from './update-token.ts';
export type { UpdateToken } from './update-token.ts';
export * as authSteps from './steps.ts';
export { purgeExpiredAuth } from './session.ts';
