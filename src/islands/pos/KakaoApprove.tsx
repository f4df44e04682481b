import { useState } from 'react';
import { kakaoSandboxApi } from '../../lib/clients/pos.ts';
import { formatWon } from '../../lib/money.ts';
import { errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';

/**
 * The customer's phone in the Kakao Pay sandbox: the amount and the store, and 결제하기, which
 * approves the request (POST /api/pos/kakao-sandbox/{id}/approve); the counter sees it at once.
 */
export interface KakaoApproveProps {
  requestId: string;
  amount: number;
  storeName: string;
  status: 'READY' | 'APPROVED' | 'CANCELLED' | 'EXPIRED' | 'USED';
}

export default function KakaoApprove({ requestId, amount, storeName, status: initial }: KakaoApproveProps) {
  const [status, setStatus] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function approve() {
    setBusy(true);
    setError(null);
    try {
      const r = await unwrap(kakaoSandboxApi[':requestId'].approve.$post({ param: param({ requestId }) }));
      setStatus(r.status);
    } catch (err) {
      setError(errorMessage(err));
      try {
        setStatus((await unwrap(kakaoSandboxApi[':requestId'].$get({ param: param({ requestId }) }))).status);
      } catch {
        // keep what we know
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="kakao-phone" aria-live="polite">
      <p className="kakao-phone__store">{storeName}</p>
      <p className="kakao-phone__amount">{formatWon(amount)}</p>
      {status === 'READY' && (
        <button type="button" className="kakao-phone__pay" disabled={busy} onClick={() => void approve()}>
          {busy ? '결제 중…' : '결제하기'}
        </button>
      )}
      {(status === 'APPROVED' || status === 'USED') && (
        <p className="kakao-phone__done" role="status">
          결제를 마쳤습니다. 매장 화면을 확인해 주세요.
        </p>
      )}
      {status === 'EXPIRED' && (
        <p className="kakao-phone__ended" role="alert">
          결제 시간이 지났습니다. 매장에 다시 요청해 주세요.
        </p>
      )}
      {status === 'CANCELLED' && (
        <p className="kakao-phone__ended" role="alert">
          취소된 결제 요청입니다.
        </p>
      )}
      {error && (
        <p className="kakao-phone__ended" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
