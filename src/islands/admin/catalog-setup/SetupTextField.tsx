import { FieldError, type FieldErrors } from './save-state.tsx';

/** A labelled text input with its hint and its own problem from the server. */
export default function SetupTextField({
  id,
  label,
  value,
  onChange,
  errors,
  path,
  required = false,
  hint,
  inputMode,
  maxLength = 50,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  errors: FieldErrors;
  path: string;
  required?: boolean;
  hint?: string | undefined;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}) {
  const message = errors[path];
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id}>
        {label}
        {required && <span className="bf-required"> (필수)</span>}
      </label>
      <input
        id={id}
        className="bf-input"
        value={value}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={onChange}
      />
      {/* under the input, as in every other form of the back office: the inputs of a row line up */}
      {hint && (
        <p className="bf-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}
