import type { Db } from '../../db/client.ts';
import { MANAGED_BOARDS, createArticle, deleteArticle, getArticle } from '../../board/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';
import { prepareTestMember, testMemberOf, TEST_MEMBER_NAME, type MemberCtx } from './test-member.ts';

/**
 * /test/board: a post written, read back and deleted through the board service. It goes to the
 * bug-report board as the test member, because that board is read only by its author and the
 * administrators: no shopper ever sees the test post, even for the moment it exists.
 */

const BOARD = MANAGED_BOARDS['bug-report'];

interface BoardCtx extends MemberCtx {
  articleNo: number | null;
  title: string;
}

const author = (ctx: BoardCtx) => ({
  memberNo: testMemberOf(ctx).memberNo,
  memberName: TEST_MEMBER_NAME,
  isAdmin: false,
});

const BOARD_STEPS: readonly StepDef<BoardCtx>[] = [
  prepareTestMember,
  {
    label: '글 쓰기',
    async run(ctx) {
      ctx.articleNo = await createArticle(ctx.db, BOARD.boardNo, author(ctx), {
        title: ctx.title,
        content: '연동 점검이 쓴 글입니다. 점검이 끝나면 바로 지웁니다.',
        pageUrl: '/test/board',
      });
      return `${BOARD.name} 게시판에 글 ${ctx.articleNo}번을 썼습니다 (작성자 ${TEST_MEMBER_NAME}, 작성자와 관리자만 볼 수 있음).`;
    },
  },
  {
    label: '다시 읽기',
    async run(ctx) {
      const article = await getArticle(ctx.db, BOARD.boardNo, ctx.articleNo!, author(ctx));
      if (!article) throw new Error('방금 쓴 글을 읽지 못했습니다.');
      if (article.title !== ctx.title) throw new Error(`제목이 다릅니다: ${article.title}`);
      return `글 ${ctx.articleNo}번을 읽었고 제목이 같습니다.`;
    },
  },
  {
    label: '글 지우기',
    undo: true,
    async run(ctx) {
      if (ctx.articleNo === null) return '쓴 글이 없어 지울 것이 없습니다.';
      await deleteArticle(ctx.db, BOARD.boardNo, ctx.articleNo, author(ctx));
      return `글 ${ctx.articleNo}번을 지웠습니다.`;
    },
  },
  {
    label: '지워졌는지 확인',
    async run(ctx) {
      if (await getArticle(ctx.db, BOARD.boardNo, ctx.articleNo!, author(ctx)))
        throw new Error('지운 글이 아직 읽힙니다.');
      return '다시 읽으니 글이 없습니다.';
    },
  },
];

export const runBoardCheck = (db: Db, now = new Date()) =>
  runSteps<BoardCtx>(
    { db, member: null, articleNo: null, title: `[연동 점검] ${now.toISOString()}` },
    BOARD_STEPS,
  );

export const BOARD_CHECK_TARGET = BOARD.name;
