import { useState } from 'react';
import { managerNotificationsApi } from '../../../lib/clients/manager-notifications.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';

/** "다시 보내기" of a failed message on /manager/notifications; reloads the page once it is queued. */
export default function NotificationResendButton({
  notificationNo,
  label,
}: {
  notificationNo: number;
  /** What the button sends, for screen readers: "주문 완료 이메일 (주문 2026…)". */
  label: string;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setPending(true);
    setError(null);
    try {
      await unwrap(
        managerNotificationsApi[':notificationNo'].resend.$post({
          param: param({ notificationNo: String(notificationNo) }),
        }),
      );
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
        <span className="notification-fail" role="alert">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
