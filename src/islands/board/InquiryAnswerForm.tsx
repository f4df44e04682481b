import { useId, useState, type SubmitEvent } from 'react';
import { ANSWER_CONTENT_MAX } from '../../lib/board-rules.ts';
import { messageOf, request } from './api.ts';
import './board-forms.css';

export interface InquiryAnswerFormProps {
  inquiryNo: number;
  /** The answer already given, to correct it. */
  answer: string | null;
}

const CHANNEL = { email: '이메일', sms: 'SMS' } as const;

/** The manager answers a 1:1 inquiry; the member is told by the channels they chose. */
export default function InquiryAnswerForm({ inquiryNo, answer }: InquiryAnswerFormProps) {
  const uid = useId();
  const [text, setText] = useState(answer ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setStatus(null);
    if (!text.trim()) return setError('답변을 입력해 주세요.');
    setPending(true);
    try {
      const result = await request<{ notified: ('email' | 'sms')[] }>(
        `/api/manager/inquiries/${inquiryNo}/answer`,
        {
          method: 'PUT',
          body: { answerContent: text.trim() },
        },
      );
      const told = result.notified.map((c) => CHANNEL[c]).join(', ');
      setStatus(told ? `답변을 등록했습니다. 회원에게 ${told}(으)로 알렸습니다.` : '답변을 저장했습니다.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="bf-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-answer`}>
          {answer ? '답변 수정' : '답변 작성'}
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
          회원에게는 입력한 글자 그대로(줄바꿈 포함) 보입니다. 처음 답변할 때만 회원이 고른 방법으로 알림을
          보냅니다.
        </p>
      </div>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="bf-status" role="status">
          {status} <a href="/manager/board/inquiry">목록으로</a>
        </p>
      )}
      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending}>
          {answer ? '답변 수정' : '답변 등록'}
        </button>
      </div>
    </form>
  );
}
