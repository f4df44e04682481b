import { josa } from 'es-hangul';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { env } from '../platform/env.ts';
import { appError } from '../platform/errors.ts';
import { getMember } from '../member/index.ts';
import { notificationSteps } from '../notification/index.ts';

/**
 * Answering a member's question, whatever kind it is: 1:1 inquiries now, product inquiries when
 * the product Q&A arrives. A kind plugs in as an `AnswerTarget` (how to find the question and
 * store the answer); this module does the rest the same way for all of them: the answer is plain
 * text, recorded with who answered and when, and the member is told once by the channels they
 * chose (e-mail, SMS), recorded in the notification outbox with the answer and sent afterwards
 * (decision 029). A failed notice never undoes the answer.
 */

export interface AnswerSubject {
  memberNo: number;
  title: string;
  /** The member asked to hear about the answer by e-mail / by SMS. */
  notifyEmail: boolean;
  notifySms: boolean;
  /** Where the member reads the answer (a same-site path). */
  readAt: string;
}

export interface AnswerTarget {
  /** The kind in the member's words: "1:1 문의", "상품 문의". */
  label: string;
  /** The kind's table, naming its questions in the notification outbox. */
  kind: string;
  find(db: Db, no: number): Promise<AnswerSubject | null>;
  /** Stores the answer; `notifyPending` when the member has not been told about one yet. */
  save(
    db: Executor,
    no: number,
    answer: { content: string; answeredBy: number; answeredAt: string },
  ): Promise<{ found: boolean; notifyPending: boolean }>;
  markNotified(db: Executor, no: number, at: string): Promise<void>;
}

/**
 * The `AnswerTarget` of a kind whose questions are rows read by `select`: `subject` says what the
 * answer flow needs of a row; `save` and `markNotified` come from the kind's `answerStore`.
 */
export function answerTarget<Row>(kind: {
  label: string;
  kind: string;
  select(db: Db, no: number): Promise<Row | null>;
  subject(row: Row): AnswerSubject;
  save: AnswerTarget['save'];
  markNotified: AnswerTarget['markNotified'];
}): AnswerTarget {
  return {
    label: kind.label,
    kind: kind.kind,
    async find(db, no) {
      const row = await kind.select(db, no);
      return row ? kind.subject(row) : null;
    },
    save: kind.save,
    markNotified: kind.markNotified,
  };
}

export interface AnswerInput {
  content: string;
  answeredBy: number;
}

export interface AnswerResult {
  /** Channels the member was told through. */
  notified: ('email' | 'sms')[];
}

export async function postAnswer(
  db: Db,
  target: AnswerTarget,
  no: number,
  input: AnswerInput,
  now: Date = new Date(),
): Promise<AnswerResult> {
  const content = input.content.replace(/\r\n?/g, '\n').trim();
  if (!content) throw appError('INVALID_INPUT', '답변을 입력해 주세요.');
  const subject = await target.find(db, no);
  if (!subject) throw appError('NOT_FOUND', `${josa(target.label, '을/를')} 찾을 수 없습니다.`);
  const member = await getMember(db, subject.memberNo);
  const at = now.toISOString();
  // the answer and its message in one transaction: the member is told once, after it is stored
  const notified = await writeTx(db, async (tx) => {
    const saved = await target.save(tx, no, { content, answeredBy: input.answeredBy, answeredAt: at });
    if (!saved.found) throw appError('NOT_FOUND', `${josa(target.label, '을/를')} 찾을 수 없습니다.`);
    if (!saved.notifyPending) return [];
    const channels = await notify(tx, no, target, subject, member, now);
    await target.markNotified(tx, no, at);
    return channels;
  });
  return { notified };
}

/**
 * Records the answer's message (decision 029) by the channels the member chose on the question,
 * to the member's current e-mail and phone; sent by the notification outbox afterwards.
 */
async function notify(
  tx: Executor,
  no: number,
  target: AnswerTarget,
  subject: AnswerSubject,
  member: Awaited<ReturnType<typeof getMember>>,
  now: Date,
): Promise<('email' | 'sms')[]> {
  if (!subject.notifyEmail && !subject.notifySms) return [];
  if (!member || member.memberStatus === 'WITHDRAWN') return [];
  const recorded = await notificationSteps.enqueue(
    tx,
    {
      email: subject.notifyEmail ? member.email : null,
      mobileNo: subject.notifySms ? member.mobileNo : null,
    },
    {
      event: 'INQUIRY_ANSWERED',
      inquiry: {
        name: member.memberName ?? '회원',
        title: `${target.label} "${subject.title}"`,
        url: new URL(subject.readAt, env().PUBLIC_BASE_URL).href,
      },
    },
    `${target.kind}-${no}`,
    now,
  );
  return [
    ...(recorded.includes('mail') ? (['email'] as const) : []),
    ...(recorded.includes('sms') ? (['sms'] as const) : []),
  ];
}
