import { useRef, useState } from 'react';
import type { FormErrors } from '../../lib/validation.ts';

/**
 * A form's values, its field errors and its inputs, for the hand-validated forms (sign-in, send money,
 * token distribution…). `inputRef(name)` is the ref for that field's input; `showErrors` sets the errors
 * and focuses the first field, in `order`, that has one, so keyboard and screen-reader users land on it.
 * Validation stays with each form: what to check, and when, is the form's own business.
 */
export function useForm<Field extends string, Values extends Record<Field, string>>(
  initial: Values,
  order: readonly Field[],
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const inputRef = (name: Field) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };
  const focus = (name: Field) => inputs.current[name]?.focus();
  const focusFirst = (found: FormErrors<Field>) => {
    const first = order.find((name) => found[name]);
    if (first) focus(first);
  };
  const showErrors = (found: FormErrors<Field>) => {
    setErrors(found);
    focusFirst(found);
  };

  return { values, setValues, errors, setErrors, inputRef, focus, focusFirst, showErrors };
}
