/** The member module's public entry: code outside src/server/member/ imports only this file. */
export { DEMO_ACCOUNTS, demoAccountsPresent, seedMemberDemo } from './seed.ts';
export {
  changePassword,
  createMember,
  emailExists,
  ensureBrandAdminGroup,
  findMemberByEmailOrMobile,
  getMember,
  getMemberById,
  getProfile,
  grantAdmin,
  grantStaff,
  hasIdAndPassword,
  memberIdDigest,
  memberIdExists,
  mobileExists,
  recordMemberLogin,
  registerIdAndPassword,
  updateProfile,
  verifyMemberPassword,
  withdrawMember,
} from './service.ts';
export type { MemberRow } from './service.ts';
// the dashboard's new members (issue 15)
export { newMemberCount } from './figures.ts';
export { toShopbyProfile } from './shopby.ts';
export type { ShopbyProfile } from './shopby.ts';
export { currentTerms, termsByNo, termsHistory } from './terms.ts';
export type { TermsVersion } from './terms.ts';
export * as memberSteps from './steps.ts';
export {
  CONFIRM_EMAIL_PATH,
  confirmEmail,
  emailConfirmedAt,
  recordEmailConfirmation,
} from './email-confirmation.ts';
export type { EmailConfirmation } from './email-confirmation.ts';
export { mallGrades, profileGrade } from './shopby-extras.ts';
export {
  changeGrade,
  changeGroups,
  changeStaff,
  changeSuspension,
  getManagedMember,
  listManagedMembers,
  maskedAddresses,
  memberGrades,
  processWithdrawal,
  revealMember,
} from './manage.ts';
export type { ManagedMember, ManagedMemberItem, MemberState, RevealedMember } from './manage.ts';
export {
  GradeBody,
  GroupsBody,
  MEMBER_SORTS,
  MEMBER_STATUS_FILTERS,
  MemberListQuery,
  MemberNoParam,
  RevealBody,
  StaffBody,
  SuspensionBody,
  WithdrawalBody,
} from './manage-schema.ts';
export type { MemberSort, MemberStatusFilter } from './manage-schema.ts';
