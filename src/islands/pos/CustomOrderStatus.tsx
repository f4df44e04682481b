import { useId, useState } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { refreshPrintService } from './CustomApi.ts';

/**
 * A counter custom order's production status with what to tell the customer, and "인쇄 서비스
 * 확인": reads the print service's progress (or sends the order again when it never took it) and
 * shows the answer in place.
 */

export interface CustomOrderStatusView {
  customOrderNo: number;
  status: string;
  statusLabel: string;
  podStatus: string | null;
  podSentAt: string | null;
  podError: string | null;
  pickup: { ready: boolean; message: string; expectedYmd: string | null };
}

const POD_LABELS: Record<string, string> = {
  RECEIVED: '접수',
  IN_PRODUCTION: '제작 중',
  SHIPPED: '매장으로 배송 중',
  DELIVERED: '매장 도착',
  CANCELLED: '취소됨',
};

const ymdLabel = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const weekday = '일월화수목금토'[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${m}월 ${d}일 (${weekday})`;
};

export default function CustomOrderStatus({ initial }: { initial: CustomOrderStatusView }) {
  const uid = useId();
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function refresh() {
    setBusy(true);
    setError(null);
    setMessage('');
    try {
      const next = await refreshPrintService(view.customOrderNo);
      setView(next);
      setMessage(
        next.podSentAt
          ? `인쇄 서비스 상태: ${next.podStatus ? (POD_LABELS[next.podStatus] ?? next.podStatus) : '확인 중'}. 제작 상태: ${next.statusLabel}.`
          : '인쇄 서비스로 아직 보내지 못했습니다.',
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pc-status" data-status={view.status}>
      <p className="pc-status__now">
        <span className={`pc-badge pc-badge--${view.status}`} data-testid="pc-status">
          {view.statusLabel}
        </span>
        {view.pickup.ready && <span className="pc-badge pc-badge--ready">찾아가실 수 있음</span>}
      </p>
      <p className="pc-status__tell">
        {view.pickup.message}
        {view.pickup.expectedYmd && (
          <>
            {' '}
            예상 준비일 <strong>{ymdLabel(view.pickup.expectedYmd)}</strong>
          </>
        )}
      </p>
      <p className="pc-muted">
        인쇄 서비스:{' '}
        {view.podSentAt
          ? view.podStatus
            ? (POD_LABELS[view.podStatus] ?? view.podStatus)
            : '접수'
          : `아직 보내지 못함${view.podError ? ` (${view.podError})` : ''}`}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => void refresh()}
        aria-describedby={`${uid}-hint`}
      >
        {busy ? '확인 중…' : view.podSentAt ? '인쇄 서비스 확인' : '인쇄 서비스로 다시 보내기'}
      </button>
      <span id={`${uid}-hint`} className="visually-hidden">
        제작 주문 {view.customOrderNo}
      </span>
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      {error && (
        <p className="pos-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
