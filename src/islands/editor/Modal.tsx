import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal `<dialog>`: focus moves in on open and back to where it was on close (the browser does
 * both for showModal), Escape closes, the title names it.
 */
export default function Modal({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const uid = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`editor-dialog ${className ?? ''}`}
      aria-labelledby={`${uid}-title`}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className="editor-dialog__head">
        <h2 id={`${uid}-title`}>{title}</h2>
        <button
          type="button"
          className="editor-dialog__close"
          aria-label="닫기"
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
