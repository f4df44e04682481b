import { randomBytes } from 'node:crypto';
import { josa } from 'es-hangul';
import type { Db } from '../../db/client.ts';
import { loginWithPassword, resolveMember, revokeSession } from '../../auth/index.ts';
import { changePassword, getProfile, updateProfile } from '../../member/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import {
  prepareTestMember,
  testMemberOf,
  TEST_MEMBER_ID,
  TEST_MEMBER_NAME,
  type MemberCtx,
} from './test-member.ts';

/**
 * /test/login, /test/user and /test/user-update on the test member (test-member.ts): signing in
 * with id and password through the login service and out again, reading the profile, and a profile
 * change that is put back.
 */

interface LoginCtx extends MemberCtx {
  password: string;
  accessToken: string | null;
}

const minutes = (seconds: number) => `${Math.round(seconds / 60).toLocaleString('ko-KR')}분`;

const LOGIN_STEPS: readonly StepDef<LoginCtx>[] = [
  prepareTestMember,
  {
    label: '임시 비밀번호 정하기',
    async run(ctx) {
      await changePassword(ctx.db, testMemberOf(ctx).memberNo, ctx.password);
      return '점검용 회원의 비밀번호를 이번 점검만의 임의 값으로 바꿨습니다 (화면에 보이지 않습니다).';
    },
  },
  {
    label: '아이디와 비밀번호로 로그인',
    async run(ctx) {
      const result = await loginWithPassword(ctx.db, { memberId: TEST_MEMBER_ID, password: ctx.password });
      ctx.accessToken = result.session.accessToken;
      return `로그인 서비스가 세션을 발급했습니다 (유효 ${minutes(result.session.expireIn)}).`;
    },
  },
  {
    label: '세션으로 회원 확인',
    async run(ctx) {
      const member = await resolveMember(ctx.db, ctx.accessToken);
      if (!member) throw new Error('발급된 세션으로 회원을 찾지 못했습니다.');
      if (member.memberNo !== testMemberOf(ctx).memberNo)
        throw new Error(`세션이 다른 회원(회원 번호 ${member.memberNo})을 가리킵니다.`);
      return `세션이 ${josa(member.memberName, '을/를')} 가리킵니다 (회원 번호 ${member.memberNo}).`;
    },
  },
  {
    label: '로그아웃',
    undo: true,
    async run(ctx) {
      if (!ctx.accessToken) return '발급된 세션이 없어 로그아웃할 것이 없습니다.';
      await revokeSession(ctx.db, ctx.accessToken);
      return '세션을 끝냈습니다.';
    },
  },
  {
    label: '로그아웃 확인',
    async run(ctx) {
      if (await resolveMember(ctx.db, ctx.accessToken))
        throw new Error('로그아웃한 세션이 아직 회원을 가리킵니다.');
      return '끝낸 세션으로는 더 이상 로그인되지 않습니다.';
    },
  },
];

export function runLoginCheck(db: Db) {
  const password = `Ck${randomBytes(5).toString('hex')}!7`;
  return runSteps<LoginCtx>({ db, member: null, password, accessToken: null }, LOGIN_STEPS);
}

const USER_STEPS: readonly StepDef<MemberCtx>[] = [
  prepareTestMember,
  {
    label: '회원 정보 읽기',
    async run(ctx) {
      const p = await getProfile(ctx.db, testMemberOf(ctx).memberNo);
      if (!p) throw new Error('점검용 회원의 정보를 읽지 못했습니다.');
      const groups = p.groups.length > 0 ? p.groups.map((g) => g.groupName).join(', ') : '없음';
      return `이름 ${p.memberName}, 등급 ${p.memberGradeName}, 그룹 ${groups}, 상태 ${p.memberStatus}, 가입 방식 ${p.memberType}.`;
    },
  },
];

export const runUserCheck = (db: Db) => runSteps<MemberCtx>({ db, member: null }, USER_STEPS);

interface UpdateCtx extends MemberCtx {
  before: { memberName: string; smsAgreed: boolean } | null;
}

const CHANGED_NAME = '연동 점검 수정 회원';

const UPDATE_STEPS: readonly StepDef<UpdateCtx>[] = [
  prepareTestMember,
  {
    label: '지금 정보 읽기',
    async run(ctx) {
      const p = await getProfile(ctx.db, testMemberOf(ctx).memberNo);
      if (!p) throw new Error('점검용 회원의 정보를 읽지 못했습니다.');
      ctx.before = { memberName: p.memberName, smsAgreed: p.smsAgreed };
      return `이름 ${p.memberName}, SMS 수신 ${p.smsAgreed ? '동의' : '거부'}.`;
    },
  },
  {
    label: '이름과 SMS 수신 바꾸기',
    async run(ctx) {
      const before = ctx.before!;
      const p = await updateProfile(ctx.db, testMemberOf(ctx).memberNo, {
        memberName: CHANGED_NAME,
        smsAgreed: !before.smsAgreed,
      });
      if (p.memberName !== CHANGED_NAME || p.smsAgreed === before.smsAgreed)
        throw new Error('회원 서비스가 바뀐 값을 돌려주지 않았습니다.');
      return `이름을 ${CHANGED_NAME}, SMS 수신을 ${p.smsAgreed ? '동의' : '거부'}로 바꿨습니다.`;
    },
  },
  {
    label: '원래대로 되돌리기',
    undo: true,
    async run(ctx) {
      if (!ctx.before || !ctx.member) return '바꾼 것이 없어 되돌릴 것이 없습니다.';
      await updateProfile(ctx.db, ctx.member.memberNo, ctx.before);
      return `이름을 ${ctx.before.memberName}, SMS 수신을 ${ctx.before.smsAgreed ? '동의' : '거부'}로 되돌렸습니다.`;
    },
  },
  {
    label: '되돌린 것 확인',
    async run(ctx) {
      const p = await getProfile(ctx.db, testMemberOf(ctx).memberNo);
      if (p?.memberName !== ctx.before?.memberName || p?.smsAgreed !== ctx.before?.smsAgreed)
        throw new Error('다시 읽은 정보가 원래 값과 다릅니다.');
      return `다시 읽으니 원래 값 그대로입니다 (이름 ${p?.memberName ?? TEST_MEMBER_NAME}).`;
    },
  },
];

export const runUserUpdateCheck = (db: Db) =>
  runSteps<UpdateCtx>({ db, member: null, before: null }, UPDATE_STEPS);
