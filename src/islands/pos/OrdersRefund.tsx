import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { posApi } from '../../lib/clients/pos.ts';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage, param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { useModal } from '../mypage/ConfirmDialog.tsx';
import {
  estimateRefund,
  parseQty,
  type RefundLineView,
  type RefundPaymentView,
  type RefundSaleView,
} from './OrdersRefundPlan.ts';
import '../board/board-forms.css';

/**
 * The refund screen of a counter sale (/test/pos-order-update): how many units of each line go
 * back (a whole refund is every unit left), a reason, an estimate of what goes back, a
 * confirmation, then POST /api/pos/sales/{saleNo}/refunds — the server decides the amounts, and
 * its answer (money per method, points back, points taken) is what the staff see and hand over.
 */

type RefundAnswer = ResponseOf<(typeof posApi.sales)[':saleNo']['refunds']['$post']>;

const METHOD: Record<RefundPaymentView['method'], string> = {
  CASH: '현금',
  CARD: '카드',
  KAKAO_PAY: '카카오페이',
};
const HOW: Record<RefundPaymentView['method'], string> = {
  CASH: '서랍에서 현금으로 돌려주세요',
  CARD: '카드 승인 취소',
  KAKAO_PAY: '카카오페이 결제 취소',
};
export const REFUND_REASONS = [
  '단순 변심',
  '상품 불량',
  '계산 착오',
  '교환 (다른 상품으로)',
  '사이즈·색상 불만',
];

export interface OrdersRefundProps extends RefundSaleView {
  saleNo: string;
  /** The sale has a member: points may go back and be taken back. */
  member: boolean;
  /** The store has an open shift (cash refunds come out of its drawer; the server insists). */
  shiftOpen: boolean;
}

const won = (n: number) => formatWon(n);
const points = (n: number) => `${n.toLocaleString('ko-KR')}점`;
const lineTitle = (l: RefundLineView) => `${l.productName}${l.optionLabel ? ` (${l.optionLabel})` : ''}`;

export default function OrdersRefund(props: OrdersRefundProps) {
  const uid = useId();
  const [sale, setSale] = useState<RefundSaleView>(props);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  /** The sale changed meanwhile (another refund): the screen's figures are old. */
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<RefundAnswer | null>(null);
  const dialog = useModal(confirming);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  // after the dialog has closed (closing gives the focus back to its opener): the answer or the error
  const reasonRef = useRef<HTMLInputElement>(null);
  const [focus, setFocus] = useState<{ on: 'done' | 'error' | 'reason'; n: number } | null>(null);
  useEffect(() => {
    if (focus?.on === 'done') doneRef.current?.focus();
    if (focus?.on === 'error') errorRef.current?.focus();
    if (focus?.on === 'reason') reasonRef.current?.focus();
  }, [focus]);

  const left = (l: RefundLineView) => l.qty - l.refundedQty;
  const parsed = useMemo(
    () => new Map(sale.lines.map((l) => [l.lineNo, parseQty(texts[l.lineNo] ?? '', left(l))])),
    [sale.lines, texts],
  );
  const qtys = useMemo(() => {
    const m = new Map<number, number>();
    for (const [no, p] of parsed) if ('qty' in p && p.qty > 0) m.set(no, p.qty);
    return m;
  }, [parsed]);
  const estimate = useMemo(() => estimateRefund(sale, qtys), [sale, qtys]);
  const anyBad = [...parsed.values()].some((p) => 'error' in p);
  const remaining = sale.lines.filter((l) => left(l) > 0);
  const whole = remaining.length > 0 && remaining.every((l) => qtys.get(l.lineNo) === left(l));

  function setQty(lineNo: number, text: string) {
    setTexts((t) => ({ ...t, [lineNo]: text }));
    setLinesError(null);
  }

  function selectAll() {
    setTexts(Object.fromEntries(remaining.map((l) => [l.lineNo, String(left(l))])));
    setLinesError(null);
  }

  function review(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    let ok = true;
    if (qtys.size === 0 || anyBad) {
      setLinesError(anyBad ? '환불 수량을 확인해 주세요.' : '환불할 상품과 수량을 골라 주세요.');
      ok = false;
    }
    if (reason.trim() === '') {
      setReasonError('환불 사유를 입력해 주세요.');
      ok = false;
    } else if (reason.trim().length > 200) {
      setReasonError('환불 사유는 200자까지 쓸 수 있습니다.');
      ok = false;
    }
    if (!ok) {
      // the first problem gets the focus, its message is read with it
      const first = document.querySelector<HTMLElement>(`[data-refund-form="${uid}"] [aria-invalid="true"]`);
      first?.focus();
      return;
    }
    setConfirming(true);
  }

  async function submit() {
    setPending(true);
    try {
      const answer = await unwrap(
        posApi.sales[':saleNo'].refunds.$post({
          param: param({ saleNo: props.saleNo }),
          json: {
            lines: [...qtys].map(([lineNo, qty]) => ({ lineNo, qty })),
            reason: reason.trim(),
          },
        }),
      );
      setDone(answer);
      setSale({
        ...sale,
        lines: answer.sale.lines,
        payments: answer.sale.payments,
        pointsLeft: Math.max(0, sale.pointsLeft - answer.pointsBack),
      });
      setTexts({});
      setReason('');
      setConfirming(false);
      setFocus((f) => ({ on: 'done', n: (f?.n ?? 0) + 1 }));
    } catch (err) {
      setConfirming(false);
      const message =
        err instanceof ApiError && err.status === 401
          ? '로그인이 끝났습니다. 다시 로그인한 뒤 환불해 주세요.'
          : errorMessage(err);
      setStale(err instanceof ApiError && err.status === 409 && err.code === 'POS_REFUND_QUANTITY');
      const aboutReason = err instanceof ApiError && err.status === 400 && /사유/.test(message);
      if (aboutReason) setReasonError(message);
      else setFormError(message);
      setFocus((f) => ({ on: aboutReason ? 'reason' : 'error', n: (f?.n ?? 0) + 1 }));
    } finally {
      setPending(false);
    }
  }

  const answerStatus = done?.sale.status;
  return (
    <div className="rf" data-refund-form={uid}>
      {done && (
        <section className="rf-done" aria-labelledby={`${uid}-done`}>
          <h2 id={`${uid}-done`} ref={doneRef} tabIndex={-1}>
            환불했습니다{answerStatus === 'REFUNDED' ? ' (전액 환불)' : ''}
          </h2>
          <div role="status">
            <p>
              돌려준 돈 <strong data-testid="refund-amount">{won(done.amount)}</strong>
            </p>
            {done.payments.length > 0 && (
              <ul role="list" className="rf-list">
                {done.payments.map((p) => (
                  <li key={p.paymentNo}>
                    {METHOD[p.method as RefundPaymentView['method']] ?? p.method} {won(p.amount)} —{' '}
                    {HOW[p.method as RefundPaymentView['method']] ?? ''}
                    {p.cancelNo && ` (취소번호 ${p.cancelNo})`}
                  </li>
                ))}
              </ul>
            )}
            {done.pointsBack > 0 && <p>사용한 적립금 {points(done.pointsBack)}을 회원에게 돌려주었습니다.</p>}
            {done.pointsTaken > 0 && <p>구매로 적립된 {points(done.pointsTaken)}을 회수했습니다.</p>}
            {done.productionStopped.length > 0 && (
              <p data-testid="refund-production-stopped">
                커스텀 제작 {done.productionStopped.length}건의 제작을 멈췄습니다. 인쇄 서비스의 답은 커스텀
                주문 화면에서 확인해 주세요.
              </p>
            )}
          </div>
          <p className="rf-links">
            <a className="button" href={`/test/pos/order-detail?saleNo=${encodeURIComponent(props.saleNo)}`}>
              판매 상세 보기
            </a>
            <a
              className="button button--secondary"
              href={`/test/pos/order?saleNo=${encodeURIComponent(props.saleNo)}`}
            >
              영수증 다시 출력
            </a>
            <a className="button button--secondary" href="/test/pos/order-list">
              판매 내역
            </a>
          </p>
        </section>
      )}

      {!props.shiftOpen && (
        <p className="bf-alert" role="note">
          영업이 시작되지 않아 환불할 수 없습니다. 돌려줄 현금이 나가는 영업을{' '}
          <a href="/test/pos">판매 화면</a>에서 먼저 시작해 주세요.
        </p>
      )}

      {formError && (
        <div className="rf-error">
          <p className="bf-alert" role="alert" ref={errorRef} tabIndex={-1}>
            {formError}
          </p>
          {stale && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => window.location.reload()}
            >
              판매 기록 다시 불러오기
            </button>
          )}
        </div>
      )}

      {remaining.length === 0 ? (
        <p className="rf-empty">이 판매의 모든 상품을 환불했습니다.</p>
      ) : (
        <form className="bf-form" onSubmit={review} noValidate>
          {/* before the script runs, a submit only reloads this sale's screen */}
          <input type="hidden" name="saleNo" value={props.saleNo} />
          <fieldset className="bf-fieldset rf-fieldset">
            <legend className="bf-legend">환불할 상품과 수량</legend>
            <div className="rf-scroll">
              <table className="ledger">
                <thead>
                  <tr>
                    <th scope="col">상품</th>
                    <th scope="col" className="num">
                      결제 금액
                    </th>
                    <th scope="col" className="num">
                      판매 / 환불함
                    </th>
                    <th scope="col">환불할 수량</th>
                    <th scope="col" className="num">
                      환불 금액
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sale.lines.map((l) => {
                    const max = left(l);
                    const p = parsed.get(l.lineNo);
                    const bad = p && 'error' in p ? p.error : null;
                    const id = `${uid}-qty-${l.lineNo}`;
                    const qty = qtys.get(l.lineNo) ?? 0;
                    return (
                      <tr key={l.lineNo} data-line-no={l.lineNo}>
                        <td>
                          <span className="rf-name">{l.productName}</span>
                          {l.optionLabel && <span className="rf-meta"> · {l.optionLabel}</span>}
                          {l.custom && max > 0 && (
                            <span className="rf-meta"> · 커스텀 제작: 모두 환불하면 제작을 멈춥니다</span>
                          )}
                        </td>
                        <td className="num">{won(l.netAmt)}</td>
                        <td className="num">
                          {l.qty} / {l.refundedQty}
                        </td>
                        <td>
                          {max === 0 ? (
                            <span className="rf-meta">모두 환불함</span>
                          ) : (
                            <div className="rf-qty">
                              <label className="visually-hidden" htmlFor={id}>
                                {lineTitle(l)} 환불 수량 (최대 {max}개)
                              </label>
                              <button
                                type="button"
                                className="rf-step"
                                aria-label={`${lineTitle(l)} 하나 덜`}
                                onClick={() => setQty(l.lineNo, String(Math.max(0, qty - 1)))}
                              >
                                −
                              </button>
                              <input
                                id={id}
                                className="bf-input rf-input"
                                type="number"
                                inputMode="numeric"
                                min={0}
                                max={max}
                                step={1}
                                placeholder="0"
                                value={texts[l.lineNo] ?? ''}
                                aria-invalid={bad || linesError ? 'true' : undefined}
                                aria-describedby={
                                  bad ? `${id}-error` : linesError ? `${uid}-lines-error` : undefined
                                }
                                onChange={(e) => setQty(l.lineNo, e.target.value)}
                              />
                              <button
                                type="button"
                                className="rf-step"
                                aria-label={`${lineTitle(l)} 하나 더`}
                                onClick={() => setQty(l.lineNo, String(Math.min(max, qty + 1)))}
                              >
                                +
                              </button>
                              <button
                                type="button"
                                className="bf-link-button"
                                onClick={() => setQty(l.lineNo, String(max))}
                              >
                                전부
                                <span className="visually-hidden">
                                  {' '}
                                  ({lineTitle(l)} {max}개)
                                </span>
                              </button>
                            </div>
                          )}
                          {bad && (
                            <span id={`${id}-error`} className="bf-error">
                              {bad}
                            </span>
                          )}
                        </td>
                        <td className="num">
                          {qty > 0 && !bad
                            ? won(estimateRefund({ ...sale, lines: [l] }, new Map([[l.lineNo, qty]])).net)
                            : '-'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="rf-row">
              <button
                type="button"
                className="button button--secondary"
                onClick={selectAll}
                aria-pressed={whole}
              >
                남은 수량 모두 환불 (전액)
              </button>
              {qtys.size > 0 && (
                <button type="button" className="bf-link-button" onClick={() => setTexts({})}>
                  선택 지우기
                </button>
              )}
            </p>
            {linesError && (
              <p id={`${uid}-lines-error`} className="bf-error" role="alert">
                {linesError}
              </p>
            )}
          </fieldset>

          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-reason`}>
              환불 사유 <span className="bf-required">(필수)</span>
            </label>
            <input
              ref={reasonRef}
              id={`${uid}-reason`}
              className="bf-input"
              list={`${uid}-reasons`}
              maxLength={200}
              required
              value={reason}
              aria-invalid={reasonError ? 'true' : undefined}
              aria-describedby={`${uid}-reason-hint${reasonError ? ` ${uid}-reason-error` : ''}`}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
            />
            <datalist id={`${uid}-reasons`}>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
            <span id={`${uid}-reason-hint`} className="bf-hint">
              고르거나 직접 입력해 주세요 (200자까지). 영수증과 판매 기록에 남습니다.
            </span>
            {reasonError && (
              <span id={`${uid}-reason-error`} className="bf-error" role="alert">
                {reasonError}
              </span>
            )}
          </div>

          <section className="rf-estimate" aria-labelledby={`${uid}-estimate`}>
            <h2 id={`${uid}-estimate`}>돌려줄 금액 (예상)</h2>
            <div aria-live="polite" aria-atomic="true">
              {qtys.size === 0 ? (
                <p className="rf-meta">환불할 수량을 고르면 돌려줄 금액이 나옵니다.</p>
              ) : (
                <dl className="kv">
                  <dt>환불 상품 금액</dt>
                  <dd>{won(estimate.net)}</dd>
                  {estimate.pointsBack > 0 && (
                    <>
                      <dt>적립금으로 돌려줌</dt>
                      <dd>{points(estimate.pointsBack)}</dd>
                    </>
                  )}
                  <dt className="total">돈으로 돌려줌</dt>
                  <dd className="total">{won(estimate.money)}</dd>
                  {estimate.byMethod.map((m) => (
                    <FragmentRow
                      key={m.paymentNo}
                      label={`└ ${METHOD[m.method]}`}
                      value={`${won(m.amount)} (${HOW[m.method]})`}
                    />
                  ))}
                  {props.member && estimate.earnedBack > 0 && (
                    <>
                      <dt>회수할 구매 적립금</dt>
                      <dd>최대 {points(estimate.earnedBack)} (회원에게 남은 만큼)</dd>
                    </>
                  )}
                </dl>
              )}
            </div>
            <p className="rf-meta">금액은 서버가 판매 기록으로 다시 계산해 확정합니다.</p>
          </section>

          <div className="bf-actions">
            <button className="button" type="submit" disabled={pending || !props.shiftOpen}>
              환불하기
            </button>
            <a
              className="button button--secondary"
              href={`/test/pos/order-detail?saleNo=${encodeURIComponent(props.saleNo)}`}
            >
              돌아가기
            </a>
          </div>
        </form>
      )}

      <dialog
        ref={dialog}
        className="bf-dialog"
        aria-labelledby={`${uid}-confirm-title`}
        onClose={() => setConfirming(false)}
      >
        <div className="bf-dialog-head">
          <h2 id={`${uid}-confirm-title`}>이대로 환불할까요?</h2>
          <button type="button" className="bf-close" aria-label="닫기" onClick={() => setConfirming(false)}>
            ×
          </button>
        </div>
        <ul role="list" className="rf-list">
          {sale.lines
            .filter((l) => qtys.has(l.lineNo))
            .map((l) => (
              <li key={l.lineNo}>
                {lineTitle(l)} {qtys.get(l.lineNo)}개
              </li>
            ))}
        </ul>
        <p>사유: {reason.trim()}</p>
        <p>
          돌려줄 돈 (예상) <strong>{won(estimate.money)}</strong>
          {estimate.byMethod.length > 0 &&
            ` — ${estimate.byMethod.map((m) => `${METHOD[m.method]} ${won(m.amount)}`).join(', ')}`}
          {estimate.pointsBack > 0 && `, 적립금 ${points(estimate.pointsBack)}`}
        </p>
        <p className="rf-meta">환불하면 되돌릴 수 없고, 상품 재고가 다시 늘어납니다.</p>
        <div className="bf-actions">
          <button className="button bf-danger" type="button" disabled={pending} onClick={() => void submit()}>
            {pending ? '환불하는 중…' : '환불 확정'}
          </button>
          <button className="button button--secondary" type="button" onClick={() => setConfirming(false)}>
            취소
          </button>
        </div>
      </dialog>
    </div>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
