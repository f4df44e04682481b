import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { openShift, type Shift } from './pos-api.ts';

/** Opening the till: the cash counted into the drawer starts the store's shift. */
export default function OpenShiftForm({
  storeName,
  onOpened,
}: {
  storeName: string;
  onOpened: (s: Shift) => void;
}) {
  const uid = useId();
  const [cash, setCash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const amount = Number(cash.replace(/\D/g, ''));
    if (cash.trim() === '' || !Number.isInteger(amount)) {
      setError('시작 현금을 숫자로 입력해 주세요. 없으면 0을 입력하세요.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onOpened(await openShift(amount));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SHIFT_ALREADY_OPEN') window.location.reload();
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const amount = Number(cash.replace(/\D/g, '')) || 0;
  return (
    <form className="pos-open" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`} className="page-title">
        영업 시작
      </h1>
      <p>
        {storeName}의 영업(시재)이 열려 있지 않습니다. 서랍에 있는 현금을 세어 입력하면 판매를 시작합니다.
      </p>
      <div className="pos-field">
        <label htmlFor={`${uid}-cash`}>시작 현금(원)</label>
        <input
          ref={input}
          id={`${uid}-cash`}
          inputMode="numeric"
          autoComplete="off"
          value={cash}
          onChange={(e) => setCash(e.target.value.replace(/[^\d]/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${uid}-hint${error ? ` ${uid}-error` : ''}`}
        />
        <p id={`${uid}-hint`} className="pos-hint">
          {formatWon(amount)}
        </p>
        {error && (
          <p id={`${uid}-error`} className="pos-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? '여는 중…' : '영업 시작'}
      </button>
    </form>
  );
}
