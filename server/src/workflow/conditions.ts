import type { Condition } from '@erp/contract';

type Vars = Record<string, unknown>;

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Numbers compare as numbers (form values often arrive as strings), everything else as text. */
export function compare(a: unknown, b: unknown): number | null {
  if (isEmpty(a) || isEmpty(b)) return null;
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return String(a).localeCompare(String(b));
}

export const same = (a: unknown, b: unknown) => compare(a, b) === 0 || (isEmpty(a) && isEmpty(b)) || (typeof a === 'boolean' && String(a) === String(b));

/** Evaluates a structured gateway condition against the form; pure data, never code. */
export function evaluate(cond: Condition, vars: Vars): boolean {
  if ('all' in cond) return cond.all.every((c) => evaluate(c, vars));
  if ('any' in cond) return cond.any.some((c) => evaluate(c, vars));
  const actual = vars[cond.field];
  const expected = cond.value;
  switch (cond.op) {
    case 'eq':
      return same(actual, expected);
    case 'ne':
      return !same(actual, expected);
    case 'gt':
      return (compare(actual, expected) ?? 0) > 0;
    case 'gte': {
      const c = compare(actual, expected);
      return c !== null && c >= 0;
    }
    case 'lt':
      return (compare(actual, expected) ?? 0) < 0;
    case 'lte': {
      const c = compare(actual, expected);
      return c !== null && c <= 0;
    }
    case 'in':
      return Array.isArray(expected) && expected.some((e) => same(actual, e));
    case 'notIn':
      return !Array.isArray(expected) || !expected.some((e) => same(actual, e));
    case 'empty':
      return isEmpty(actual);
    case 'notEmpty':
      return !isEmpty(actual);
    case 'contains':
      return Array.isArray(actual) ? actual.some((a) => same(a, expected)) : typeof actual === 'string' && actual.includes(String(expected ?? ''));
  }
}
