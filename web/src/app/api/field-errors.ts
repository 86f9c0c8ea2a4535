import type { FormInstance } from 'antd';

/*
 * A refusal about fields of the request: `data.errors` of the envelope (`{field, rule, message}`),
 * as request validation words its failures and as a service words one it names the field of (a
 * closed period, a date after today). A form shows each under its field.
 */

export interface FieldError {
  field: string;
  message: string;
}

export function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e) => (e && typeof e.field === 'string' && typeof e.message === 'string' ? [{ field: e.field, message: e.message }] : []));
}

/** `lines.0.quantity` as antd names it: ['lines', 0, 'quantity']. */
export const fieldPath = (field: string): Array<string | number> => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Puts a failed call's field errors (`ApiError.fieldErrors`) under the form's fields. The API client
 * toasted the message too, so a field the form does not show loses nothing. Returns whether any was
 * set; editing the field clears it, as antd clears its own.
 */
export function showFieldErrors(form: Pick<FormInstance, 'setFields'>, err: unknown): boolean {
  const fieldErrors = (err as { fieldErrors?: readonly FieldError[] } | null)?.fieldErrors;
  if (!fieldErrors?.length) return false;
  const byField = new Map<string, string[]>();
  for (const e of fieldErrors) byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
  form.setFields([...byField].map(([field, errors]) => ({ name: fieldPath(field), errors })));
  return true;
}
