import { useId, useState } from 'react';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { focusFirstError, focusSoon, type Errors } from './form-kit.tsx';

export interface AccountFormOptions<K extends string> {
  /** Rewrites a typed value before it is kept (e.g. the birthday keeps its digits only). */
  clean?: Partial<Record<K, (value: string) => string>>;
  /** Give each input `name={key}` as well. */
  named?: boolean;
}

/**
 * The state every account form keeps the same way: the typed values (`initial` names the fields in
 * the order the form shows them), an error per field, the form-level alert, and ids that tie each
 * input to its label, hint and error. `bind(key)` is what
 * a `Field` of that key needs; `fail` shows a server error at a field (focused) or in the alert.
 */
export function useAccountForm<K extends string, Other extends string = never>(
  initial: Record<K, string>,
  options: AccountFormOptions<K> = {},
) {
  const uid = useId();
  /** The id of a field, of the alert, or of another element of the form (`Other`). */
  const id = (k: K | Other | 'alert') => `${uid}-${k}`;
  /** Focuses that element once it is rendered. */
  const focus = (k: K | Other | 'alert') => focusSoon(id(k));
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: K) => (e: { target: { value: string } }) => {
    const clean = options.clean?.[key];
    const value = clean ? clean(e.target.value) : e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const bind = (key: K) => ({
    id: id(key),
    ...(options.named ? { name: key } : {}),
    value: values[key],
    onChange: set(key),
    error: errors[key],
  });

  /** Shows `message` at the field (and focuses it), or in the form's alert without one. */
  function showError(message: string, field?: K) {
    if (field) {
      setErrors((x) => ({ ...x, [field]: message }));
      focus(field);
    } else {
      setFormError(message);
      focus('alert');
    }
  }

  /** The error's message at the field, or in the form's alert. */
  const fail = (err: unknown, field?: K) => showError(errorMessage(err), field);

  /**
   * Shows what a check found; true (and the first field with a problem focused) when it found any.
   * The fields are taken in the order of `initial`'s keys, which is the order the form shows them.
   */
  function hasErrors(found: Errors<K>): boolean {
    setErrors(found);
    return focusFirstError(found, Object.keys(initial) as K[], id);
  }

  return {
    id,
    focus,
    values,
    setValues,
    errors,
    setErrors,
    formError,
    setFormError,
    bind,
    showError,
    fail,
    hasErrors,
  };
}

/** What `useAccountForm` gives a form of fields `K`. */
export type AccountForm<K extends string> = ReturnType<typeof useAccountForm<K>>;
