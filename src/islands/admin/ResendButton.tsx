import { useState } from 'react';
import { managerNotificationsApi } from '../../lib/clients/manager-notifications.ts';
import { managerUpstreamApi } from '../../lib/clients/manager-upstream.ts';
import { errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';

/** What goes out again: a shopper's message (/manager/notifications) or a print-service outbox row (/upstream). */
export type ResendTarget =
  { kind: 'notification'; notificationNo: number } | { kind: 'pod'; orderCode: string };

function resendOf(target: ResendTarget): Promise<unknown> {
  return target.kind === 'notification'
    ? unwrap(
        managerNotificationsApi[':notificationNo'].resend.$post({
          param: param({ notificationNo: String(target.notificationNo) }),
        }),
      )
    : unwrap(
        managerUpstreamApi.outbox[':orderCode'].resend.$post({
          param: param({ orderCode: target.orderCode }),
        }),
      );
}

/**
 * "다시 보내기" of a failed row in the back office: the server queues it again (audited) and the page
 * reloads to show it due; a refusal is said beside the button.
 */
export default function ResendButton({
  target,
  label,
}: {
  target: ResendTarget;
  /** What the button sends, for screen readers: "주문 완료 이메일 (주문 2026…)". */
  label: string;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setPending(true);
    setError(null);
    try {
      await resendOf(target);
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
        aria-label={`${label} 다시 보내기`}
        onClick={() => void resend()}
      >
        다시 보내기
      </button>
      {error && (
        <span className="resend-fail" role="alert">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
