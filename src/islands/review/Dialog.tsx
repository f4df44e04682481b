import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider, for the photo viewer. */
  wide?: boolean;
  className?: string;
}

/**
 * A modal on the native `<dialog>`: `showModal()` gives the focus trap, the inert page behind and
 * Escape; focus goes back to whatever opened it. Rendered only while open.
 */
export default function Dialog({ title, onClose, children, wide = false, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Escape asks the latest `onClose`; the dialog itself opens once, when it mounts
  const onCancel = useEffectEvent((e: Event) => {
    e.preventDefault();
    onClose();
  });

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    const cancel = (e: Event) => onCancel(e);
    dialog?.addEventListener('cancel', cancel);
    return () => {
      dialog?.removeEventListener('cancel', cancel);
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`rv-dialog ${wide ? 'rv-dialog--wide' : ''} ${className}`}
      aria-labelledby={titleId}
    >
      <div className="rv-dialog-head">
        <h2 id={titleId} className="rv-dialog-title">
          {title}
        </h2>
        <button type="button" className="rv-icon-button" onClick={() => onClose()} aria-label="닫기">
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
