import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { discountAmount, discountProblem, type Discount } from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';

/** A discount of a line or of the whole sale: an amount or a percent, and its reason (required). */
export interface DiscountEditorProps {
  title: string;
  /** What the discount is taken from (for the limit and the preview). */
  base: number;
  value: Discount | null;
  onApply: (d: Discount | null) => void;
  onCancel: () => void;
}

export default function DiscountEditor({ title, base, value, onApply, onCancel }: DiscountEditorProps) {
  const uid = useId();
  const [kind, setKind] = useState<Discount['kind']>(value?.kind ?? 'AMOUNT');
  const [amount, setAmount] = useState(value ? String(value.value) : '');
  const [reason, setReason] = useState(value?.reason ?? '');
  const [error, setError] = useState<{ field: 'value' | 'reason'; message: string } | null>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const draft: Discount = { kind, value: amount.trim() === '' ? 0 : Number(amount), reason };

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = discountProblem(draft, base);
    setError(problem);
    if (problem) {
      document.getElementById(`${uid}-${problem.field}`)?.focus();
      return;
    }
    onApply(draft.value > 0 ? { ...draft, reason: draft.reason.trim() } : null);
  }

  const preview = discountProblem(draft, base) ? null : discountAmount(base, draft);
  return (
    <form
      className="pos-discount"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
      aria-label={title}
    >
      <fieldset className="pos-discount__kind">
        <legend>{title} 방식</legend>
        <label>
          <input
            type="radio"
            name={`${uid}-kind`}
            checked={kind === 'AMOUNT'}
            onChange={() => setKind('AMOUNT')}
          />{' '}
          금액(원)
        </label>
        <label>
          <input
            type="radio"
            name={`${uid}-kind`}
            checked={kind === 'PERCENT'}
            onChange={() => setKind('PERCENT')}
          />{' '}
          비율(%)
        </label>
      </fieldset>
      <div className="pos-field">
        <label htmlFor={`${uid}-value`}>{kind === 'AMOUNT' ? '할인 금액(원)' : '할인율(%)'}</label>
        <input
          ref={first}
          id={`${uid}-value`}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
          aria-invalid={error?.field === 'value' ? true : undefined}
          aria-describedby={error?.field === 'value' ? `${uid}-value-error` : undefined}
        />
        {error?.field === 'value' && (
          <p id={`${uid}-value-error`} className="pos-error">
            {error.message}
          </p>
        )}
      </div>
      <div className="pos-field">
        <label htmlFor={`${uid}-reason`}>할인 사유 (필수)</label>
        <input
          id={`${uid}-reason`}
          value={reason}
          maxLength={100}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error?.field === 'reason' ? true : undefined}
          aria-describedby={error?.field === 'reason' ? `${uid}-reason-error` : undefined}
        />
        {error?.field === 'reason' && (
          <p id={`${uid}-reason-error`} className="pos-error">
            {error.message}
          </p>
        )}
      </div>
      <p className="pos-discount__preview" aria-live="polite">
        {preview !== null && preview > 0 ? `${formatWon(preview)} 할인` : ''}
      </p>
      <div className="pos-discount__actions">
        <button type="submit" className="button">
          적용
        </button>
        {value && (
          <button type="button" className="button button--secondary" onClick={() => onApply(null)}>
            할인 없애기
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          취소 <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}
