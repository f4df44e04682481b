import type { ReactNode } from 'react';

/**
 * The counter's product form fields: a label for every field, its error next to it (linked by
 * aria-describedby, aria-invalid set), an optional hint. Ids come from the save body's path
 * (`options.rows.2.barcode` → `pcf-options-rows-2-barcode`), so a server problem finds its field.
 */

export const fieldIdOf = (path: string) => `pcf-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

interface FieldProps {
  path: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  /** Renders the control with the attributes that tie it to its label, hint and error. */
  children: (a: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

export function Field({ path, label, error, hint, className, children }: FieldProps) {
  const id = fieldIdOf(path);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-err` : null].filter(Boolean).join(' ');
  return (
    <div className={`pc-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <span id={`${id}-hint`} className="pc-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="pc-error">
          {error}
        </span>
      )}
    </div>
  );
}

interface TextProps {
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  type?: 'text' | 'datetime-local';
  numeric?: boolean;
  maxLength?: number;
  suffix?: string;
}

export function TextField({
  value,
  onChange,
  type = 'text',
  numeric,
  maxLength,
  suffix,
  ...field
}: TextProps) {
  return (
    <Field {...field}>
      {(a) => (
        <span className="pc-check">
          <input
            {...a}
            type={type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            inputMode={numeric ? 'numeric' : undefined}
            maxLength={maxLength}
            className={numeric ? 'pc-input pc-num' : 'pc-input'}
            autoComplete="off"
          />
          {suffix && <span aria-hidden="true">{suffix}</span>}
        </span>
      )}
    </Field>
  );
}

interface SelectProps {
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  hint?: string | undefined;
}

export function SelectField({ value, onChange, options, ...field }: SelectProps) {
  return (
    <Field {...field}>
      {(a) => (
        <select {...a} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField({
  path,
  label,
  checked,
  onChange,
}: {
  path: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="pc-check">
      <input
        id={fieldIdOf(path)}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** The problems the save left, shown together at the top (each also beside its field). */
export function ProblemSummary({ problems }: { problems: Record<string, string> }) {
  const list = Object.entries(problems);
  if (list.length === 0) return null;
  return (
    <div className="pc-alert" role="alert">
      <p>저장하지 못했습니다. 고칠 곳 {list.length}개:</p>
      <ul>
        {list.map(([path, message]) => (
          <li key={path}>
            <a href={`#${fieldIdOf(path)}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
