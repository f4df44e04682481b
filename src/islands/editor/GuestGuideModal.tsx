import { useEffect, useId, useRef } from 'react';
import { loginUrlFor } from '../../lib/redirect.ts';
import { saveRedirectTarget } from '../stores/auth.ts';
import { stashDraftForLogin } from '../stores/draft-design.ts';
import { ensureGuestIdentity, type GuestIdentity } from '../stores/guest.ts';
import './guest-guide.css';

export interface GuestGuideModalProps {
  open: boolean;
  /** Where the login returns to: this page by default (path and query). */
  target?: string | undefined;
  /** Why the guide opened, shown under the title. */
  reason?: string | undefined;
  /** The shopper chose to continue as a guest: the guest identity now exists. */
  onGuest: (identity: GuestIdentity) => void;
  /** Closed without choosing (Escape, the close button). */
  onClose: () => void;
  /** Just before leaving for the login page (the editor writes its pending draft here). */
  onBeforeLogin?: (() => void) | undefined;
}

/**
 * The spec's guest guide modal: opens when neither a member nor a guest identity exists, on the
 * custom dampener page and on print-on-demand add-to-cart. Two ways on: log in (back to this page
 * afterwards, the draft design carried through the login) or continue as a guest, which creates the
 * guest identity (48 hours) the guest cart and the guest's designs hang on.
 */
export default function GuestGuideModal({
  open,
  target,
  reason,
  onGuest,
  onClose,
  onBeforeLogin,
}: GuestGuideModalProps) {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // the first choice rather than the close button
      d.querySelector<HTMLButtonElement>('.guest-guide__actions .button')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  const here = () =>
    target ?? (typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`);

  function login() {
    onBeforeLogin?.();
    stashDraftForLogin();
    saveRedirectTarget(here());
    window.location.assign(loginUrlFor(here()));
  }

  function continueAsGuest() {
    const identity = ensureGuestIdentity();
    dialog.current?.close();
    onGuest(identity);
  }

  return (
    <dialog
      ref={dialog}
      className="guest-guide"
      aria-labelledby={`${uid}-title`}
      aria-describedby={`${uid}-desc`}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className="guest-guide__head">
        <h2 id={`${uid}-title`}>로그인 안내</h2>
        <button
          type="button"
          className="guest-guide__close"
          onClick={() => dialog.current?.close()}
          aria-label="닫기"
        >
          ×
        </button>
      </div>
      <div id={`${uid}-desc`}>
        <p>{reason ?? '디자인을 저장하고 주문하려면 로그인하거나 비회원으로 계속해 주세요.'}</p>
        <p className="guest-guide__note">
          비회원 정보는 이 브라우저에 48시간 동안 보관됩니다. 로그인하면 만들던 디자인을 그대로 이어서 할 수
          있습니다.
        </p>
      </div>
      <div className="guest-guide__actions">
        <button type="button" className="button" onClick={login}>
          로그인하기
        </button>
        <button type="button" className="button button--secondary" onClick={continueAsGuest}>
          비회원으로 계속하기
        </button>
      </div>
    </dialog>
  );
}
