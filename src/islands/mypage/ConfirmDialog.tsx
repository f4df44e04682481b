import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { goToLogin } from '../catalog/go-to-login.ts';
import '../board/board-forms.css';

/** A `<dialog>` that opens while `open` is true (showModal: focus moves in, Esc closes). */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The action; a thrown error is shown in the dialog (a 401 goes to the login page). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A confirmation modal for an action that cannot be undone (delete). */
export default function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const uid = useId();
  const ref = useModal(open);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // opened again: the last attempt's error is gone
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className="bf-dialog"
      aria-labelledby={`${uid}-title`}
      aria-describedby={`${uid}-message`}
      onClose={onClose}
    >
      <div className="bf-dialog-head">
        <h2 id={`${uid}-title`}>{title}</h2>
        <button type="button" className="bf-close" aria-label="닫기" onClick={onClose}>
          ×
        </button>
      </div>
      <p id={`${uid}-message`}>{message}</p>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      <div className="bf-actions" style={{ marginTop: 'var(--space-4)' }}>
        <button className="button bf-danger" type="button" onClick={() => void confirm()} disabled={pending}>
          {confirmLabel}
        </button>
        <button className="button button--secondary" type="button" onClick={onClose}>
          취소
        </button>
      </div>
    </dialog>
  );
}
