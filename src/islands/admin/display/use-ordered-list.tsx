import { arrayMove } from '@dnd-kit/sortable';
import { useRef, useState, type RefObject } from 'react';
import { focusLost, useFocusLater } from '../focus.ts';
import { errorMessage, isStale } from './display-shared.ts';
import SaveAlert, { type SaveAlertState } from './SaveAlert.tsx';

/**
 * What the display lists (a group's banners, the sections) keep the same way: the rows in their
 * order, a reorder shown at once and saved (back as it was when refused), a delete asked first,
 * and the results: read out politely, or in the alert. After a delete the result line takes the
 * focus (the row and its button are gone); after a refused one the pressed button keeps it.
 */
export function useOrderedList<T>(initial: T[]) {
  const [items, setItems] = useState<T[]>(initial);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState<SaveAlertState | null>(null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusLater = useFocusLater();
  const refused = (err: unknown) => setAlert({ text: errorMessage(err), stale: isStale(err) });

  /** Moves the row at `from` to `to` and saves the order; `said` names the moved row's new place. */
  async function move(
    from: number,
    to: number,
    save: (after: T[]) => Promise<T[]>,
    said: (moved: T | undefined) => string,
  ) {
    if (to < 0 || to >= items.length || from === to) return;
    const before = items;
    const after = arrayMove(before, from, to);
    setItems(after);
    setBusy(true);
    setAlert(null);
    try {
      setItems(await save(after));
      setStatus(said(before[from]));
    } catch (err) {
      setItems(before);
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  /** Deletes a row once the manager agrees to `question`; `keep` tells the rows that stay. */
  async function remove(d: {
    question: string;
    run: () => Promise<unknown>;
    keep: (row: T) => boolean;
    done: string;
  }) {
    if (!window.confirm(d.question)) return;
    const pressed = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    setAlert(null);
    try {
      await d.run();
      setItems((list) => list.filter(d.keep));
      setStatus(d.done);
      focusLater(() => statusRef.current);
    } catch (err) {
      refused(err);
      focusLater(() => (focusLost() ? pressed : null));
    } finally {
      setBusy(false);
    }
  }

  return { items, setItems, status, setStatus, alert, busy, statusRef, focusLater, move, remove };
}

/** The list's result line (read out politely, focusable) and its alert. */
export function ListMessages({
  status,
  alert,
  statusRef,
}: {
  status: string;
  alert: SaveAlertState | null;
  statusRef: RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <>
      <p className="dm-live bf-status" aria-live="polite" hidden={!status} tabIndex={-1} ref={statusRef}>
        {status}
      </p>
      <SaveAlert alert={alert} />
    </>
  );
}

/** A row's 삭제 button, named by the row. */
export function RowDeleteButton({
  name,
  busy,
  onClick,
}: {
  name: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button button--secondary bf-danger" disabled={busy} onClick={onClick}>
      삭제<span className="visually-hidden"> {name}</span>
    </button>
  );
}
