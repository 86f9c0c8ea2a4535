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

/** The messages of a refusal's fields, once each, as one line for a toast. */
export function fieldErrorText(errors: readonly FieldError[]): string {
  return [...new Set(errors.map((e) => e.message))].join('；');
}

/** `lines.0.quantity` as antd names it: ['lines', 0, 'quantity']. */
export const fieldPath = (field: string): Array<string | number> => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Puts a failed call's field errors (`ApiError.fieldErrors`) under the form's fields. The API client
 * toasted the message too, so a field the form does not show loses nothing. Returns whether any was
 * set; editing the field clears it, as antd clears its own.
 */
export function showFieldErrors(form: Pick<FormInstance, 'setFields' | 'getFieldValue'>, err: unknown): boolean {
  const fieldErrors = (err as { fieldErrors?: readonly FieldError[] } | null)?.fieldErrors;
  if (!fieldErrors?.length) return false;
  // Calls that wrap the form's values (`{ employeeId, data: {…} }`) name `data.endDate`; the form names `endDate`.
  const wrapped = form.getFieldValue(['data']) === undefined;
  const nameOf = (field: string) => {
    const name = fieldPath(field);
    return wrapped && name[0] === 'data' && name.length > 1 ? name.slice(1) : name;
  };
  const byField = new Map<string, { name: Array<string | number>; errors: string[] }>();
  for (const e of fieldErrors) {
    const name = nameOf(e.field);
    const key = name.join('.');
    byField.set(key, { name, errors: [...(byField.get(key)?.errors ?? []), e.message] });
  }
  form.setFields([...byField.values()]);
  return true;
}
