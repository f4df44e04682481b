import { useState } from 'react';
import { formatWon } from '../../../lib/money.ts';
import ConfirmDialog from '../ConfirmDialog.tsx';
import CancelModal from './CancelModal.tsx';
import { confirmOrder, withdrawClaim, type ReturnAddressInput } from './claim-api.ts';
import type { ClaimLine } from './ClaimParts.tsx';
import ReturnModal from './ReturnModal.tsx';
import './orders.css';

export interface OrderActionsProps {
  orderNo: string;
  /** The order's nextActions (Shopby's NextActionType names). */
  actions: string[];
  lines: ClaimLine[];
  /** Only the whole order may be cancelled (a virtual account not paid yet). */
  wholeCancelOnly: boolean;
  returnAddress: ReturnAddressInput;
  /** Points the buy confirmation will give. */
  expectedPoints: number;
  /** A return request waiting for the manager, which the member may withdraw. */
  openReturnClaimNo: number | null;
  /** 우편번호 찾기 in the return form: Kakao's postcode search when the shop is online. */
  postcodeSearch?: 'kakao' | 'manual';
}

/** What the member may do with an order on its detail page: cancel, ask for a return, confirm. */
export default function OrderActions(props: OrderActionsProps) {
  const [open, setOpen] = useState<'cancel' | 'return' | 'confirm' | 'withdraw' | null>(null);
  const has = (a: string) => props.actions.includes(a);
  const close = () => setOpen(null);
  const reload = (notice: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('done', notice);
    window.location.assign(url.toString());
  };
  if (!has('CANCEL_ALL') && !has('RETURN') && !has('CONFIRM_ORDER') && props.openReturnClaimNo === null)
    return null;

  return (
    <div className="order-actions">
      {has('CANCEL_ALL') && (
        <button type="button" className="button button--secondary" onClick={() => setOpen('cancel')}>
          주문 취소
        </button>
      )}
      {has('RETURN') && (
        <button type="button" className="button button--secondary" onClick={() => setOpen('return')}>
          반품 신청
        </button>
      )}
      {props.openReturnClaimNo !== null && (
        <button type="button" className="button button--secondary" onClick={() => setOpen('withdraw')}>
          반품 신청 철회
        </button>
      )}
      {has('CONFIRM_ORDER') && (
        <button type="button" className="button" onClick={() => setOpen('confirm')}>
          구매 확정
        </button>
      )}
      {/* only the claims the order allows: a shipped order has no cancel (nor its estimate) */}
      {has('CANCEL_ALL') && (
        <CancelModal
          open={open === 'cancel'}
          onClose={close}
          onDone={() => reload('cancel')}
          orderNo={props.orderNo}
          lines={props.lines}
          wholeOnly={props.wholeCancelOnly}
        />
      )}
      {has('RETURN') && (
        <ReturnModal
          open={open === 'return'}
          onClose={close}
          onDone={() => reload('return')}
          lines={props.lines}
          address={props.returnAddress}
          postcodeSearch={props.postcodeSearch}
        />
      )}
      <ConfirmDialog
        open={open === 'confirm'}
        title="구매 확정"
        message={`구매를 확정하면 반품을 신청할 수 없습니다.${
          props.expectedPoints > 0 ? ` 적립금 ${formatWon(props.expectedPoints)}이 지급됩니다.` : ''
        }`}
        confirmLabel="구매 확정"
        onConfirm={async () => {
          await confirmOrder(props.orderNo);
          reload('confirm');
        }}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'withdraw'}
        title="반품 신청 철회"
        message="반품 신청을 철회할까요? 상품은 그대로 구매하신 상태로 돌아갑니다."
        confirmLabel="철회"
        onConfirm={async () => {
          if (props.openReturnClaimNo !== null) await withdrawClaim(props.openReturnClaimNo);
          reload('withdraw');
        }}
        onClose={close}
      />
    </div>
  );
}
