import { useId, useState } from 'react';
import type { CustomOrderStatus } from '../../../lib/design/api.ts';
import { customDesignApi } from '../../../lib/clients/custom-design.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';

export interface StatusActionsProps {
  customOrderNo: number;
  /** The moves an administrator may make now (server-computed from the current status). */
  moves: { to: CustomOrderStatus; label: string }[];
}

/**
 * The status buttons of a custom order: PATCH /api/custom/orders/{no}/status, then the page
 * reloads (the server renders the new status, history and print files). Moving to "디자인 완료"
 * also makes the print files on the server.
 */
export default function StatusActions({ customOrderNo, moves }: StatusActionsProps) {
  const uid = useId();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<CustomOrderStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function move(to: CustomOrderStatus) {
    setError(null);
    setPending(to);
    try {
      await unwrap(
        customDesignApi.orders[':customOrderNo'].status.$patch({
          param: param({ customOrderNo: String(customOrderNo) }),
          json: { status: to, ...(note.trim() ? { note: note.trim() } : {}) },
        }),
      );
      window.location.reload();
    } catch (err) {
      setError(errorMessage(err));
      setPending(null);
    }
  }

  if (moves.length === 0) return <p className="ca-muted">제작이 끝난 주문입니다. 상태를 바꿀 수 없습니다.</p>;
  return (
    <div aria-busy={pending !== null}>
      <label className="ca-note" htmlFor={`${uid}-note`}>
        <span>메모 (선택, 이력에 남습니다)</span>
        <input
          id={`${uid}-note`}
          value={note}
          maxLength={200}
          onChange={(e) => setNote(e.target.value)}
          autoComplete="off"
        />
      </label>
      <div className="ca-actions">
        {moves.map((m) => (
          <button
            key={m.to}
            type="button"
            className="button"
            disabled={pending !== null}
            onClick={() => void move(m.to)}
          >
            {pending === m.to ? '변경 중…' : m.label}
          </button>
        ))}
      </div>
      {error && (
        <p className="ca-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
