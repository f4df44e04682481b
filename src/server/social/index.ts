/** The social module's public entry: code outside src/server/social/ imports only this file. */
export { resolveCallback } from './callbacks.ts';
export { socialError } from './errors.ts';
export { linkProfile, linkedProviders, listLinks, unlinkProvider } from './links.ts';
export { PARTNER_PROVIDER, issuePartnerLoginTicket, redeemPartnerLoginTicket } from './partner.ts';
export {
  completeAtProvider,
  loginWithProfile,
  profileFromOpenAccessToken,
  recordSocialLogin,
  startSocialLogin,
} from './service.ts';
export type { SocialLoginOutcome } from './service.ts';
export { signUpWithSocialToken } from './sign-up.ts';
export { forgetSocialIdentities } from './withdrawal.ts';
