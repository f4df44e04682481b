import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { LedgerLine } from '../../../server/catalog/index.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { STOCK_CHANNEL_LABELS } from '../../../lib/product-status.ts';
import { errorMessage, query, unwrap } from '../../../lib/shop-api-client.ts';
import { focusLost, useFocusLater } from '../focus.ts';
import { numberOf } from './editor-state.ts';
import { productCall } from './editor-api.ts';

type Kind = 'RECEIVE' | 'ADJUST' | 'COUNT';

const KINDS: { kind: Kind; label: string; amount: string; hint: string; done: string }[] = [
  {
    kind: 'RECEIVE',
    label: '입고',
    amount: '입고 수량',
    hint: '들어온 수량만큼 재고가 늘어납니다.',
    done: '입고했습니다',
  },
  {
    kind: 'ADJUST',
    label: '조정',
    amount: '조정 수량 (+/−)',
    hint: '파손·분실은 -2, 찾은 재고는 +1처럼 입력합니다. 사유가 필요합니다.',
    done: '조정했습니다',
  },
  {
    kind: 'COUNT',
    label: '재고 실사',
    amount: '실사 수량',
    hint: '창고에서 센 수량을 입력하면 그 차이만큼 한 줄로 기록됩니다.',
    done: '실사 수량으로 맞췄습니다',
  },
];

const PAGE_SIZE = 20;
const ORDER_REASONS = new Set(['ORDER', 'CANCEL', 'RETURN']);

export interface StockOption {
  optionNo: number;
  label: string;
}

export interface StockPanelProps {
  productNo: number;
  options: readonly StockOption[];
  stocks: Record<number, number>;
  lowStockThreshold: number;
  onStock: (optionNo: number, stock: number) => void;
  /** An option the grid's "재고 변경" asked for (the nonce makes the same option ask again). */
  target: { optionNo: number; nonce: number } | null;
  readOnly: boolean;
}

/** "+3", "−2" (a real minus sign), "0". */
function signed(n: number): string {
  return n > 0 ? `+${n.toLocaleString('ko-KR')}` : n < 0 ? `−${Math.abs(n).toLocaleString('ko-KR')}` : '0';
}

/**
 * Stock per option and its ledger. Every change is one more ledger line (입고, 조정 with its
 * reason, 실사 = the counted quantity, written as the difference), never an overwrite, so a sale
 * happening meanwhile is not lost. The ledger lists every line with who and why, per option.
 */
export default function StockPanel({
  productNo,
  options,
  stocks,
  lowStockThreshold,
  onStock,
  target,
  readOnly,
}: StockPanelProps) {
  const { api, param } = productCall(productNo);
  const [optionNo, setOptionNo] = useState<number>(options[0]?.optionNo ?? 0);
  const [kind, setKind] = useState<Kind>('RECEIVE');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<{ field: 'amount' | 'memo' | null; text: string } | null>(null);
  const [status, setStatus] = useState('');
  const [ledger, setLedger] = useState<{ totalCount: number; items: LedgerLine[] } | null>(null);
  const [ledgerError, setLedgerError] = useState<string | null>(null);
  const [filter, setFilter] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const kindRef = useRef<HTMLFieldSetElement>(null);
  const focusLater = useFocusLater();

  const [reload, setReload] = useState(0);

  // the ledger page asked for; again after each stock change (`reload`)
  useEffect(() => {
    let live = true;
    unwrap(
      api['stock-ledger'].$get({
        param,
        query: query({ optionNo: filter, pageNumber: page, pageSize: PAGE_SIZE }),
      }),
    )
      .then((res) => {
        if (!live) return;
        setLedger(res);
        setLedgerError(null);
      })
      .catch((err: unknown) => {
        if (live) setLedgerError(errorMessage(err));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- api and param follow productNo
  }, [productNo, filter, page, reload]);

  // the option grid's "재고 변경": this option, focus on the kind of change
  const [lastTarget, setLastTarget] = useState(target);
  if (target !== lastTarget) {
    setLastTarget(target);
    if (target) setOptionNo(target.optionNo);
  }
  useEffect(() => {
    if (!target) return;
    kindRef.current?.scrollIntoView({ block: 'center' });
    kindRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [target]);

  const current = KINDS.find((k) => k.kind === kind)!;
  const labelOf = (no: number) => options.find((o) => o.optionNo === no)?.label ?? String(no);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError(null);
    const n = numberOf(amount);
    if (n === null || !Number.isInteger(n)) {
      setFormError({
        field: 'amount',
        text: `${current.amount.replace(/ \(.*\)$/, '')}을 정수로 입력해 주세요.`,
      });
      return focusLater(() => document.getElementById('pe-stock-amount'));
    }
    if (kind === 'ADJUST' && !memo.trim()) {
      setFormError({ field: 'memo', text: '조정 사유를 입력해 주세요.' });
      return focusLater(() => document.getElementById('pe-stock-memo'));
    }
    const body =
      kind === 'RECEIVE'
        ? { kind, quantity: n, memo: memo.trim() }
        : kind === 'ADJUST'
          ? { kind, delta: n, memo: memo.trim() }
          : { kind, counted: n, memo: memo.trim() };
    setPending(true);
    try {
      const before = stocks[optionNo];
      const res = await unwrap(
        api.options[':optionNo'].stock.$post({ param: { ...param, optionNo: String(optionNo) }, json: body }),
      );
      onStock(optionNo, res.stock);
      setStatus(
        `${labelOf(optionNo)} 재고를 ${current.done}: ${before ?? '?'}개 → ${res.stock}개 (${signed(res.delta)}).`,
      );
      setAmount('');
      setMemo('');
      setPage(1);
      setReload((n) => n + 1);
    } catch (err) {
      setFormError({ field: null, text: errorMessage(err) });
    } finally {
      setPending(false);
      // the submit button was disabled while the change was sent
      focusLater(() => (focusLost() ? kindRef.current?.form?.querySelector('button[type="submit"]') : null));
    }
  }

  const pageCount = ledger ? Math.max(1, Math.ceil(ledger.totalCount / PAGE_SIZE)) : 1;
  return (
    <div className="pe-stock">
      <div className="pe-table-wrap" tabIndex={0} role="region" aria-label="옵션별 현재 재고">
        <table className="pe-table">
          <caption className="visually-hidden">옵션별 현재 재고</caption>
          <thead>
            <tr>
              <th scope="col">옵션</th>
              <th scope="col">현재 재고</th>
              {!readOnly && <th scope="col">재고 변경</th>}
            </tr>
          </thead>
          <tbody>
            {options.map((o) => {
              const stock = stocks[o.optionNo] ?? 0;
              return (
                <tr key={o.optionNo} data-stock-option={o.optionNo}>
                  <th scope="row">{o.label}</th>
                  <td className="pe-num-cell">
                    {`${stock.toLocaleString('ko-KR')}개`}
                    {stock === 0 ? (
                      <span className="pe-badge pe-badge--sale">품절</span>
                    ) : stock <= lowStockThreshold ? (
                      <span className="pe-badge pe-badge--warn">부족</span>
                    ) : null}
                  </td>
                  {!readOnly && (
                    <td>
                      <button
                        type="button"
                        className="bf-link-button"
                        aria-label={`${o.label} 재고 변경`}
                        onClick={() => {
                          setOptionNo(o.optionNo);
                          kindRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
                        }}
                      >
                        재고 변경
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {!readOnly && options.length > 0 && (
        <form
          className="pe-stock-form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-labelledby="pe-stock-form-title"
        >
          <h3 id="pe-stock-form-title" className="pe-subtitle">
            재고 변경
          </h3>
          <div className="bf-field">
            <label className="bf-label" htmlFor="pe-stock-option">
              옵션
            </label>
            <select
              id="pe-stock-option"
              className="bf-select"
              value={optionNo}
              onChange={(e) => setOptionNo(Number(e.target.value))}
            >
              {options.map((o) => (
                <option key={o.optionNo} value={o.optionNo}>
                  {`${o.label} (현재 ${stocks[o.optionNo] ?? 0}개)`}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="bf-fieldset" ref={kindRef}>
            <legend className="bf-legend">변경 종류</legend>
            <div className="bf-checks">
              {KINDS.map((k) => (
                <label key={k.kind} className="bf-check">
                  <input
                    type="radio"
                    name="pe-stock-kind"
                    value={k.kind}
                    checked={kind === k.kind}
                    onChange={() => {
                      setKind(k.kind);
                      setFormError(null);
                    }}
                  />
                  {k.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="bf-field">
            <label className="bf-label" htmlFor="pe-stock-amount">
              {current.amount} <span className="bf-required">(필수)</span>
            </label>
            <input
              id="pe-stock-amount"
              className="bf-input pe-num"
              inputMode={kind === 'ADJUST' ? 'text' : 'numeric'}
              value={amount}
              aria-invalid={formError?.field === 'amount' ? true : undefined}
              aria-describedby={`pe-stock-amount-hint${formError?.field === 'amount' ? ' pe-stock-error' : ''}`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <p className="bf-hint" id="pe-stock-amount-hint">
              {current.hint}
            </p>
          </div>
          <div className="bf-field">
            <label className="bf-label" htmlFor="pe-stock-memo">
              {kind === 'ADJUST' ? '조정 사유' : '메모'}
              {kind === 'ADJUST' && <span className="bf-required"> (필수)</span>}
            </label>
            <input
              id="pe-stock-memo"
              className="bf-input"
              value={memo}
              maxLength={200}
              aria-invalid={formError?.field === 'memo' ? true : undefined}
              aria-describedby={formError?.field === 'memo' ? 'pe-stock-error' : undefined}
              onChange={(e) => setMemo(e.target.value)}
            />
          </div>
          {formError && (
            <p className="bf-error" id="pe-stock-error" role="alert">
              {formError.text}
            </p>
          )}
          <div className="bf-actions">
            <button type="submit" className="button" disabled={pending}>
              {pending ? '반영하는 중…' : '재고 반영'}
            </button>
          </div>
        </form>
      )}
      <p role="status" className="pe-announce">
        {status}
      </p>

      <h3 className="pe-subtitle" id="pe-ledger-title">
        재고 기록
      </h3>
      <div className="bf-field pe-ledger-filter">
        <label className="bf-label" htmlFor="pe-ledger-option">
          옵션별로 보기
        </label>
        <select
          id="pe-ledger-option"
          className="bf-select bf-select--inline"
          value={filter ?? ''}
          onChange={(e) => {
            setFilter(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
        >
          <option value="">모든 옵션</option>
          {options.map((o) => (
            <option key={o.optionNo} value={o.optionNo}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {ledgerError && (
        <p className="bf-alert" role="alert">
          {ledgerError}
        </p>
      )}
      {ledger && ledger.items.length === 0 && <p className="bf-hint">재고 기록이 없습니다.</p>}
      {ledger && ledger.items.length > 0 && (
        <div className="pe-table-wrap" tabIndex={0} role="region" aria-labelledby="pe-ledger-title">
          <table className="pe-table pe-ledger" aria-labelledby="pe-ledger-title">
            <thead>
              <tr>
                <th scope="col">일시</th>
                <th scope="col">옵션</th>
                <th scope="col">사유</th>
                <th scope="col">채널</th>
                <th scope="col">증감</th>
                <th scope="col">재고</th>
                <th scope="col">참조</th>
                <th scope="col">처리자</th>
                <th scope="col">메모</th>
              </tr>
            </thead>
            <tbody>
              {ledger.items.map((l) => (
                <tr key={l.ledgerNo} data-reason={l.reason}>
                  <td>
                    <time dateTime={l.createdYmdt}>{formatDateTime(l.createdYmdt)}</time>
                  </td>
                  <td>{l.optionLabel}</td>
                  <td>{l.reasonLabel}</td>
                  <td>{STOCK_CHANNEL_LABELS[l.channel as keyof typeof STOCK_CHANNEL_LABELS] ?? l.channel}</td>
                  <td className={`pe-num-cell ${l.delta < 0 ? 'pe-minus' : 'pe-plus'}`}>{signed(l.delta)}</td>
                  <td className="pe-num-cell">{l.stockAfter.toLocaleString('ko-KR')}</td>
                  <td>
                    {l.ref && ORDER_REASONS.has(l.reason) ? (
                      <a href={`/manager/orders/${encodeURIComponent(l.ref)}`}>{l.ref}</a>
                    ) : (
                      (l.ref ?? '')
                    )}
                  </td>
                  <td>{l.actorLabel}</td>
                  <td>{l.memo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ledger && ledger.totalCount > PAGE_SIZE && (
        <nav className="bf-actions pe-pager" aria-label="재고 기록 쪽">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            이전
          </button>
          <span aria-live="polite">{`${page} / ${pageCount}쪽 (모두 ${ledger.totalCount}건)`}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pageCount}
            onClick={() => setPage((p) => p + 1)}
          >
            다음
          </button>
        </nav>
      )}
    </div>
  );
}
