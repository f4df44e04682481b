import type { ReactNode } from 'react';
import { errorProps, type FieldErrors } from './display-shared.ts';
import FieldError from './FieldError.tsx';

/** The keys of a form's fields that hold text. */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/** What a display form gives its text fields: ids from `uid`, the values, their setter, the problems. */
export interface TextForm<F> {
  uid: string;
  fields: F;
  set: (key: TextKey<F>, value: string) => void;
  errors: FieldErrors;
}

/**
 * A labelled text input of the display forms (banners, sections), for the field `name` of `form`:
 * its hint and its own problem from the server under it, both named by aria-describedby.
 */
export default function TextField<F>({
  form,
  name,
  label,
  required = false,
  maxLength,
  hint,
  inputMode,
  placeholder,
}: {
  form: TextForm<F>;
  name: TextKey<F>;
  label: string;
  required?: boolean;
  maxLength: number;
  hint?: ReactNode;
  inputMode?: 'url';
  placeholder?: string;
}) {
  const id = `${form.uid}-${name}`;
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id}>
        {label} {required && <span className="bf-required">(필수)</span>}
      </label>
      <input
        className="bf-input"
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        value={form.fields[name] as string}
        onChange={(e) => form.set(name, e.target.value)}
        {...errorProps(form.errors, name, id, hint ? `${id}-hint` : undefined)}
      />
      {hint && (
        <p className="bf-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError errors={form.errors} name={name} id={id} />
    </div>
  );
}
