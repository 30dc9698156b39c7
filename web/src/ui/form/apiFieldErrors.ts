import { ApiError } from '@/lib/api.ts';
import type { FormErrors } from '@/lib/validation.ts';

/**
 * The field errors of an API refusal that belong to this form, under the form's field names. `fields`
 * lists the form's fields when the API uses the same names, or maps the API's names to the form's.
 * Anything else (another error, a field the form does not show) gives no errors.
 */
export function apiFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[] | Readonly<Record<string, Field>>,
): FormErrors<Field> {
  const found: FormErrors<Field> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return found;
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    const field = isList(fields) ? fields.find((candidate) => candidate === name) : fields[name];
    if (field && message) found[field] = message;
  }
  return found;
}

function isList<Field extends string>(
  fields: readonly Field[] | Readonly<Record<string, Field>>,
): fields is readonly Field[] {
  return Array.isArray(fields);
}
