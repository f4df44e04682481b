import { useState } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import Dialog from './Dialog.tsx';
import { deleteReview } from './review-api.ts';

/** "Delete this review?" — a deleted review cannot be written again for the same bought line. */
export default function ConfirmDelete({
  productNo,
  reviewNo,
  onClose,
  onDeleted,
}: {
  productNo: number;
  reviewNo: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await deleteReview(productNo, reviewNo);
      onDeleted();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <Dialog title="후기 삭제" onClose={onClose}>
      <p>이 후기를 삭제할까요? 삭제한 후기는 다시 작성할 수 없습니다.</p>
      {error && (
        <p className="rv-alert" role="alert">
          {error}
        </p>
      )}
      <div className="rv-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          취소
        </button>
        <button type="button" className="button" onClick={() => void confirm()} disabled={busy}>
          {busy ? '삭제하는 중…' : '삭제'}
        </button>
      </div>
    </Dialog>
  );
}
