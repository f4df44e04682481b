import type { Db } from '../db/client.ts';
import type { SocialProvider } from '../adapters/oauth/index.ts';
import { accountError } from '../auth/index.ts';
import { currentTerms, createMember } from '../member/index.ts';

import { birthdayProblem, Email, MemberName, MobileNo } from '../../lib/validation.ts';
import { sha256Hex } from '../verification/index.ts';
import { socialError } from './errors.ts';
import * as repo from './repo.ts';

export interface SocialSignUpInput {
  socialSignUpToken: string;
  /** Shopby's `joinTermsAgreements`: the terms types agreed on the register agreement page. */
  joinTermsAgreements: readonly string[];
  /** Override or fill in what the provider did not give (validated by the route). */
  memberName?: string | undefined;
  email?: string | undefined;
  mobileNo?: string | undefined;
  birthday?: string | undefined;
  sex?: 'M' | 'F' | undefined;
  smsAgreed?: boolean | undefined;
  directMailAgreed?: boolean | undefined;
}

/**
 * Turns a verified social identity into a member after the terms consent (POST /profile/openid).
 * Required terms missing → denied-sns-agreement. The member, the terms, the link and the use of
 * the token are one write transaction: a token makes at most one member.
 */
export async function signUpWithSocialToken(
  db: Db,
  input: SocialSignUpInput,
): Promise<{ memberNo: number; provider: SocialProvider }> {
  const tokenHash = sha256Hex(input.socialSignUpToken);
  const row = await repo.selectSignUpToken(db, tokenHash);
  const now = new Date();
  if (!row || row.usedAt) {
    throw accountError(
      'invalid-token',
      '간편 가입 정보가 없거나 이미 사용되었습니다. 간편 로그인을 다시 진행해 주세요.',
    );
  }
  if (row.expiresAt <= now.toISOString()) throw socialError('sign-up-expired');

  const agreed = new Set(input.joinTermsAgreements);
  const terms = await currentTerms(db, undefined, now);
  if (terms.some((t) => t.required && !agreed.has(t.termsType))) throw accountError('denied-sns-agreement');

  const p = row.profile;
  // what the provider gave is used when it passes the shop's own rules, else the member types it
  const memberName = input.memberName ?? valid(MemberName, p.name);
  if (!memberName) throw accountError('invalid-request', '이름을 한글 또는 영문으로 입력해 주세요.');
  const birthday = input.birthday ?? (p.birthday && !birthdayProblem(p.birthday) ? p.birthday : null);

  const { memberNo } = await createMember(
    db,
    {
      memberName,
      email: input.email ?? valid(Email, p.email),
      mobileNo: input.mobileNo ?? valid(MobileNo, p.mobileNo),
      birthday,
      sex: input.sex ?? p.sex,
      smsAgreed: input.smsAgreed === true,
      directMailAgreed: input.directMailAgreed === true,
      agreedTermsTypes: [...agreed],
      afterInsert: async (tx, newMemberNo) => {
        if (!(await repo.useSignUpToken(tx, tokenHash, now.toISOString()))) {
          throw accountError(
            'invalid-token',
            '간편 가입 정보가 없거나 이미 사용되었습니다. 간편 로그인을 다시 진행해 주세요.',
          );
        }
        const linked = await repo.insertLink(tx, {
          memberNo: newMemberNo,
          provider: row.provider,
          providerUserId: p.providerUserId,
          email: p.email,
          now: now.toISOString(),
        });
        if (!linked) throw socialError('linked-to-other-member');
      },
    },
    now,
  );
  return { memberNo, provider: row.provider };
}

function valid<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | null {
  if (value == null) return null;
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
}
