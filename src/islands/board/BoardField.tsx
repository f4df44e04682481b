import type { ReactNode } from 'react';
import { TITLE_MAX } from '../../lib/board-limits.ts';

/** What the control of a `BoardField` is given: its id and what describes it. */
export interface BoardControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field of the board forms (the 1:1 inquiry, the manager's notices and FAQ): the label
 * with (필수), the control, a hint and the field's own problem under it, both tied to the control
 * by aria-describedby.
 */
export function BoardField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: BoardControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id}>
        {label} {required && <span className="bf-required">(필수)</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p className="bf-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="bf-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The required 제목 of an article or an inquiry. */
export function BoardTitleField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <BoardField id={id} label="제목" required error={error}>
      {(control) => (
        <input
          {...control}
          className="bf-input"
          value={value}
          maxLength={TITLE_MAX}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </BoardField>
  );
}

/** A required select with its "choose one" first option (an empty value). */
export function BoardSelectField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  placeholder,
  options,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: { value: number; label: string }[];
}) {
  return (
    <BoardField id={id} label={label} required hint={hint} error={error}>
      {(control) => (
        <select {...control} className="bf-select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </BoardField>
  );
}

/** The form's own problem (a refusal of the server, or what the manager's forms found missing). */
export function BoardAlert({ id, message }: { id?: string; message: string | null }) {
  return message ? (
    <p className="bf-alert" role="alert" id={id} tabIndex={id ? -1 : undefined}>
      {message}
    </p>
  ) : null;
}
