import { useId, useRef, useState } from 'react';
import { focusFirstInvalid, useFocusLater } from '../focus.ts';
import { alertText, isStale, type FieldErrors } from './display-shared.ts';
import type { SaveAlertState } from './SaveAlert.tsx';
import type { TextForm, TextKey } from './TextField.tsx';

/**
 * What the display forms (a banner, a section) keep the same way: the fields, the problems by
 * field, the alert, and where the keyboard goes after a check or a refused save.
 */
export function useDisplayForm<F>(initial: () => F) {
  const uid = useId();
  const [fields, setFields] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<SaveAlertState | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusLater();
  const set = <K extends keyof F>(key: K, value: F[K]) => setFields((f) => ({ ...f, [key]: value }));

  /** Shows what the form's own check found; true (the first marked field focused) when it found any. */
  function foundProblems(local: FieldErrors): boolean {
    setErrors(local);
    setAlert(null);
    if (Object.keys(local).length === 0) return false;
    focusLater(() => {
      focusFirstInvalid(formRef.current);
      return null;
    });
    return true;
  }

  /** A refused save: the problems at their fields and the alert above the buttons. */
  function refused(err: unknown, found: FieldErrors) {
    setErrors(found);
    setAlert({ text: alertText(err, found), stale: isStale(err) });
    // the marked field, or else the alert's button / the submit button the wait had disabled
    focusLater(() => {
      if (focusFirstInvalid(formRef.current)) return null;
      return formRef.current?.querySelector<HTMLElement>('[role="alert"] button, button[type="submit"]');
    });
  }

  const textForm: TextForm<F> = {
    uid,
    fields,
    // a text field's key holds a string
    set: (key: TextKey<F>, value: string) => set(key, value as F[TextKey<F>]),
    errors,
  };
  return { uid, fields, set, errors, alert, formRef, focusLater, foundProblems, refused, textForm };
}
