import { josa } from 'es-hangul';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SaveMessages, type SaveState } from './save-state.tsx';

/**
 * The text fields of a back-office form kept as one draft: `field(key)` is what a `SetupTextField`
 * of that key needs (its id, value, change and the server's problem at the same path).
 */
export function useDraftFields<D extends Record<string, string>>(
  initial: D,
  save: Pick<SaveState, 'fields'>,
) {
  const uid = useId();
  const [draft, setDraft] = useState<D>(initial);
  const set = (k: keyof D & string) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const field = (k: keyof D & string) => ({
    id: `${uid}-${k}`,
    value: draft[k],
    onChange: set(k),
    errors: save.fields,
    path: k,
  });
  return { uid, draft, setDraft, set, field };
}

/** A panel's delete button: asked first (`confirm`), then `run` with `done` read out. */
export interface Deletion {
  label: string;
  confirm: string;
  done: string;
  run: () => Promise<void>;
}

/** The delete of `'name'` (a 브랜드, a 거래처): "브랜드 삭제", asked and said in the same words. */
export const deletionOf = (noun: string, name: string, run: () => Promise<void>): Deletion => ({
  label: `${noun} 삭제`,
  confirm: `'${name}' ${josa(noun, '을/를')} 삭제할까요? 되돌릴 수 없습니다.`,
  done: `'${name}' ${josa(noun, '을/를')} 삭제했습니다.`,
  run,
});

/**
 * The add or edit panel of a back-office list (brands, partners, stores, API clients): its titled region, the
 * form with the save, 닫기 (an edit panel) and delete buttons, and the save's messages. An edit
 * panel opens below the list, so its heading takes the keyboard when it opens.
 */
export default function SetupFormPanel({
  uid,
  title,
  editingKey,
  save,
  onSubmit,
  submitLabel,
  onClose,
  remove,
  children,
  after,
}: {
  /** From `useDraftFields`: the heading's id is `${uid}-title`. */
  uid: string;
  title: string;
  /** The row edited, by its number or id (null: the add form). */
  editingKey: number | string | null;
  save: SaveState;
  onSubmit: () => void;
  submitLabel: string;
  onClose?: (() => void) | undefined;
  /** The delete button, where the row may be deleted. */
  remove?: Deletion | false | null | undefined;
  /** The form's fields. */
  children: ReactNode;
  /** What stands below the form (a brand's logo upload, which saves at once). */
  after?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editingKey !== null) heading.current?.focus();
  }, [editingKey]);
  return (
    <section className="cs-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="cs-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form
        className="bf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <div className="bf-actions">
          <button className="button" type="submit" disabled={save.pending}>
            {submitLabel}
          </button>
          {onClose && (
            <button className="button button--secondary" type="button" onClick={onClose}>
              닫기
            </button>
          )}
          {remove && (
            <button
              className="button button--secondary"
              type="button"
              disabled={save.pending}
              onClick={() => {
                if (window.confirm(remove.confirm)) void save.run(remove.run, remove.done);
              }}
            >
              {remove.label}
            </button>
          )}
        </div>
      </form>
      {after}
      <SaveMessages state={save} />
    </section>
  );
}
