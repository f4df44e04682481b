import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatWon } from '../../../lib/money.ts';
import type { ClaimReason } from '../../../lib/order-claims.ts';
import { CLAIM_REASON_DETAIL_MAX, NOTHING_PAID_NOTE, pointsBackNote } from '../../../lib/order-claims.ts';
import { ApiError, errorMessage } from '../../../lib/shop-api-client.ts';
import { goToLogin } from '../../catalog/go-to-login.ts';
import { useModal } from '../ConfirmDialog.tsx';
import { estimate, type ClaimItem, type Estimate } from './claim-api.ts';

/**
 * Pieces the cancel and return modals share: their state, the dialog around them, lines with
 * quantities, the reason, the estimate.
 */

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

/** Every unit of every line that may still be claimed. */
export const allOf = (lines: readonly ClaimLine[]): Picked =>
  Object.fromEntries(lines.map((l) => [l.orderOptionNo, l.claimableCnt]));

/**
 * What a claim modal keeps: the units picked, the reason, the error shown and whether the claim is
 * being sent. Each opening starts afresh (every unit picked; `onOpen` resets the modal's own
 * fields); `send` runs the request, then `onDone`, or shows why it failed (a 401 goes to login).
 */
export function useClaimForm({
  open,
  lines,
  onDone,
  onOpen,
  pickedBeforeOpening = {},
}: {
  open: boolean;
  lines: readonly ClaimLine[];
  onDone: () => void;
  onOpen?: () => void;
  /** What is picked until the modal is first opened. */
  pickedBeforeOpening?: Picked;
}) {
  const [picked, setPicked] = useState<Picked>(pickedBeforeOpening);
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // each opening starts afresh: reset while rendering the opened modal, before it is shown
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPicked(allOf(lines));
      setReason('');
      setDetail('');
      setError(null);
      onOpen?.();
    }
  }

  async function send(request: () => Promise<unknown>) {
    setPending(true);
    setError(null);
    try {
      await request();
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return {
    picked,
    reason,
    detail,
    error,
    setError,
    pending,
    send,
    /** Props of the modal's `LinePicker` (but the legend). */
    linePicker: { lines, picked, onChange: setPicked, disabled: pending },
    /** Props of the modal's `ReasonFields` (but the label and the reasons). */
    reasonFields: { reason, detail, onReason: setReason, onDetail: setDetail },
  };
}

export type ClaimForm = ReturnType<typeof useClaimForm>;

/**
 * The claim modal's frame: the title with a close button, the form with the modal's own fields,
 * then the refund estimate, the error and the buttons (닫기 and `submit`).
 */
export function ClaimDialog({
  open,
  onClose,
  title,
  kind,
  items,
  claim,
  onSubmit,
  submit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  kind: 'CANCEL' | 'RETURN';
  items: readonly ClaimItem[];
  claim: ClaimForm;
  onSubmit: (e: FormEvent) => Promise<void>;
  /** The submit button. */
  submit: ReactNode;
  children: ReactNode;
}) {
  const uid = useId();
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="bf-dialog claim-dialog" aria-labelledby={`${uid}-title`} onClose={onClose}>
      <div className="bf-dialog-head">
        <h2 id={`${uid}-title`}>{title}</h2>
        <button type="button" className="bf-close" aria-label="닫기" onClick={onClose}>
          ×
        </button>
      </div>
      <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
        <EstimateBox open={open} kind={kind} items={items} reason={claim.reason} />
        {claim.error && (
          <p className="bf-alert" role="alert">
            {claim.error}
          </p>
        )}
        <div className="bf-actions">
          <button className="button button--secondary" type="button" onClick={onClose}>
            닫기
          </button>
          {submit}
        </div>
      </form>
    </dialog>
  );
}

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

/**
 * The refund the server works out for the chosen units, asked while the modal is open (never for a
 * closed one) and again whenever they change.
 */
function EstimateBox({
  open,
  kind,
  items,
  reason,
}: {
  open: boolean;
  kind: 'CANCEL' | 'RETURN';
  items: readonly ClaimItem[];
  reason: string;
}) {
  const [value, setValue] = useState<Estimate | null>(null);
  const [error, setError] = useState<string | null>(null);
  // `key` stands for `items` (a new array on every render, the same units)
  const key = JSON.stringify(items);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    // nothing picked: no refund to show
    if (items.length === 0) setValue(null);
  }
  useEffect(() => {
    const claimed = JSON.parse(key) as ClaimItem[];
    if (!open || claimed.length === 0) return;
    let live = true;
    estimate(kind, claimed, reason || undefined)
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
  }, [open, kind, key, reason]);
  if (error)
    return (
      <p className="bf-alert" role="alert">
        {error}
      </p>
    );
  if (!value) return null;
  if (value.extra.nothingPaid)
    return (
      <div className="claim-estimate claim-estimate--none" aria-live="polite" data-testid="refund-none">
        <p>{NOTHING_PAID_NOTE}</p>
        {value.refundSubPayAmt > 0 && <p>{pointsBackNote(value.refundSubPayAmt)}</p>}
      </div>
    );
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
