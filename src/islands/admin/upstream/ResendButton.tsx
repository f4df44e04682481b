import { useState } from 'react';
import { managerUpstreamApi } from '../../../lib/clients/manager-upstream.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';

/** "다시 보내기" of a failed outbox row on /upstream; reloads the page once the row is due again. */
export default function ResendButton({ orderCode }: { orderCode: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setPending(true);
    setError(null);
    try {
      await unwrap(managerUpstreamApi.outbox[':orderCode'].resend.$post({ param: param({ orderCode }) }));
      window.location.reload();
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  }

  return (
    <span>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        aria-label={`주문 ${orderCode} 인쇄 서비스로 다시 보내기`}
        onClick={() => void resend()}
      >
        다시 보내기
      </button>
      {error && (
        <span className="upstream-fail" role="alert">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
