import { useState } from 'react';
import { customDesignApi } from '../../../lib/clients/custom-design.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';

export interface PodSyncButtonProps {
  /** One custom order per order to ask the print service about (it answers per order). */
  customOrderNos: number[];
  label?: string;
}

/**
 * "인쇄 서비스 동기화": asks the print service for each order's status
 * (POST /api/custom/orders/{no}/pod-sync; IN_PRODUCTION moves to 제작 중, SHIPPED or DELIVERED to
 * 제작 완료), one after another, then reloads the page to show the result.
 */
export default function PodSyncButton({ customOrderNos, label = '인쇄 서비스 동기화' }: PodSyncButtonProps) {
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function sync() {
    setPending(true);
    setError(null);
    const failed: string[] = [];
    for (const [i, no] of customOrderNos.entries()) {
      setProgress(`${i + 1} / ${customOrderNos.length} 확인 중…`);
      try {
        await unwrap(
          customDesignApi.orders[':customOrderNo']['pod-sync'].$post({
            param: param({ customOrderNo: String(no) }),
          }),
        );
      } catch (err) {
        failed.push(`#${no}: ${errorMessage(err)}`);
      }
    }
    if (failed.length === 0) {
      window.location.reload();
      return;
    }
    setError(`동기화하지 못한 주문이 있습니다. ${failed.join(' ')}`);
    setProgress(null);
    setPending(false);
  }

  return (
    <div>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending || customOrderNos.length === 0}
        onClick={() => void sync()}
      >
        {label}
      </button>
      <p className="ca-muted" role="status">
        {progress}
      </p>
      {error && (
        <p className="ca-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
