import type { GetProfileResponse } from '@shopby/shop-sdk/build/types/domain/member';
import { toShopbyYmdt } from '../../lib/dates.ts';
import type { MemberProfile } from './service.ts';

/** The fields of Shopby's profile that Podo fills (spec section 3: memberName … sex, and more). */
export type ShopbyProfile = Pick<
  GetProfileResponse,
  | 'mallName'
  | 'memberNo'
  | 'memberId'
  | 'memberName'
  | 'memberGradeName'
  | 'memberGroupNames'
  | 'memberGroups'
  | 'memberStatus'
  | 'memberType'
  | 'mobileNo'
  | 'email'
  | 'birthday'
  | 'sex'
  | 'countryCd'
  | 'principalCertificated'
  | 'adultCertificated'
  | 'smsAgreed'
  | 'smsAgreeYmdt'
  | 'directMailAgreed'
  | 'directMailAgreeYmdt'
  | 'pushNotificationAgreed'
  | 'joinYmdt'
  | 'lastLoginYmdt'
  | 'loginCount'
  | 'agreedTerms'
  | 'agreedTermsInfos'
  | 'providerType'
  | 'providerTypes'
  | 'lastLoginIp'
  | 'telephoneNo'
  | 'zipCd'
  | 'address'
  | 'detailAddress'
  | 'jibunAddress'
  | 'jibunDetailAddress'
  | 'nickname'
  | 'joinTypeName'
  | 'pushNotificationAgreeYmdt'
  | 'oauthIdNo'
  | 'additionalInfo'
  | 'adultCertificatedYmdt'
  | 'refundBank'
  | 'refundBankAccount'
  | 'refundBankDepositorName'
  | 'customTermsAgreement'
  | 'extraInfo'
>;

const ymdt = (iso: string | null) => (iso ? toShopbyYmdt(iso) : '');

/**
 * A member's own profile in Shopby's shape. Strings are '' where Podo has no value. The social
 * logins (`providers`, oldest first) come from the social-login module (`linkedProviders`): the
 * member module does not read that module's tables.
 */
export function toShopbyProfile(
  p: MemberProfile,
  mallName: string,
  providers: readonly string[] = [],
): ShopbyProfile {
  return {
    mallName,
    memberNo: p.memberNo,
    memberId: p.memberId ?? '',
    memberName: p.memberName,
    memberGradeName: p.memberGradeName,
    memberGroupNames: p.groups.map((g) => g.groupName).join(','),
    memberGroups: p.groups.map((g) => ({
      memberGroupNo: g.groupNo,
      memberGroupName: g.groupName,
      memberGroupDescription: g.groupDescription,
    })),
    memberStatus: p.memberStatus,
    memberType: p.memberType,
    mobileNo: p.mobileNo ?? '',
    email: p.email ?? '',
    birthday: p.birthday ?? '',
    sex: p.sex ?? '',
    countryCd: 'KR',
    principalCertificated: false,
    adultCertificated: false,
    smsAgreed: p.smsAgreed,
    smsAgreeYmdt: ymdt(p.smsAgreedAt),
    directMailAgreed: p.directMailAgreed,
    directMailAgreeYmdt: ymdt(p.directMailAgreedAt),
    pushNotificationAgreed: false,
    joinYmdt: ymdt(p.joinedAt),
    lastLoginYmdt: ymdt(p.lastLoginAt),
    loginCount: p.loginCount,
    agreedTerms: [...new Set(p.agreements.map((a) => a.termsType))],
    agreedTermsInfos: p.agreements.map((a) => ({ termsType: a.termsType, agreementYmdt: ymdt(a.agreedAt) })),
    providerType: providers[0] ?? '',
    providerTypes: [...providers],
    lastLoginIp: p.lastLoginIp ?? '',
    // Podo's profile keeps no landline, home address, nickname, refund account, custom terms or
    // extra member fields (addresses live in the address book): the SDK type's empty values
    telephoneNo: '',
    zipCd: '',
    address: '',
    detailAddress: '',
    jibunAddress: '',
    jibunDetailAddress: '',
    nickname: '',
    joinTypeName: '',
    pushNotificationAgreeYmdt: '',
    oauthIdNo: '',
    additionalInfo: '',
    adultCertificatedYmdt: '',
    refundBank: '',
    refundBankAccount: '',
    refundBankDepositorName: '',
    customTermsAgreement: [],
    extraInfo: [],
  };
}
