import { useEffect, useId, useState } from 'react';
import { formatWon } from '../../../lib/money.ts';
import type { ClaimReason } from '../../../lib/order-claims.ts';
import { CLAIM_REASON_DETAIL_MAX } from '../../../lib/order-claims.ts';
import { errorMessage } from '../../../lib/shop-api-client.ts';
import { estimate, type ClaimItem, type Estimate } from './claim-api.ts';

/** Pieces the cancel and return modals share: lines with quantities, the reason, the estimate. */

export interface ClaimLine {
  orderOptionNo: number;
  productName: string;
  optionTitle: string;
  imageUrl: string;
  /** Units that may still be cancelled or returned. */
  claimableCnt: number;
}

export type Picked = Record<number, number>;

export const pickedItems = (picked: Picked): ClaimItem[] =>
  Object.entries(picked)
    .filter(([, cnt]) => cnt > 0)
    .map(([no, cnt]) => ({ orderOptionNo: Number(no), cnt }));

export function LinePicker({
  lines,
  picked,
  onChange,
  disabled,
  legend,
}: {
  lines: readonly ClaimLine[];
  picked: Picked;
  onChange: (p: Picked) => void;
  disabled?: boolean;
  legend: string;
}) {
  const uid = useId();
  return (
    <fieldset className="bf-fieldset claim-lines" disabled={disabled}>
      <legend className="bf-legend">{legend}</legend>
      <ul role="list">
        {lines.map((l) => {
          const cnt = picked[l.orderOptionNo] ?? 0;
          const id = `${uid}-${l.orderOptionNo}`;
          return (
            <li key={l.orderOptionNo} className="claim-line">
              <input
                id={id}
                type="checkbox"
                checked={cnt > 0}
                onChange={(e) =>
                  onChange({ ...picked, [l.orderOptionNo]: e.target.checked ? l.claimableCnt : 0 })
                }
              />
              {l.imageUrl && <img src={l.imageUrl} alt="" width={48} height={48} loading="lazy" />}
              <label htmlFor={id}>
                <span className="claim-line-name">{l.productName}</span>
                {l.optionTitle && <span className="claim-line-option">{l.optionTitle}</span>}
              </label>
              <label className="claim-line-cnt">
                <span className="visually-hidden">{l.productName} 수량</span>
                <select
                  className="bf-select bf-select--inline"
                  value={cnt}
                  onChange={(e) => onChange({ ...picked, [l.orderOptionNo]: Number(e.target.value) })}
                >
                  {Array.from({ length: l.claimableCnt + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}개
                    </option>
                  ))}
                </select>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function ReasonFields({
  reasons,
  reason,
  detail,
  onReason,
  onDetail,
  label,
}: {
  reasons: readonly ClaimReason[];
  reason: string;
  detail: string;
  onReason: (v: string) => void;
  onDetail: (v: string) => void;
  label: string;
}) {
  const uid = useId();
  return (
    <>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-reason`}>
          {label} 사유 <span className="bf-required">(필수)</span>
        </label>
        <select
          id={`${uid}-reason`}
          className="bf-select"
          value={reason}
          required
          onChange={(e) => onReason(e.target.value)}
        >
          <option value="">사유를 선택해 주세요</option>
          {reasons.map((r) => (
            <option key={r.claimReasonType} value={r.claimReasonType}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      <div className="bf-field">
        <label className="bf-label" htmlFor={`${uid}-detail`}>
          상세 사유
        </label>
        <textarea
          id={`${uid}-detail`}
          className="bf-textarea"
          rows={3}
          maxLength={CLAIM_REASON_DETAIL_MAX}
          value={detail}
          onChange={(e) => onDetail(e.target.value)}
        />
      </div>
    </>
  );
}

/** The refund the server works out for the chosen units (asked again whenever they change). */
export function EstimateBox({
  kind,
  items,
  reason,
}: {
  kind: 'CANCEL' | 'RETURN';
  items: readonly ClaimItem[];
  reason: string;
}) {
  const [value, setValue] = useState<Estimate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(items);
  useEffect(() => {
    if (items.length === 0) {
      setValue(null);
      return;
    }
    let live = true;
    estimate(kind, items, reason || undefined)
      .then((e) => {
        if (!live) return;
        setValue(e);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!live) return;
        setValue(null);
        setError(errorMessage(err));
      });
    return () => {
      live = false;
    };
    // `key` stands for `items` (a new array on every render)
  }, [kind, key, reason]);
  if (error)
    return (
      <p className="bf-alert" role="alert">
        {error}
      </p>
    );
  if (!value) return null;
  return (
    <dl className="claim-estimate" aria-live="polite">
      <dt>환불 예정 금액</dt>
      <dd data-testid="refund-total">{formatWon(value.refundPayAmt)}</dd>
      <dt>결제 수단으로 환불</dt>
      <dd>{formatWon(value.refundMainPayAmt)}</dd>
      <dt>적립금으로 환불</dt>
      <dd>{formatWon(value.refundSubPayAmt)}</dd>
      {value.deliveryAmtInfo.refundDeliveryAmt > 0 && (
        <>
          <dt>배송비 환불</dt>
          <dd>{formatWon(value.deliveryAmtInfo.refundDeliveryAmt)}</dd>
        </>
      )}
      {value.deliveryAmtInfo.returnDeliveryAmt > 0 && (
        <>
          <dt>반품 배송비 차감</dt>
          <dd>−{formatWon(value.deliveryAmtInfo.returnDeliveryAmt)}</dd>
        </>
      )}
    </dl>
  );
}
