import { type ChangeEvent, useRef, useState } from 'react';
import { type FormErrors, hasErrors } from '@/lib/validation.ts';

/** The names of the fields whose value is text: the ones `textField` can bind to an input. */
type TextFieldName<Values> = {
  [K in keyof Values & string]: Values[K] extends string ? K : never;
}[keyof Values & string];

export interface FormOptions<Values> {
  /**
   * The form's own check. Once the form was submitted (`check`), each edit runs it again, so the errors
   * follow the input as it is corrected. Without it an edit only drops the edited field's error.
   */
  validate?: (values: Values) => FormErrors<keyof Values & string>;
}

/**
 * A form's values, its field errors and its inputs, for the hand-validated forms (sign-in, register, send
 * money, profile…). `textField(name)` gives a text input its ref, name, value, change handler and error;
 * `set` changes one value; `check` marks the form submitted and shows the errors it is given, focusing
 * the first field, in `order`, that has one, so keyboard and screen-reader users land on it. Errors the
 * API sent (`showServerErrors`) stand until their field is edited. Validation stays with each form: what
 * to check, and when, is the form's own business.
 */
export function useForm<Values extends object>(
  initial: Values,
  order: readonly (keyof Values & string)[],
  { validate }: FormOptions<Values> = {},
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
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
  const showServerErrors = (found: FormErrors<Field>) => {
    setServerErrors(found);
    focusFirst(found);
  };
  const clearError = (name: Field) => {
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest as FormErrors<Field>);
  };

  const set = <Name extends Field>(name: Name, value: Values[Name]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest as FormErrors<Field>);
    if (validate && submitted) setErrors(validate(next));
    else clearError(name);
  };

  /** On submit: shows `found` (the form's own check by default); true when there is nothing to show. */
  const check = (found: FormErrors<Field> = validate?.(values) ?? {}) => {
    setSubmitted(true);
    setServerErrors({});
    showErrors(found);
    return !hasErrors(found);
  };

  const reset = (next: Values = initial) => {
    setValues(next);
    setErrors({});
    setServerErrors({});
    setSubmitted(false);
  };

  const errorFor = (name: Field) => errors[name] ?? serverErrors[name];

  const textField = (name: TextFieldName<Values>) => ({
    ref: inputRef(name),
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, event.target.value as Values[typeof name]),
    error: errorFor(name),
  });

  return {
    values,
    setValues,
    errors,
    setErrors,
    errorFor,
    inputRef,
    focus,
    focusFirst,
    showErrors,
    showServerErrors,
    clearError,
    set,
    check,
    reset,
    textField,
  };
}
