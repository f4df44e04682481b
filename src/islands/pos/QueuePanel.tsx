import type { QueuedSale } from '../../lib/pos/offline-queue.ts';
import { formatWon } from '../../lib/money.ts';
import type { Delivered } from './use-sale-queue.ts';

/**
 * The connection and the offline sales: how many wait, the server's answer for each one sent
 * (its sale number, and above all what the stock could not cover), and those it refused.
 */
export interface QueuePanelProps {
  online: boolean;
  queued: QueuedSale[];
  delivered: Delivered[];
  sending: boolean;
  onSend: () => void;
  onDismiss: (key: string) => void;
  onDiscard: (key: string) => void;
}

const total = (q: QueuedSale) => q.body.payments.reduce((a, p) => a + p.amount, 0);

export default function QueuePanel({
  online,
  queued,
  delivered,
  sending,
  onSend,
  onDismiss,
  onDiscard,
}: QueuePanelProps) {
  const waiting = queued.filter((q) => q.state === 'waiting');
  const refused = queued.filter((q) => q.state === 'refused');
  if (online && queued.length === 0 && delivered.length === 0) return null;
  return (
    <section className="pos-queue" aria-label="오프라인 판매">
      <p
        className={online ? 'pos-queue__status' : 'pos-queue__status is-offline'}
        role="status"
        data-testid="pos-queue-status"
      >
        {online
          ? waiting.length > 0
            ? `전송 대기 ${waiting.length}건${sending ? ' · 보내는 중…' : ''}`
            : '연결됨'
          : `오프라인: ${waiting.length}건 전송 대기`}
        {waiting.length > 0 && online && !sending && (
          <button type="button" className="pos-link" onClick={onSend}>
            지금 보내기
          </button>
        )}
      </p>
      {!online && (
        <p className="pos-hint">
          연결이 끊겼습니다. 현금 판매는 계속할 수 있고, 이 기기에 저장했다가 연결되면 한 번씩 보냅니다.
          카드와 카카오페이는 쓸 수 없습니다.
        </p>
      )}
      {refused.map((q) => (
        <div key={q.key} className="pos-queue__item is-refused" role="alert">
          <p>
            오프라인 판매 {formatWon(total(q))} (
            {new Date(q.body.soldAt).toLocaleTimeString('ko-KR', { timeZone: 'Asia/Seoul' })})를 서버가 받지
            않았습니다: {q.lastError}
          </p>
          <button type="button" className="button button--secondary" onClick={() => onDiscard(q.key)}>
            확인하고 목록에서 지우기
          </button>
        </div>
      ))}
      {delivered.map(({ key, sale, replay }) => {
        const short = sale.lines.filter((l) => l.shortQty > 0);
        return (
          <div
            key={key}
            className={short.length ? 'pos-queue__item is-short' : 'pos-queue__item'}
            role={short.length ? 'alert' : 'status'}
            data-testid="pos-queue-delivered"
          >
            <p>
              오프라인 판매가 기록되었습니다{replay ? '(이미 기록된 판매)' : ''}:{' '}
              <a href={`/test/pos/order?saleNo=${encodeURIComponent(sale.saleNo)}`}>{sale.saleNo}</a> ·{' '}
              {formatWon(sale.payAmt)}
            </p>
            {short.length > 0 && (
              <>
                <p>
                  <strong>재고 부족:</strong> 판매는 기록되었지만 재고가 모자랐습니다. 실제 수량을 세어 재고를
                  맞춰 주세요.
                </p>
                <ul>
                  {short.map((l) => (
                    <li key={l.lineNo}>
                      {l.productName}
                      {l.optionLabel ? ` (${l.optionLabel})` : ''}: {l.qty}개 중 {l.shortQty}개 부족
                    </li>
                  ))}
                </ul>
              </>
            )}
            <button type="button" className="pos-link" onClick={() => onDismiss(key)}>
              확인
            </button>
          </div>
        );
      })}
    </section>
  );
}
