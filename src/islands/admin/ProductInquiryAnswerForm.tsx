import { useId, useState, type SubmitEvent } from 'react';
import { ANSWER_CONTENT_MAX } from '../../lib/board-rules.ts';
import { apiRequest, errorMessage } from '../../lib/shop-api-client.ts';
import '../board/board-forms.css';

export interface ProductInquiryAnswerFormProps {
  inquiryNo: number;
  /** The answer already given, to correct it. */
  answer: string | null;
}

/** The manager answers a product question; the answer then shows under it on the product page. */
export default function ProductInquiryAnswerForm({ inquiryNo, answer }: ProductInquiryAnswerFormProps) {
  const uid = useId();
  const [text, setText] = useState(answer ?? '');
  const [saved, setSaved] = useState(answer !== null);
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
      await apiRequest(`/api/manager/product-inquiries/${inquiryNo}/answer`, {
        method: 'PUT',
        body: { answerContent: text.trim() },
      });
      setStatus(saved ? '답변을 수정했습니다.' : '답변을 등록했습니다. 상품 페이지의 문의 아래에 보입니다.');
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="bf-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-answer`}>
          {saved ? '답변 수정' : '답변 작성'}
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
          고객에게는 입력한 글자 그대로(줄바꿈 포함) 보입니다. 비밀글의 답변은 작성자와 관리자만 봅니다.
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
        </p>
      )}
      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending}>
          {saved ? '답변 수정' : '답변 등록'}
        </button>
      </div>
    </form>
  );
}
