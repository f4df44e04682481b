import { formatDateTime } from '../../lib/dates.ts';
import { formatWon } from '../../lib/money.ts';
import { METHOD_LABEL } from '../../lib/pos/cart.ts';
import type { CounterSale } from './pos-api.ts';

/** The sale just made, as the server recorded it (or as queued offline), with its receipt. */
export type Finished =
  | { kind: 'recorded'; sale: CounterSale; change: number }
  | { kind: 'queued'; key: string; payAmt: number; change: number; soldAt: string };

export default function LastSale({ done, onClose }: { done: Finished; onClose: () => void }) {
  if (done.kind === 'queued')
    return (
      <section className="pos-done is-queued" aria-labelledby="pos-done-title" data-testid="pos-last-sale">
        <h2 id="pos-done-title" className="pos-panel__title">
          오프라인 판매 저장됨
        </h2>
        <p>
          {formatWon(done.payAmt)} 현금 · 거스름돈 <strong>{formatWon(done.change)}</strong>
        </p>
        <p className="pos-hint">
          {formatDateTime(done.soldAt)} · 연결되면 서버로 보내고 판매 번호와 영수증이 생깁니다.
        </p>
        <button type="button" className="pos-link" onClick={onClose}>
          닫기
        </button>
      </section>
    );
  const { sale, change } = done;
  const receipt = `/test/pos/order?saleNo=${encodeURIComponent(sale.saleNo)}`;
  return (
    <section className="pos-done" aria-labelledby="pos-done-title" data-testid="pos-last-sale">
      <h2 id="pos-done-title" className="pos-panel__title">
        판매 완료 <span data-testid="pos-last-sale-no">{sale.saleNo}</span>
      </h2>
      <p>
        받은 금액 <strong>{formatWon(sale.payAmt)}</strong>
        {change > 0 && (
          <>
            {' '}
            · 거스름돈 <strong data-testid="pos-last-change">{formatWon(change)}</strong>
          </>
        )}
      </p>
      <ul className="pos-done__payments" role="list">
        {sale.payments.map((p) => (
          <li key={p.paymentNo}>
            {METHOD_LABEL[p.method]} {formatWon(p.amount)}
            {p.cardName && p.method !== 'CASH' ? ` · ${p.cardName}` : ''}
            {p.approvalNo ? ` · 승인번호 ${p.approvalNo}` : ''}
          </li>
        ))}
      </ul>
      {sale.earnedPoints > 0 && <p className="pos-hint">적립 {formatWon(sale.earnedPoints)}</p>}
      <p className="pos-done__actions">
        <a className="button" href={`${receipt}&print=1`} target="_blank" rel="noopener">
          영수증 인쇄
        </a>
        <a className="button button--secondary" href={receipt}>
          영수증 보기
        </a>
        <button type="button" className="pos-link" onClick={onClose}>
          닫기
        </button>
      </p>
    </section>
  );
}
