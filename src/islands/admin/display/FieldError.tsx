import type { FieldErrors } from './display-shared.ts';

/** A field's error, right under it, named by the field's `aria-describedby`. */
export default function FieldError({ errors, name, id }: { errors: FieldErrors; name: string; id: string }) {
  const error = errors[name];
  return error ? (
    <p className="bf-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}
