import { useId, useState, type FormEvent } from 'react';
import { CANCEL_REASONS } from '../../../lib/order-claims.ts';
import { cancelLines, cancelWhole } from './claim-api.ts';
import {
  ClaimDialog,
  LinePicker,
  ReasonFields,
  allOf,
  pickedItems,
  useClaimForm,
  type ClaimLine,
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
  const all = allOf(lines);
  const [mode, setMode] = useState<'whole' | 'lines'>('whole');
  const claim = useClaimForm({
    open,
    lines,
    onDone,
    onOpen: () => setMode('whole'),
    pickedBeforeOpening: all,
  });
  const { reason, detail, pending } = claim;

  const items = mode === 'whole' ? pickedItems(all) : pickedItems(claim.picked);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return claim.setError('취소 사유를 선택해 주세요.');
    if (items.length === 0) return claim.setError('취소할 상품을 선택해 주세요.');
    await claim.send(() =>
      mode === 'whole' ? cancelWhole(orderNo, reason, detail) : cancelLines(items, reason, detail),
    );
  }

  return (
    <ClaimDialog
      open={open}
      onClose={onClose}
      title="주문 취소"
      kind="CANCEL"
      items={items}
      claim={claim}
      onSubmit={submit}
      submit={
        <button className="button bf-danger" type="submit" disabled={pending}>
          {pending ? '취소하는 중…' : '취소 신청'}
        </button>
      }
    >
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
      {mode === 'lines' && <LinePicker legend="취소할 상품과 수량" {...claim.linePicker} />}
      <ReasonFields label="취소" reasons={CANCEL_REASONS} {...claim.reasonFields} />
    </ClaimDialog>
  );
}
