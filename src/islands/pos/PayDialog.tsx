import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  addPayment,
  cashReceiptProblem,
  changeOf,
  METHOD_LABEL,
  remainingOf,
  type PaymentDraft,
} from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import KakaoPayQr from './KakaoPayQr.tsx';
import { declineNextCard } from './pos-api.ts';

/**
 * Taking the money (F8): cash (amount received, change), card (the terminal approves when the sale
 * is recorded), Kakao Pay (QR, approved on the customer's phone first), or several of them: each
 * part takes what is left by default. When the parts cover the amount the sale is recorded at
 * once. 현금영수증 is asked with cash. Offline only cash is taken.
 */

export interface CashReceiptDraft {
  type: 'NONE' | 'INCOME' | 'EXPENSE';
  number: string;
}

export interface PayDialogProps {
  payAmt: number;
  payments: PaymentDraft[];
  onPayments: (p: PaymentDraft[]) => void;
  cashReceipt: CashReceiptDraft;
  onCashReceipt: (r: CashReceiptDraft) => void;
  online: boolean;
  simulated: boolean;
  busy: boolean;
  error: string | null;
  onRecord: (payments: PaymentDraft[]) => void;
  onClose: () => void;
}

type Method = PaymentDraft['method'];

const digits = (s: string) => Number(s.replace(/\D/g, '')) || 0;

export default function PayDialog(props: PayDialogProps) {
  const { payAmt, payments, onPayments, cashReceipt, onCashReceipt, online, simulated, busy, error } = props;
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const received = useRef<HTMLInputElement>(null);
  const remaining = remainingOf(payAmt, payments);
  const [method, setMethod] = useState<Method>('CASH');
  const [amount, setAmount] = useState('');
  const [cash, setCash] = useState('');
  const [partError, setPartError] = useState<string | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [kakaoAmount, setKakaoAmount] = useState<number | null>(null);
  const [declineArmed, setDeclineArmed] = useState(false);
  const paid = payAmt - remaining;
  const over = payments.reduce((a, p) => a + p.amount, 0) > payAmt;

  // mounted when opened (each opening starts afresh), closed by unmounting
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    received.current?.focus();
    return () => d?.close();
  }, []);

  const partAmount = amount.trim() === '' ? remaining : digits(amount);
  const cashReceived = cash.trim() === '' ? partAmount : digits(cash);
  const change = method === 'CASH' ? Math.max(0, cashReceived - partAmount) : 0;

  function receiptOk(next: PaymentDraft[]): boolean {
    if (cashReceipt.type === 'NONE' || !next.some((p) => p.method === 'CASH')) {
      setReceiptError(null);
      return true;
    }
    const problem = cashReceiptProblem(cashReceipt.type, cashReceipt.number);
    setReceiptError(problem);
    if (problem) document.getElementById(`${uid}-receipt-no`)?.focus();
    return problem === null;
  }

  function take(part: PaymentDraft) {
    const next = addPayment(payments, part);
    onPayments(next);
    setAmount('');
    setCash('');
    if (remainingOf(payAmt, next) === 0 && receiptOk(next)) props.onRecord(next);
  }

  function submitPart(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setPartError(null);
    if (remaining === 0) {
      if (receiptOk(payments)) props.onRecord(payments);
      return;
    }
    if (partAmount < 1 || partAmount > remaining) {
      setPartError(`결제 금액은 1원부터 ${formatWon(remaining)}까지 입력해 주세요.`);
      document.getElementById(`${uid}-amount`)?.focus();
      return;
    }
    if (method !== 'CASH' && !online) {
      setPartError('오프라인에서는 카드와 카카오페이 결제를 받을 수 없습니다. 현금으로 받아 주세요.');
      return;
    }
    switch (method) {
      case 'CASH':
        if (cashReceived < partAmount) {
          setPartError(`받은 금액이 결제 금액(${formatWon(partAmount)})보다 적습니다.`);
          received.current?.focus();
          return;
        }
        take({ method: 'CASH', amount: partAmount, received: cashReceived });
        return;
      case 'CARD':
        take({ method: 'CARD', amount: partAmount });
        setDeclineArmed(false);
        return;
      case 'KAKAO_PAY':
        setKakaoAmount(partAmount);
        return;
    }
  }

  async function armDecline(on: boolean) {
    setDeclineArmed(on);
    if (!on) return;
    try {
      await declineNextCard();
    } catch (err) {
      setDeclineArmed(false);
      setPartError(errorMessage(err));
    }
  }

  const methodButtons: { m: Method; hint: string }[] = [
    { m: 'CASH', hint: '' },
    { m: 'CARD', hint: online ? '' : '오프라인에서는 쓸 수 없음' },
    { m: 'KAKAO_PAY', hint: online ? '' : '오프라인에서는 쓸 수 없음' },
  ];

  return (
    <dialog
      ref={dialog}
      className="pos-pay"
      aria-labelledby={`${uid}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy && kakaoAmount === null) props.onClose();
      }}
    >
      <h2 id={`${uid}-title`} className="pos-pay__title">
        결제
      </h2>
      <dl className="pos-pay__sum" aria-live="polite">
        <div>
          <dt>받을 금액</dt>
          <dd data-testid="pos-pay-due">{formatWon(payAmt)}</dd>
        </div>
        <div>
          <dt>받은 금액</dt>
          <dd>{formatWon(paid)}</dd>
        </div>
        <div className="pos-pay__left">
          <dt>남은 금액</dt>
          <dd data-testid="pos-pay-remaining">{formatWon(remaining)}</dd>
        </div>
      </dl>
      {payments.length > 0 && (
        <ul className="pos-pay__parts" role="list" aria-label="나눠 받은 결제">
          {payments.map((p, i) => (
            <li key={`${p.method}-${i}`}>
              {METHOD_LABEL[p.method]} {formatWon(p.amount)}
              {p.method === 'CASH' &&
                ` (받은 돈 ${formatWon(p.received)}, 거스름돈 ${formatWon(p.received - p.amount)})`}
              {p.method === 'KAKAO_PAY' && ' · 승인됨'}
              {p.method !== 'KAKAO_PAY' && !busy && (
                <button
                  type="button"
                  className="pos-link"
                  onClick={() => onPayments(payments.filter((_, j) => j !== i))}
                >
                  빼기
                  <span className="visually-hidden">
                    {' '}
                    ({METHOD_LABEL[p.method]} {formatWon(p.amount)})
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {over && (
        <p className="pos-error" role="alert">
          결제한 금액이 받을 금액보다 많습니다. 결제를 빼고 다시 받아 주세요.
        </p>
      )}
      {error && (
        <p className="pos-error pos-pay__error" role="alert" data-testid="pos-pay-error">
          {error}
        </p>
      )}

      {kakaoAmount !== null ? (
        <KakaoPayQr
          amount={kakaoAmount}
          simulated={simulated}
          onApproved={(r) => {
            setKakaoAmount(null);
            take({ method: 'KAKAO_PAY', amount: r.amount, requestId: r.requestId });
          }}
          onClose={() => setKakaoAmount(null)}
        />
      ) : (
        <form className="pos-pay__form" onSubmit={submitPart} noValidate>
          {remaining > 0 && (
            <fieldset className="pos-pay__methods">
              <legend>결제 수단</legend>
              {methodButtons.map(({ m, hint }) => (
                <label key={m} className={method === m ? 'is-current' : undefined}>
                  <input
                    type="radio"
                    name={`${uid}-method`}
                    value={m}
                    checked={method === m}
                    disabled={m !== 'CASH' && !online}
                    onChange={() => {
                      setMethod(m);
                      setPartError(null);
                    }}
                  />{' '}
                  {METHOD_LABEL[m]}
                  {hint && <span className="pos-hint"> ({hint})</span>}
                </label>
              ))}
            </fieldset>
          )}
          {!online && (
            <p className="pos-warn">
              오프라인입니다. 카드와 카카오페이는 연결이 돌아온 뒤에 받을 수 있습니다. 현금 판매는 이 기기에
              저장했다가 연결되면 보냅니다.
            </p>
          )}
          {remaining > 0 && (
            <div className="pos-field">
              <label htmlFor={`${uid}-amount`}>{METHOD_LABEL[method]}으로 받을 금액(원)</label>
              <input
                id={`${uid}-amount`}
                inputMode="numeric"
                value={amount}
                placeholder={String(remaining)}
                onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
                aria-describedby={`${uid}-amount-hint`}
              />
              <p id={`${uid}-amount-hint`} className="pos-hint">
                비워 두면 남은 금액 {formatWon(remaining)}을 모두 받습니다. 나눠 받으려면 일부 금액을
                입력하세요.
              </p>
            </div>
          )}
          {remaining > 0 && method === 'CASH' && (
            <div className="pos-field">
              <label htmlFor={`${uid}-received`}>받은 현금(원)</label>
              <input
                ref={received}
                id={`${uid}-received`}
                inputMode="numeric"
                value={cash}
                placeholder={String(partAmount)}
                onChange={(e) => setCash(e.target.value.replace(/\D/g, ''))}
              />
              <p className="pos-pay__change" aria-live="polite" data-testid="pos-pay-change">
                거스름돈 <strong>{formatWon(change)}</strong>
              </p>
            </div>
          )}
          {remaining > 0 && method === 'CARD' && simulated && (
            <label className="pos-switch">
              <input
                type="checkbox"
                checked={declineArmed}
                onChange={(e) => void armDecline(e.target.checked)}
              />{' '}
              다음 카드 결제 거절(연습)
            </label>
          )}
          {(method === 'CASH' || payments.some((p) => p.method === 'CASH')) && (
            <fieldset className="pos-pay__receipt">
              <legend>현금영수증</legend>
              {(
                [
                  ['NONE', '발급 안 함'],
                  ['INCOME', '소득공제 (휴대폰 번호)'],
                  ['EXPENSE', '지출증빙 (사업자등록번호)'],
                ] as const
              ).map(([type, label]) => (
                <label key={type}>
                  <input
                    type="radio"
                    name={`${uid}-receipt`}
                    checked={cashReceipt.type === type}
                    onChange={() => {
                      onCashReceipt({ ...cashReceipt, type });
                      setReceiptError(null);
                    }}
                  />{' '}
                  {label}
                </label>
              ))}
              {cashReceipt.type !== 'NONE' && (
                <div className="pos-field">
                  <label htmlFor={`${uid}-receipt-no`}>
                    {cashReceipt.type === 'INCOME' ? '휴대폰 번호' : '사업자등록번호'}
                  </label>
                  <input
                    id={`${uid}-receipt-no`}
                    inputMode="numeric"
                    autoComplete="off"
                    value={cashReceipt.number}
                    onChange={(e) => onCashReceipt({ ...cashReceipt, number: e.target.value })}
                    aria-invalid={receiptError ? true : undefined}
                    aria-describedby={receiptError ? `${uid}-receipt-error` : undefined}
                  />
                  {receiptError && (
                    <p id={`${uid}-receipt-error`} className="pos-error">
                      {receiptError}
                    </p>
                  )}
                </div>
              )}
            </fieldset>
          )}
          {partError && (
            <p className="pos-error" role="alert">
              {partError}
            </p>
          )}
          <div className="pos-pay__actions">
            <button type="submit" className="button pos-pay__go" disabled={busy || over}>
              {busy
                ? '처리 중…'
                : remaining === 0
                  ? '판매 완료'
                  : method === 'CASH'
                    ? `현금 ${formatWon(partAmount)} 받기`
                    : method === 'CARD'
                      ? `카드 ${formatWon(partAmount)} 결제`
                      : `카카오페이 ${formatWon(partAmount)} QR 만들기`}{' '}
              <kbd>Enter</kbd>
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={props.onClose}
            >
              닫기 <kbd>Esc</kbd>
            </button>
          </div>
          {remaining === 0 && payments.length > 0 && (
            <p className="pos-hint">거스름돈 {formatWon(changeOf(payments))}</p>
          )}
        </form>
      )}
    </dialog>
  );
}
