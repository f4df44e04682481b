import { useId, useState } from 'react';
import { DELIVERY_COMPANIES } from '../../../lib/order-claims.ts';
import { managerOrderApi } from '../../../lib/clients/manager-orders.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';
import '../../board/board-forms.css';

/**
 * The manager's steps for a paid order (POST /api/manager/orders/{orderNo}/…): 상품 준비,
 * 배송 준비, 발송 처리 with the delivery company and invoice number, 배송 완료. The page reloads after
 * each step and shows the order as it now is.
 */
export default function ManagerOrderActions({ orderNo, status }: { orderNo: string; status: string }) {
  const uid = useId();
  const [company, setCompany] = useState('CJ');
  const [invoiceNo, setInvoiceNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** `ship` with the delivery company and invoice number; the other steps without a body. */
  async function step(
    ...[path, shipment]:
      | ['prepare' | 'prepare-delivery' | 'deliver']
      | ['ship', { deliveryCompanyType: string; invoiceNo: string }]
  ) {
    setPending(true);
    setError(null);
    try {
      const order = managerOrderApi[':orderNo'];
      await unwrap(
        path === 'ship'
          ? order.ship.$post({ param: param({ orderNo }), json: shipment })
          : order[':step{prepare|prepare-delivery|deliver}'].$post({ param: param({ orderNo, step: path }) }),
      );
      window.location.reload();
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  }

  const canShip = ['PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE'].includes(status);
  return (
    <div className="bf-form manager-order-actions">
      <div className="bf-actions">
        {status === 'PAY_DONE' && (
          <button
            className="button button--secondary"
            type="button"
            disabled={pending}
            onClick={() => void step('prepare')}
          >
            상품 준비 처리
          </button>
        )}
        {status === 'PRODUCT_PREPARE' && (
          <button
            className="button button--secondary"
            type="button"
            disabled={pending}
            onClick={() => void step('prepare-delivery')}
          >
            배송 준비 처리
          </button>
        )}
        {status === 'DELIVERY_ING' && (
          <button className="button" type="button" disabled={pending} onClick={() => void step('deliver')}>
            배송 완료 처리
          </button>
        )}
      </div>
      {canShip && (
        <form
          className="bf-form"
          onSubmit={(e) => {
            e.preventDefault();
            void step('ship', { deliveryCompanyType: company, invoiceNo: invoiceNo.trim() });
          }}
        >
          <fieldset className="bf-fieldset">
            <legend className="bf-legend">발송 처리</legend>
            <div className="bf-field">
              <label className="bf-label" htmlFor={`${uid}-company`}>
                택배사
              </label>
              <select
                id={`${uid}-company`}
                className="bf-select"
                value={company}
                onChange={(e) => setCompany(e.target.value)}
              >
                {DELIVERY_COMPANIES.map((c) => (
                  <option key={c.type} value={c.type}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="bf-field">
              <label className="bf-label" htmlFor={`${uid}-invoice`}>
                송장 번호
              </label>
              <input
                id={`${uid}-invoice`}
                className="bf-input"
                inputMode="numeric"
                value={invoiceNo}
                required
                onChange={(e) => setInvoiceNo(e.target.value)}
              />
            </div>
            <div className="bf-actions">
              <button className="button" type="submit" disabled={pending}>
                발송 처리
              </button>
            </div>
          </fieldset>
        </form>
      )}
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
