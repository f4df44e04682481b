import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { expireGuestCart } from '../stores/guest-cart.ts';
import { expireGuestIdentity } from '../stores/guest.ts';
import { $toast, hideToast, showToast, takeQueuedToast } from '../stores/toast.ts';
import './toast.css';

/**
 * The shop's one toast (spec: add to cart and friends; 3 seconds; message, image, custom message,
 * type). Mounted once by the base layout, on the pages that can show one; its start is also the
 * "app start" checks of the client state. The live region is in the page from the start, empty, so
 * screen readers announce what appears in it; errors are announced the same polite way, since the
 * shopper is in the middle of something.
 */
export default function Toast() {
  const toast = useStore($toast);

  useEffect(() => {
    // app start (spec sections 4 and 5): an expired guest identity and guest cart are dropped
    expireGuestIdentity();
    expireGuestCart();
    // a toast queued by the page before (the login flow's cart merge)
    const queued = takeQueuedToast();
    if (queued) showToast(queued);
  }, []);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div
          className={`toast toast--${toast.messageType}`}
          key={toast.id}
          data-message-type={toast.messageType}
        >
          {toast.imageUrl && (
            <img className="toast__image" src={toast.imageUrl} alt="" width={48} height={48} />
          )}
          <div className="toast__text">
            <p className="toast__message">{toast.message}</p>
            {toast.customMessage && <p className="toast__custom">{toast.customMessage}</p>}
          </div>
          <button type="button" className="toast__close" aria-label="알림 닫기" onClick={hideToast}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
