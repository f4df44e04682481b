import { useEffect, useId, useRef, useState } from 'react';
import { managerOrderApi } from '../../../lib/clients/manager-orders.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';

/**
 * The order list's bulk steps (POST /api/manager/orders/bulk): the orders ticked in the list's
 * form (`formId`, checkboxes named `orderNo`) are prepared or made ready for delivery, each by its
 * own guarded step; the page then reloads and shows them as they now are, with what was refused.
 * Without JavaScript the same form still opens the packing list (a GET).
 */
export default function BulkOrderActions({ formId }: { formId: string }) {
  const uid = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const lastResult = useRef<HTMLParagraphElement>(null);

  // what the last bulk step did, told after the reload that shows the orders as they now are
  useEffect(() => {
    const last = sessionStorage.getItem('podo-bulk-result');
    if (last && lastResult.current) {
      sessionStorage.removeItem('podo-bulk-result');
      lastResult.current.textContent = last;
    }
  }, []);

  async function run(step: 'prepare' | 'prepare-delivery') {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    const orderNos = form ? new FormData(form).getAll('orderNo').map(String) : [];
    if (orderNos.length === 0) {
      setMessage('처리할 주문을 먼저 골라 주세요.');
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const answer = await unwrap(managerOrderApi.bulk.$post({ json: { orderNos, step } }));
      const refused = answer.results.filter((r) => !r.ok);
      const text =
        `${answer.okCount}건을 처리했습니다.` +
        (refused.length > 0
          ? ` ${refused.length}건은 처리하지 못했습니다: ${refused.map((r) => `${r.orderNo} (${r.message})`).join(', ')}`
          : '');
      sessionStorage.setItem('podo-bulk-result', text);
      window.location.reload();
    } catch (err) {
      setMessage(errorMessage(err));
      setPending(false);
    }
  }

  return (
    <div className="bulk-actions" aria-describedby={`${uid}-msg`}>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        onClick={() => void run('prepare')}
      >
        선택한 주문 상품 준비
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        onClick={() => void run('prepare-delivery')}
      >
        선택한 주문 배송 준비
      </button>
      <p id={`${uid}-msg`} role="status">
        {message}
      </p>
      <p ref={lastResult} role="status" />
    </div>
  );
}
