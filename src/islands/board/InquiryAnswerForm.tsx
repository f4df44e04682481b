import { josa } from 'es-hangul';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { ANSWER_CONTENT_MAX } from '../../lib/board-limits.ts';
import { managerBoardApi } from '../../lib/clients/manager-board.ts';
import { managerProductInquiryApi } from '../../lib/clients/manager-product-inquiries.ts';
import { param, unwrap } from '../../lib/shop-api-client.ts';
import { messageOf } from './api.ts';
import './board-forms.css';

export interface InquiryAnswerFormProps {
  /** What is answered: a member's 1:1 inquiry (the default) or a question on a product page. */
  kind?: 'inquiry' | 'product';
  inquiryNo: number;
  /** The answer already given, to correct it. */
  answer: string | null;
}

const CHANNEL = { email: '이메일', sms: 'SMS' } as const;

const inquiryNoParam = (inquiryNo: number) => param({ inquiryNo: String(inquiryNo) });

/** How the two kinds of question differ: the route, who reads the answer, what a save says. */
const KINDS: Record<
  'inquiry' | 'product',
  {
    /**
     * Saves the answer (PUT …/answer); resolves with the status line to show. `again`: this form
     * had saved an answer before.
     */
    save: (inquiryNo: number, answerContent: string, again: boolean) => Promise<string>;
    hint: string;
    /** The label turns to "답변 수정" once this form has saved (the question stays on the page). */
    relabel: boolean;
    /** After the status line. */
    next?: ReactNode;
  }
> = {
  inquiry: {
    save: async (no, answerContent) => {
      const { notified } = await unwrap(
        managerBoardApi.inquiries[':inquiryNo{[0-9]{1,15}}'].answer.$put({
          param: inquiryNoParam(no),
          json: { answerContent },
        }),
      );
      const told = notified.map((c) => CHANNEL[c]).join(', ');
      return told
        ? `답변을 등록했습니다. 회원에게 ${josa(told, '으로/로')} 알렸습니다.`
        : '답변을 저장했습니다.';
    },
    hint: '회원에게는 입력한 글자 그대로(줄바꿈 포함) 보입니다. 처음 답변할 때만 회원이 고른 방법으로 알림을 보냅니다.',
    relabel: false,
    next: <a href="/manager/board/inquiry">목록으로</a>,
  },
  product: {
    save: async (no, answerContent, again) => {
      await unwrap(
        managerProductInquiryApi[':inquiryNo{[0-9]{1,15}}'].answer.$put({
          param: inquiryNoParam(no),
          json: { answerContent },
        }),
      );
      return again ? '답변을 수정했습니다.' : '답변을 등록했습니다. 상품 페이지의 문의 아래에 보입니다.';
    },
    hint: '고객에게는 입력한 글자 그대로(줄바꿈 포함) 보입니다. 비밀글의 답변은 작성자와 관리자만 봅니다.',
    relabel: true,
  },
};

/**
 * The manager answers a question: a 1:1 inquiry (the member is told by the channels they chose)
 * or a product question (the answer then shows under it on the product page).
 */
export default function InquiryAnswerForm({ kind = 'inquiry', inquiryNo, answer }: InquiryAnswerFormProps) {
  const uid = useId();
  const how = KINDS[kind];
  const [text, setText] = useState(answer ?? '');
  const [saved, setSaved] = useState(answer !== null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const answered = how.relabel ? saved : answer !== null;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setStatus(null);
    if (!text.trim()) return setError('답변을 입력해 주세요.');
    setPending(true);
    try {
      setStatus(await how.save(inquiryNo, text.trim(), saved));
      setSaved(true);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-answer`}>
          {answered ? '답변 수정' : '답변 작성'}
        </label>
        <textarea
          id={`${uid}-answer`}
          className="bf-textarea"
          value={text}
          maxLength={ANSWER_CONTENT_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${uid}-hint`}
        />
        <p className="bf-hint" id={`${uid}-hint`}>
          {how.hint}
        </p>
      </div>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="bf-status" role="status">
          {status}
          {how.next && <> {how.next}</>}
        </p>
      )}
      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending}>
          {answered ? '답변 수정' : '답변 등록'}
        </button>
      </div>
    </form>
  );
}
