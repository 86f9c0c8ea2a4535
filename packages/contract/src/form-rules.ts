import { z } from 'zod';

/*
 * The contract's request schemas as form rules (issue 39): a form checks a field with the very rule
 * the server will apply, so its message stands under the field as the user leaves it, not in a toast
 * after the call. Only a field's own rule runs here; rules across fields (an end before its start)
 * come back from the server under their field (data.errors).
 */

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Optional, nullable, default, readonly, catch and pipe wrappers taken off. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
  return s;
}

/** The schema of the field at `path` of an object schema (`['data', 'phone']`), or null. */
export function fieldSchemaAt(schema: z.ZodType, path: readonly string[]): z.ZodType | null {
  let s: z.ZodType = schema;
  for (const key of path) {
    const def = defOf(unwrap(s));
    const next = def.type === 'object' ? def.shape?.[key] : undefined;
    if (!next) return null;
    s = next;
  }
  return s;
}

/**
 * The message of the field's rule for `value`, or null when it holds. An empty value is left to the
 * form's required rule (an optional field may be left empty).
 */
export function checkField(schema: z.ZodType, path: readonly string[], value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const field = fieldSchemaAt(schema, path);
  if (!field) return null;
  const result = field.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A call's request schema, as a form receives it. */
export type RequestSchema = z.ZodType;
