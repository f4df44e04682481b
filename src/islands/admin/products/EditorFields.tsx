import { createContext, useContext, useState, type KeyboardEvent, type ReactNode } from 'react';
import { moveButtonIn, useFocusLater } from '../focus.ts';
import { fieldId } from './editor-state.ts';

/**
 * The editor's form pieces: every field is found by its path in the save body, so the server's
 * per-field messages (`fields: [{ path, message }]`) land next to the field they name, and the
 * field says so to screen readers (aria-invalid, aria-describedby).
 */

/** The server's messages by path, for the whole editor. */
export const EditorErrors = createContext<Record<string, string>>({});

export interface FieldA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The id and ARIA attributes of the field at `path` (with its hint when it has one). */
export function useFieldA11y(path: string, hasHint = false): FieldA11y & { error: string | undefined } {
  const errors = useContext(EditorErrors);
  const id = fieldId(path);
  const error = errors[path];
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    error,
  };
}

/** The server's message for `path`, placed where the field is (and named by its aria-describedby). */
export function FieldError({ path }: { path: string }) {
  const error = useContext(EditorErrors)[path];
  if (!error) return null;
  return (
    <p className="bf-error" id={`${fieldId(path)}-error`}>
      {error}
    </p>
  );
}

interface FieldProps {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}

/** A labelled field: label, the control, its hint and its error. */
export function Field({ path, label, hint, required, className, children }: FieldProps) {
  const { error, ...a11y } = useFieldA11y(path, hint !== undefined);
  return (
    <div className={`bf-field ${className ?? ''}`}>
      <label className="bf-label" htmlFor={a11y.id}>
        {label}
        {required && <span className="bf-required"> (필수)</span>}
      </label>
      {children(a11y)}
      {hint !== undefined && (
        <p className="bf-hint" id={`${a11y.id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="bf-error" id={`${a11y.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  path: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
  className?: string;
  /** Whole numbers: a numeric keyboard on phones; the value stays text until saved. */
  numeric?: boolean;
  suffix?: string;
  type?: 'text' | 'datetime-local';
  placeholder?: string;
}

export function TextField({
  path,
  label,
  value,
  onChange,
  hint,
  required,
  maxLength,
  className,
  numeric,
  suffix,
  type = 'text',
  placeholder,
}: TextFieldProps) {
  return (
    <Field path={path} label={label} hint={hint} required={required} className={className}>
      {(a11y) => (
        <span className="pe-with-suffix">
          <input
            {...a11y}
            className={`bf-input ${numeric ? 'pe-num' : ''}`}
            type={type}
            value={value}
            maxLength={maxLength}
            inputMode={numeric ? 'numeric' : undefined}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
          />
          {suffix && <span aria-hidden="true">{suffix}</span>}
        </span>
      )}
    </Field>
  );
}

export function CheckField({
  path,
  label,
  checked,
  onChange,
  hint,
}: {
  path: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const { error, ...a11y } = useFieldA11y(path, hint !== undefined);
  return (
    <div className="pe-check">
      <label className="bf-check">
        <input {...a11y} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      {hint !== undefined && (
        <p className="bf-hint" id={`${a11y.id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="bf-error" id={`${a11y.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ChipInputProps {
  /** The path of the list in the save body; messages about any item show here. */
  path: string;
  label: string;
  values: readonly string[];
  /** Adds what was typed (a comma-separated list); answers a message when something was refused. */
  onAdd: (text: string) => string | null;
  onRemove: (value: string) => void;
  /** Renames a chip in place; answers a message when refused. Without it chips are not editable. */
  onRename?: (from: string, to: string) => string | null;
  /** Moves a chip one place (−1 earlier, +1 later). */
  onMove?: (index: number, by: -1 | 1) => void;
  hint?: string;
  maxLength?: number;
  disabled?: boolean;
}

/**
 * Values as chips: type one or several (comma-separated) and press Enter or 추가; each chip can be
 * removed, and renamed in place when `onRename` is given (an option value keeps its options). A chip
 * moved with ←/→ keeps the focus on its button (or its other one at the end of the list); closing
 * a rename gives the focus back to the chip.
 */
export function ChipInput({
  path,
  label,
  values,
  onAdd,
  onRemove,
  onRename,
  onMove,
  hint,
  maxLength,
  disabled,
}: ChipInputProps) {
  const errors = useContext(EditorErrors);
  const id = fieldId(path);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const focusLater = useFocusLater();
  const chipOf = (value: string) =>
    [...document.querySelectorAll<HTMLElement>(`#${CSS.escape(id)}-chips > li`)].find(
      (li) => li.dataset.chip === value,
    );
  // the server's messages about the list or any of its items
  const serverErrors = Object.entries(errors)
    .filter(([p]) => p === path || p.startsWith(`${path}.`))
    .map(([, m]) => m);
  const errorText = [message, ...serverErrors].filter(Boolean).join(' ');
  const describedBy = [hint ? `${id}-hint` : null, errorText ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  function add() {
    if (!text.trim()) return;
    const refused = onAdd(text);
    setMessage(refused);
    if (!refused) setText('');
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || (e.key === ',' && !e.nativeEvent.isComposing)) {
      e.preventDefault();
      add();
    }
  }

  function commitRename() {
    if (!editing || !onRename) return;
    const from = values[editing.index];
    if (from === undefined) return setEditing(null);
    const refused = onRename(from, editing.text);
    setMessage(refused);
    if (!refused) {
      const at = editing.index;
      setEditing(null);
      focusLater(() => document.getElementById(`${id}-chip-${at}`));
    }
  }

  return (
    <div className="bf-field pe-chips">
      <label className="bf-label" htmlFor={id}>
        {label}
      </label>
      {values.length > 0 && (
        <ul className="pe-chip-list" aria-label={`${label} 목록`} id={`${id}-chips`}>
          {values.map((v, i) =>
            editing?.index === i ? (
              <li key={`edit-${v}`} className="pe-chip pe-chip--editing">
                <label className="visually-hidden" htmlFor={`${id}-rename`}>
                  {`${v} 고칠 이름`}
                </label>
                <input
                  id={`${id}-rename`}
                  className="bf-input pe-chip-rename"
                  value={editing.text}
                  maxLength={maxLength}
                  autoFocus
                  onChange={(e) => setEditing({ index: i, text: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      commitRename();
                    }
                    if (e.key === 'Escape') {
                      e.preventDefault();
                      setEditing(null);
                      setMessage(null);
                      focusLater(() => document.getElementById(`${id}-chip-${i}`));
                    }
                  }}
                />
                <button type="button" className="pe-chip-btn" onClick={commitRename}>
                  확인
                </button>
                <button
                  type="button"
                  className="pe-chip-btn"
                  onClick={() => {
                    setEditing(null);
                    focusLater(() => document.getElementById(`${id}-chip-${i}`));
                  }}
                >
                  취소
                </button>
              </li>
            ) : (
              <li key={v} className="pe-chip" data-chip={v}>
                <span id={`${id}-chip-${i}`} tabIndex={-1}>
                  {v}
                </span>
                {onMove && (
                  <>
                    <button
                      type="button"
                      className="pe-chip-btn"
                      aria-label={`${v} 앞으로`}
                      data-move="-1"
                      disabled={disabled || i === 0}
                      onClick={() => {
                        onMove(i, -1);
                        focusLater(() => moveButtonIn(chipOf(v), '-1'));
                      }}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className="pe-chip-btn"
                      aria-label={`${v} 뒤로`}
                      data-move="1"
                      disabled={disabled || i === values.length - 1}
                      onClick={() => {
                        onMove(i, 1);
                        focusLater(() => moveButtonIn(chipOf(v), '1'));
                      }}
                    >
                      →
                    </button>
                  </>
                )}
                {onRename && (
                  <button
                    type="button"
                    className="pe-chip-btn"
                    aria-label={`${v} 이름 고치기`}
                    disabled={disabled}
                    onClick={() => {
                      setMessage(null);
                      setEditing({ index: i, text: v });
                    }}
                  >
                    고치기
                  </button>
                )}
                <button
                  type="button"
                  className="pe-chip-btn"
                  aria-label={`${v} 삭제`}
                  disabled={disabled}
                  onClick={() => {
                    onRemove(v);
                    document.getElementById(id)?.focus();
                  }}
                >
                  ×
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <div className="pe-chip-add">
        <input
          id={id}
          className="bf-input"
          value={text}
          maxLength={maxLength ? maxLength * 10 : undefined}
          disabled={disabled}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className="button button--secondary" disabled={disabled} onClick={add}>
          추가
        </button>
      </div>
      {hint && (
        <p className="bf-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errorText && (
        <p className="bf-error" id={`${id}-error`} role={message ? 'alert' : undefined}>
          {errorText}
        </p>
      )}
    </div>
  );
}

/** A section of the editor: a heading the table of contents and the error summary can jump to. */
export function EditorSection({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <section className="pe-section" aria-labelledby={`${id}-title`}>
      <h2 className="pe-section-title" id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {description && <p className="bf-hint">{description}</p>}
      {children}
    </section>
  );
}
