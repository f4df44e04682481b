import { josa } from 'es-hangul';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import { appError } from '../platform/errors.ts';
import { mail, type MailPort } from '../adapters/mail/index.ts';
import { sms, type SmsPort } from '../adapters/sms/index.ts';
import { getMember } from '../member/index.ts';

/**
 * Answering a member's question, whatever kind it is: 1:1 inquiries now, product inquiries when
 * the product Q&A arrives. A kind plugs in as an `AnswerTarget` (how to find the question and
 * store the answer); this module does the rest the same way for all of them: the answer is plain
 * text, recorded with who answered and when, and the member is told once by the channels they
 * chose (e-mail, SMS) through the mail and SMS ports. A failed notice never undoes the answer.
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
  find(db: Db, no: number): Promise<AnswerSubject | null>;
  /** Stores the answer; `notifyPending` when the member has not been told about one yet. */
  save(
    db: Db,
    no: number,
    answer: { content: string; answeredBy: number; answeredAt: string },
  ): Promise<{ found: boolean; notifyPending: boolean }>;
  markNotified(db: Db, no: number, at: string): Promise<void>;
}

/**
 * The `AnswerTarget` of a kind whose questions are rows read by `select`: `subject` says what the
 * answer flow needs of a row; `save` and `markNotified` come from the kind's `answerStore`.
 */
export function answerTarget<Row>(kind: {
  label: string;
  select(db: Db, no: number): Promise<Row | null>;
  subject(row: Row): AnswerSubject;
  save: AnswerTarget['save'];
  markNotified: AnswerTarget['markNotified'];
}): AnswerTarget {
  return {
    label: kind.label,
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

export interface Notifiers {
  mail: MailPort;
  sms: SmsPort;
}

export async function postAnswer(
  db: Db,
  target: AnswerTarget,
  no: number,
  input: AnswerInput,
  now: Date = new Date(),
  notifiers: Notifiers = { mail: mail(), sms: sms() },
): Promise<AnswerResult> {
  const content = input.content.replace(/\r\n?/g, '\n').trim();
  if (!content) throw appError('INVALID_INPUT', '답변을 입력해 주세요.');
  const subject = await target.find(db, no);
  if (!subject) throw appError('NOT_FOUND', `${josa(target.label, '을/를')} 찾을 수 없습니다.`);
  const at = now.toISOString();
  const saved = await target.save(db, no, { content, answeredBy: input.answeredBy, answeredAt: at });
  if (!saved.found) throw appError('NOT_FOUND', `${josa(target.label, '을/를')} 찾을 수 없습니다.`);
  if (!saved.notifyPending) return { notified: [] };
  const notified = await notify(db, target, subject, notifiers);
  await target.markNotified(db, no, at);
  return { notified };
}

async function notify(
  db: Db,
  target: AnswerTarget,
  subject: AnswerSubject,
  notifiers: Notifiers,
): Promise<('email' | 'sms')[]> {
  if (!subject.notifyEmail && !subject.notifySms) return [];
  const member = await getMember(db, subject.memberNo);
  if (!member || member.memberStatus === 'WITHDRAWN') return [];
  const e = env();
  const link = new URL(subject.readAt, e.PUBLIC_BASE_URL).href;
  const sent: ('email' | 'sms')[] = [];
  if (subject.notifyEmail && member.email) {
    try {
      await notifiers.mail.send({
        to: member.email,
        subject: `[${e.BRAND_NAME}] 문의하신 내용에 답변이 등록되었습니다`,
        text: `${member.memberName ?? '회원'}님, 안녕하세요.\n\n남겨 주신 ${target.label} "${subject.title}"에 답변이 등록되었습니다.\n아래 주소에서 확인해 주세요.\n\n${link}\n\n${e.BRAND_NAME} 드림`,
      });
      sent.push('email');
    } catch (err) {
      console.error('[podo] answer e-mail failed', err);
    }
  }
  if (subject.notifySms && member.mobileNo) {
    try {
      await notifiers.sms.send({
        to: member.mobileNo,
        text: `[${e.BRAND_NAME}] ${target.label}에 답변이 등록되었습니다. ${link}`,
      });
      sent.push('sms');
    } catch (err) {
      console.error('[podo] answer SMS failed', err);
    }
  }
  return sent;
}
