import type { Db } from '../../db/client.ts';
import { createMember, getMemberById } from '../../member/index.ts';

/**
 * The checks that sign in, change a profile, give points or a coupon do it to one dedicated member,
 * never to a customer: id `integration-check`, name 연동 점검용 회원, no phone, an address at the
 * reserved `.invalid` domain. It is created the first time a check needs it and kept (so its
 * ledger shows every check that touched it); its password is a fresh random one per sign-in check,
 * never shown.
 */

export const TEST_MEMBER_ID = 'integration-check';
export const TEST_MEMBER_NAME = '연동 점검용 회원';
export const TEST_MEMBER_EMAIL = 'integration-check@podo-check.invalid';

export interface TestMember {
  memberNo: number;
  memberId: string;
}

export interface MemberCtx {
  db: Db;
  member: TestMember | null;
}

/** The test member, created when missing; the answer says which. */
export async function ensureTestMember(db: Db): Promise<{ member: TestMember; created: boolean }> {
  const found = await getMemberById(db, TEST_MEMBER_ID);
  if (found) return { member: { memberNo: found.memberNo, memberId: TEST_MEMBER_ID }, created: false };
  const made = await createMember(db, {
    memberId: TEST_MEMBER_ID,
    password: `Ck${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}!7`,
    memberName: TEST_MEMBER_NAME,
    email: TEST_MEMBER_EMAIL,
    requireTerms: false,
  });
  return { member: { memberNo: made.memberNo, memberId: TEST_MEMBER_ID }, created: true };
}

/** The first step of every check on the test member. */
export const prepareTestMember = {
  label: '점검용 회원 준비',
  async run(ctx: MemberCtx): Promise<string> {
    const { member, created } = await ensureTestMember(ctx.db);
    ctx.member = member;
    return created
      ? `점검용 회원(아이디 ${TEST_MEMBER_ID}, 회원 번호 ${member.memberNo})이 없어 새로 만들었습니다.`
      : `점검용 회원(아이디 ${TEST_MEMBER_ID}, 회원 번호 ${member.memberNo})을 씁니다.`;
  },
};

export function testMemberOf(ctx: MemberCtx): TestMember {
  if (!ctx.member) throw new Error('점검용 회원이 준비되지 않았습니다.');
  return ctx.member;
}
