import { formatPhone, phoneDigits } from '../../../lib/phone.ts';
import type { Db } from '../../db/client.ts';
import { redeemCertificationKey, sendSmsCode, verifySmsCode } from '../../verification/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import { prepareTestMember, testMemberOf, type MemberCtx } from './test-member.ts';

/**
 * /test/user-verification: the member verification service over the configured SMS adapter, in two
 * runs. Without a code: a code is sent to the phone the administrator typed. With the code they
 * received: it is checked, and the certification key it yields (bound to the test member, for a
 * phone change) is used up at once, so it can open nothing.
 */

const USAGE = 'CHANGE_MOBILE_NO' as const;

interface VerifyCtx extends MemberCtx {
  mobileNo: string;
  code: string;
  key: string | null;
}

const numberStep: StepDef<VerifyCtx> = {
  label: '휴대폰 번호 확인',
  async run(ctx) {
    if (!/^01\d{8,9}$/.test(ctx.mobileNo))
      throw new Error('휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.');
    return `점검할 번호: ${formatPhone(ctx.mobileNo)}.`;
  },
};

const SEND_STEPS: readonly StepDef<VerifyCtx>[] = [
  numberStep,
  prepareTestMember,
  {
    label: '인증번호 보내기',
    async run(ctx) {
      const { remainTime } = await sendSmsCode(ctx.db, { usage: USAGE, mobileNo: ctx.mobileNo });
      return `문자 서비스가 인증번호를 받았습니다. ${Math.round(remainTime / 60)}분 안에 받은 번호를 입력하고 다시 실행하세요.`;
    },
  },
];

const VERIFY_STEPS: readonly StepDef<VerifyCtx>[] = [
  numberStep,
  prepareTestMember,
  {
    label: '인증번호 확인',
    async run(ctx) {
      const cert = await verifySmsCode(ctx.db, {
        usage: USAGE,
        mobileNo: ctx.mobileNo,
        code: ctx.code,
        memberNo: testMemberOf(ctx).memberNo,
      });
      ctx.key = cert.key;
      return '인증번호가 맞습니다. 인증 서비스가 인증 키를 발급했습니다.';
    },
  },
  {
    label: '인증 키 폐기',
    undo: true,
    async run(ctx) {
      if (!ctx.key || !ctx.member) return '발급된 인증 키가 없어 폐기할 것이 없습니다.';
      await redeemCertificationKey(ctx.db, ctx.key, {
        usage: USAGE,
        mobileNo: ctx.mobileNo,
        memberNo: ctx.member.memberNo,
      });
      return '발급된 인증 키를 바로 써서 없앴습니다. 이 키로는 아무것도 바꿀 수 없습니다.';
    },
  },
];

export function runVerificationCheck(
  db: Db,
  input: { phone?: string | undefined; code?: string | undefined },
) {
  const ctx: VerifyCtx = {
    db,
    member: null,
    mobileNo: phoneDigits(input.phone ?? ''),
    code: (input.code ?? '').trim(),
    key: null,
  };
  return runSteps(ctx, ctx.code ? VERIFY_STEPS : SEND_STEPS);
}
