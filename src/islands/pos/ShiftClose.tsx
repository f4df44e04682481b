import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { posApi } from '../../lib/clients/pos.ts';
import { formatWon } from '../../lib/money.ts';
import { errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';
import { queuedSaleCount } from './sale-queue-db.ts';
import './pos.css';

/**
 * Closing the shift: the cash counted in the drawer and a note; the difference from what the
 * drawer should hold is shown as it is typed (the server's Z report is the truth). Offline sales
 * still waiting on this device are warned about, and closing anyway must be confirmed.
 */
export interface ShiftCloseProps {
  shiftNo: number;
  expectedCash: number;
}

export default function ShiftClose({ shiftNo, expectedCash }: ShiftCloseProps) {
  const uid = useId();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [queued, setQueued] = useState(0);
  const [confirmQueued, setConfirmQueued] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void queuedSaleCount().then(setQueued);
  }, []);

  const amount = Number(counted.replace(/\D/g, '')) || 0;
  const diff = amount - expectedCash;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (counted.trim() === '') {
      setFieldError('서랍에서 센 현금을 입력해 주세요. 없으면 0을 입력하세요.');
      input.current?.focus();
      return;
    }
    setFieldError(null);
    if (queued > 0 && !confirmQueued) {
      setError(
        `아직 보내지 못한 오프라인 판매가 ${queued}건 있습니다. 먼저 보내거나, 두고 마감한다고 확인해 주세요.`,
      );
      document.getElementById(`${uid}-confirm`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await unwrap(
        posApi.shifts[':shiftNo'].close.$post({
          param: param({ shiftNo: String(shiftNo) }),
          json: { countedCash: amount, note: note.trim() },
        }),
      );
      window.location.assign(`/test/pos/shift?shiftNo=${shiftNo}&closed=1`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form className="pos-close" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="pos-panel__title">
        영업 마감
      </h2>
      {queued > 0 && (
        <div className="pos-warn" role="alert">
          <p>
            이 기기에 아직 서버로 보내지 못한 오프라인 판매가 <strong>{queued}건</strong> 있습니다. 판매
            화면을 열어 연결을 확인하고 전송한 뒤 마감하는 것이 좋습니다. 늦게 도착한 판매도 이 영업에
            기록되지만, 지금 출력하는 Z 리포트에는 빠집니다.
          </p>
          <label>
            <input
              id={`${uid}-confirm`}
              type="checkbox"
              checked={confirmQueued}
              onChange={(e) => setConfirmQueued(e.target.checked)}
            />{' '}
            전송 대기 판매를 두고 마감합니다
          </label>
        </div>
      )}
      <div className="pos-field">
        <label htmlFor={`${uid}-counted`}>서랍에서 센 현금(원)</label>
        <input
          ref={input}
          id={`${uid}-counted`}
          inputMode="numeric"
          autoComplete="off"
          value={counted}
          onChange={(e) => setCounted(e.target.value.replace(/\D/g, ''))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${uid}-diff${fieldError ? ` ${uid}-error` : ''}`}
        />
        {fieldError && (
          <p id={`${uid}-error`} className="pos-error">
            {fieldError}
          </p>
        )}
        <p id={`${uid}-diff`} className="pos-hint" aria-live="polite">
          있어야 할 현금 {formatWon(expectedCash)}
          {counted.trim() !== '' &&
            ` · 차이 ${diff === 0 ? '없음' : `${diff > 0 ? '+' : '−'}${formatWon(Math.abs(diff))} (${diff > 0 ? '남음' : '모자람'})`}`}
        </p>
      </div>
      <div className="pos-field">
        <label htmlFor={`${uid}-note`}>마감 메모 (선택)</label>
        <textarea
          id={`${uid}-note`}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {error && (
        <p className="pos-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? '마감하는 중…' : '영업 마감하고 Z 리포트 보기'}
      </button>
    </form>
  );
}
