import { useState } from 'react';
import { restockAlertsApi } from '../../lib/clients/restock-alerts.ts';
import { errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';
import './restock.css';

export interface MyRestockAlertItem {
  alertNo: number;
  productName: string;
  optionName: string;
  href: string;
  status: 'WAITING' | 'NOTIFIED';
  /** Already formatted by the page (Seoul time). */
  requestedOn: string;
  notifiedOn: string | null;
}

/** The member's own 재입고 알림 requests on /restock, each waiting one with its cancel button. */
export default function MyRestockAlerts({ items: initial }: { items: MyRestockAlertItem[] }) {
  const [items, setItems] = useState(initial);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function cancel(item: MyRestockAlertItem) {
    setMessage(null);
    try {
      await unwrap(restockAlertsApi[':alertNo'].$delete({ param: param({ alertNo: String(item.alertNo) }) }));
      setItems((list) => list.filter((i) => i.alertNo !== item.alertNo));
      setMessage({ kind: 'ok', text: `${item.productName} 재입고 알림 신청을 취소했습니다.` });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err) });
    }
  }

  return (
    <div className="my-restock">
      <p
        className={`restock-alert__message${message?.kind === 'error' ? ' is-error' : ''}`}
        role={message?.kind === 'error' ? 'alert' : 'status'}
      >
        {message?.text}
      </p>
      {items.length === 0 ? (
        <p className="my-restock__empty">신청한 재입고 알림이 없습니다.</p>
      ) : (
        <ul className="my-restock__list" role="list">
          {items.map((i) => (
            <li key={i.alertNo} className="my-restock__item">
              <div>
                <a href={i.href}>{i.productName}</a>
                {i.optionName && <span className="my-restock__option"> {i.optionName}</span>}
                <p className="my-restock__meta">
                  {i.status === 'NOTIFIED'
                    ? `${i.notifiedOn ?? ''} 알림 발송됨`
                    : `${i.requestedOn} 신청 · 입고 대기`}
                </p>
              </div>
              {i.status === 'WAITING' && (
                <button
                  type="button"
                  className="my-restock__cancel"
                  aria-label={`${i.productName}${i.optionName ? ` ${i.optionName}` : ''} 재입고 알림 신청 취소`}
                  onClick={() => void cancel(i)}
                >
                  신청 취소
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
