import { useState } from 'react';
import ReviewModal from './ReviewModal.tsx';
import './review.css';

/** Sent on `window` after a review is saved, for the page around the button to update itself. */
export const REVIEW_WRITTEN_EVENT = 'podo:review-written';
export interface ReviewWrittenDetail {
  orderOptionNo: number;
  productNo: number;
  reviewNo: number;
}

export interface WriteReviewButtonProps {
  productNo: number;
  orderOptionNo: number;
  optionNo?: number | undefined;
  productName: string;
  optionTitle?: string | undefined;
  imageUrl?: string | undefined;
  /** Already reviewed: the button shows that instead (the server's `reviewStateOfOrderOptions`). */
  written?: boolean | undefined;
  label?: string | undefined;
}

/**
 * "후기 쓰기" for one bought line, with the review modal: for the order detail page (and any page
 * that lists a member's delivered lines). Mount it per line, server-side data as props:
 *
 *   <WriteReviewButton client:visible productNo={…} orderOptionNo={…} productName={…} optionTitle={…} />
 *
 * After saving it turns into "후기 작성 완료" and dispatches `podo:review-written` on `window`
 * with `{ orderOptionNo, productNo, reviewNo }`.
 */
export default function WriteReviewButton({
  productNo,
  orderOptionNo,
  optionNo,
  productName,
  optionTitle,
  imageUrl,
  written = false,
  label = '후기 쓰기',
}: WriteReviewButtonProps) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(written);

  if (done) {
    return (
      <a className="button button--secondary" href="/mypage/review?tab=written">
        후기 작성 완료
      </a>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <ReviewModal
          target={{
            kind: 'create',
            subject: { productNo, productName, optionTitle, imageUrl },
            orderOptionNo,
            optionNo,
          }}
          onClose={() => setOpen(false)}
          onSaved={(reviewNo) => {
            setOpen(false);
            setDone(true);
            window.dispatchEvent(
              new CustomEvent<ReviewWrittenDetail>(REVIEW_WRITTEN_EVENT, {
                detail: { orderOptionNo, productNo, reviewNo },
              }),
            );
          }}
        />
      )}
    </>
  );
}
