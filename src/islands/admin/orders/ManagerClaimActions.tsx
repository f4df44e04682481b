import { useId, useState } from 'react';
import { managerClaimApi } from '../../../lib/clients/manager-orders.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';
import '../../board/board-forms.css';

/**
 * A manager's decision on a return request (POST /api/manager/claims/{claimNo}/approve | /reject),
 * or a retry of a refund the provider has not made yet (/refund). Approving gives the stock,
 * points and freed coupons back and refunds through the payment provider.
 */
export default function ManagerClaimActions({
  claimNo,
  status,
  refundRequired,
}: {
  claimNo: number;
  status: string;
  refundRequired: boolean;
}) {
  const uid = useId();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function act(path: 'approve' | 'refund' | 'reject', rejectReason = '') {
    setPending(true);
    setError(null);
    try {
      const claim = managerClaimApi[':claimNo{[0-9]{1,15}}'];
      const args = { param: param({ claimNo: String(claimNo) }) };
      await unwrap(
        path === 'reject'
          ? claim.reject.$post({ ...args, json: { reason: rejectReason } })
          : claim[path].$post(args),
      );
      window.location.reload();
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  }

  return (
    <div className="bf-form">
      <div className="bf-actions">
        {status === 'RETURN_REQUEST' && (
          <>
            <button className="button" type="button" disabled={pending} onClick={() => void act('approve')}>
              반품 승인<span className="visually-hidden"> (클레임 {claimNo})</span>
            </button>
            <button
              className="button button--secondary"
              type="button"
              disabled={pending}
              onClick={() => setRejecting(true)}
            >
              반품 거부<span className="visually-hidden"> (클레임 {claimNo})</span>
            </button>
          </>
        )}
        {refundRequired && (
          <button
            className="button button--secondary"
            type="button"
            disabled={pending}
            onClick={() => void act('refund')}
          >
            환불 다시 시도
          </button>
        )}
      </div>
      {rejecting && (
        <form
          className="bf-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act('reject', reason.trim());
          }}
        >
          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-reason`}>
              거부 사유 <span className="bf-required">(필수)</span>
            </label>
            <textarea
              id={`${uid}-reason`}
              className="bf-textarea"
              rows={2}
              maxLength={500}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="bf-actions">
            <button className="button bf-danger" type="submit" disabled={pending || reason.trim() === ''}>
              거부하기
            </button>
          </div>
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
