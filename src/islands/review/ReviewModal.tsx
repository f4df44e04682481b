import { useId, useState, type SubmitEvent } from 'react';
import { RATINGS, RATING_LABELS, REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN } from '../../lib/review-rules.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import Dialog from './Dialog.tsx';
import ReviewPhotoPicker, { type ReviewPhoto } from './ReviewPhotoPicker.tsx';
import { createReview, updateReview } from './review-api.ts';

/** What was bought, shown at the top of the modal. */
export interface ReviewSubject {
  productNo: number;
  productName: string;
  optionTitle?: string | undefined;
  imageUrl?: string | undefined;
}

export type ReviewModalTarget =
  | { kind: 'create'; subject: ReviewSubject; orderOptionNo: number; optionNo?: number | undefined }
  | {
      kind: 'edit';
      subject: ReviewSubject;
      reviewNo: number;
      initial: { rate: number; content: string; photos: ReviewPhoto[] };
    };

export interface ReviewModalProps {
  target: ReviewModalTarget;
  onClose: () => void;
  /** After a successful save: the review's number. */
  onSaved: (reviewNo: number) => void;
}

/**
 * The spec's review modal: rating 5 to 1 as a radio group ("5점 아주 좋아요" …), the text and up to
 * 5 photos. Writes a new review of a bought line or changes the member's own review.
 */
export default function ReviewModal({ target, onClose, onSaved }: ReviewModalProps) {
  const uid = useId();
  const initial = target.kind === 'edit' ? target.initial : null;
  const [rate, setRate] = useState<number | null>(initial?.rate ?? null);
  const [content, setContent] = useState(initial?.content ?? '');
  const [photos, setPhotos] = useState<ReviewPhoto[]>(initial?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ rate?: string; content?: string }>({});
  const length = content.trim().length;

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems: { rate?: string; content?: string } = {};
    if (rate === null) problems.rate = '평점을 선택해 주세요.';
    if (length < REVIEW_CONTENT_MIN)
      problems.content = `후기 내용은 ${REVIEW_CONTENT_MIN}자 이상 입력해 주세요.`;
    else if (length > REVIEW_CONTENT_MAX)
      problems.content = `후기 내용은 ${REVIEW_CONTENT_MAX.toLocaleString('ko-KR')}자까지 입력할 수 있습니다.`;
    setFieldErrors(problems);
    if (problems.rate || problems.content || rate === null) {
      const first = e.currentTarget.querySelector<HTMLElement>(
        problems.rate ? `input[name="${uid}-rate"]` : 'textarea',
      );
      first?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const body = { rate, content, urls: photos.map((p) => p.url) };
    try {
      if (target.kind === 'create') {
        const { reviewNo } = await createReview(target.subject.productNo, {
          ...body,
          orderOptionNo: target.orderOptionNo,
          optionNo: target.optionNo,
        });
        onSaved(reviewNo);
      } else {
        await updateReview(target.subject.productNo, target.reviewNo, body);
        onSaved(target.reviewNo);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const { subject } = target;
  return (
    <Dialog title={target.kind === 'create' ? '후기 쓰기' : '후기 수정'} onClose={onClose}>
      <form className="rv-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="rv-subject">
          {subject.imageUrl && <img src={subject.imageUrl} alt="" width={64} height={64} />}
          <p>
            <strong>{subject.productName}</strong>
            {subject.optionTitle && <span className="rv-muted">{subject.optionTitle}</span>}
          </p>
        </div>

        <fieldset
          className="rv-rating-field"
          aria-describedby={fieldErrors.rate ? `${uid}-rate-error` : undefined}
        >
          <legend className="rv-label">
            평점 <span className="rv-required">(필수)</span>
          </legend>
          <div className="rv-rating-options">
            {RATINGS.map((r) => (
              <label key={r} className="rv-rating-option">
                <input
                  type="radio"
                  name={`${uid}-rate`}
                  value={r}
                  checked={rate === r}
                  onChange={() => setRate(r)}
                  aria-invalid={fieldErrors.rate ? true : undefined}
                />
                <span className="rv-rating-stars" aria-hidden="true">
                  {'★'.repeat(r)}
                </span>
                <span>
                  {r}점 {RATING_LABELS[r]}
                </span>
              </label>
            ))}
          </div>
          {fieldErrors.rate && (
            <p className="rv-error" id={`${uid}-rate-error`}>
              {fieldErrors.rate}
            </p>
          )}
        </fieldset>

        <div className="rv-field">
          <label className="rv-label" htmlFor={`${uid}-content`}>
            후기 내용 <span className="rv-required">(필수)</span>
          </label>
          <textarea
            id={`${uid}-content`}
            className="rv-textarea"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={REVIEW_CONTENT_MAX + 200}
            rows={6}
            placeholder={`상품에 대한 솔직한 후기를 ${REVIEW_CONTENT_MIN}자 이상 남겨 주세요.`}
            aria-invalid={fieldErrors.content ? true : undefined}
            aria-describedby={`${uid}-count${fieldErrors.content ? ` ${uid}-content-error` : ''}`}
          />
          <p className="rv-hint" id={`${uid}-count`}>
            {length.toLocaleString('ko-KR')} / {REVIEW_CONTENT_MAX.toLocaleString('ko-KR')}자 (최소{' '}
            {REVIEW_CONTENT_MIN}자)
          </p>
          {fieldErrors.content && (
            <p className="rv-error" id={`${uid}-content-error`}>
              {fieldErrors.content}
            </p>
          )}
        </div>

        <ReviewPhotoPicker photos={photos} onChange={setPhotos} onBusy={setUploading} />

        {error && (
          <p className="rv-alert" role="alert">
            {error}
          </p>
        )}
        <div className="rv-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            취소
          </button>
          <button type="submit" className="button" disabled={saving || uploading}>
            {saving ? '저장하는 중…' : target.kind === 'create' ? '후기 등록' : '수정 완료'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
