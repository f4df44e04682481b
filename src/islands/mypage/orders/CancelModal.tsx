import { useEffect, useId, useState } from 'react';
import { CANCEL_REASONS } from '../../../lib/order-claims.ts';
import { ApiError, errorMessage } from '../../../lib/shop-api-client.ts';
import { goToLogin } from '../../catalog/go-to-login.ts';
import { useModal } from '../ConfirmDialog.tsx';
import { cancelLines, cancelWhole } from './claim-api.ts';
import {
  EstimateBox,
  LinePicker,
  ReasonFields,
  pickedItems,
  type ClaimLine,
  type Picked,
} from './ClaimParts.tsx';

/**
 * The spec's cancel-order modal: the whole order or chosen units (not before a deposit: a virtual
 * account is closed as a whole), a reason, the refund the server estimates, then the cancel.
 */
export default function CancelModal({
  open,
  onClose,
  onDone,
  orderNo,
  lines,
  wholeOnly,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  orderNo: string;
  lines: readonly ClaimLine[];
  wholeOnly: boolean;
}) {
  const uid = useId();
  const ref = useModal(open);
  const all: Picked = Object.fromEntries(lines.map((l) => [l.orderOptionNo, l.claimableCnt]));
  const [mode, setMode] = useState<'whole' | 'lines'>('whole');
  const [picked, setPicked] = useState<Picked>(all);
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMode('whole');
    setPicked(all);
    setReason('');
    setDetail('');
    setError(null);
    // reset each time it opens
  }, [open]);

  const items = mode === 'whole' ? pickedItems(all) : pickedItems(picked);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason) return setError('취소 사유를 선택해 주세요.');
    if (items.length === 0) return setError('취소할 상품을 선택해 주세요.');
    setPending(true);
    setError(null);
    try {
      if (mode === 'whole') await cancelWhole(orderNo, reason, detail);
      else await cancelLines(items, reason, detail);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog ref={ref} className="bf-dialog claim-dialog" aria-labelledby={`${uid}-title`} onClose={onClose}>
      <div className="bf-dialog-head">
        <h2 id={`${uid}-title`}>주문 취소</h2>
        <button type="button" className="bf-close" aria-label="닫기" onClick={onClose}>
          ×
        </button>
      </div>
      <form className="bf-form" onSubmit={submit} noValidate>
        {!wholeOnly && (
          <fieldset className="bf-fieldset">
            <legend className="bf-legend">취소 범위</legend>
            <div className="bf-checks">
              <label className="bf-check">
                <input
                  type="radio"
                  name={`${uid}-mode`}
                  checked={mode === 'whole'}
                  onChange={() => setMode('whole')}
                />
                주문 전체 취소
              </label>
              <label className="bf-check">
                <input
                  type="radio"
                  name={`${uid}-mode`}
                  checked={mode === 'lines'}
                  onChange={() => setMode('lines')}
                />
                선택한 상품만 취소
              </label>
            </div>
          </fieldset>
        )}
        {wholeOnly && <p className="bf-hint">입금 전 주문은 주문 전체가 취소됩니다.</p>}
        {mode === 'lines' && (
          <LinePicker
            legend="취소할 상품과 수량"
            lines={lines}
            picked={picked}
            onChange={setPicked}
            disabled={pending}
          />
        )}
        <ReasonFields
          label="취소"
          reasons={CANCEL_REASONS}
          reason={reason}
          detail={detail}
          onReason={setReason}
          onDetail={setDetail}
        />
        <EstimateBox kind="CANCEL" items={items} reason={reason} />
        {error && (
          <p className="bf-alert" role="alert">
            {error}
          </p>
        )}
        <div className="bf-actions">
          <button className="button button--secondary" type="button" onClick={onClose}>
            닫기
          </button>
          <button className="button bf-danger" type="submit" disabled={pending}>
            {pending ? '취소하는 중…' : '취소 신청'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
