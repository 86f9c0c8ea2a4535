import { CONDITION_OPS, type Condition, type ConditionOp } from '@erp/contract/modules/bpm';

/** One comparison as the editor holds it: list values as comma-separated text. */
export interface ConditionRow {
  field: string;
  op: ConditionOp;
  value: string;
}

/**
 * A flow's condition as the editor shows it: a group of comparisons joined by all (且) or any (或),
 * or — for what the editor cannot show as one group (nested groups, `${…}` expressions) — the raw text.
 */
export type EditableCondition = { kind: 'group'; join: 'all' | 'any'; rows: ConditionRow[] } | { kind: 'raw'; text: string };

const LIST_OPS: ReadonlySet<ConditionOp> = new Set(['in', 'notIn']);
const NO_VALUE: ReadonlySet<ConditionOp> = new Set(['empty', 'notEmpty']);
export const needsValue = (op: ConditionOp) => !NO_VALUE.has(op);
export const takesList = (op: ConditionOp) => LIST_OPS.has(op);
const isOp = (v: unknown): v is ConditionOp => CONDITION_OPS.includes(v as ConditionOp);

function rowOf(c: Condition): ConditionRow | null {
  if (!('field' in c) || !isOp(c.op)) return null;
  const value = Array.isArray(c.value) ? c.value.join(',') : c.value === undefined || c.value === null ? '' : String(c.value);
  return { field: c.field, op: c.op, value };
}

/** Reads a condition body (our JSON or anything else) into what the editor shows. */
export function readCondition(body: string | undefined): EditableCondition {
  const text = (body ?? '').trim();
  if (!text) return { kind: 'group', join: 'all', rows: [] };
  let parsed: Condition;
  try {
    parsed = JSON.parse(text) as Condition;
  } catch {
    return { kind: 'raw', text };
  }
  const single = parsed && typeof parsed === 'object' ? rowOf(parsed) : null;
  if (single) return { kind: 'group', join: 'all', rows: [single] };
  for (const join of ['all', 'any'] as const) {
    const list = (parsed as Record<string, unknown>)[join];
    if (Array.isArray(list)) {
      const rows = list.map((c) => rowOf(c as Condition));
      if (rows.every((r): r is ConditionRow => r !== null)) return { kind: 'group', join, rows };
    }
  }
  return { kind: 'raw', text };
}

function conditionOf(row: ConditionRow): Condition {
  const field = row.field.trim();
  if (!needsValue(row.op)) return { field, op: row.op };
  if (takesList(row.op))
    return {
      field,
      op: row.op,
      value: row.value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    };
  const trimmed = row.value.trim();
  // Numbers compare as numbers (gt/lt on amounts); everything else as text.
  const value = trimmed !== '' && !Number.isNaN(Number(trimmed)) && ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'].includes(row.op) ? Number(trimmed) : trimmed;
  return { field, op: row.op, value };
}

/** The body to store, or null for no condition (rows without a field are left out). */
export function writeCondition(c: EditableCondition): string | null {
  if (c.kind === 'raw') return c.text.trim() || null;
  const rows = c.rows.filter((r) => r.field.trim());
  if (!rows.length) return null;
  const first = rows[0] as ConditionRow;
  const json: Condition = rows.length === 1 ? conditionOf(first) : c.join === 'all' ? { all: rows.map(conditionOf) } : { any: rows.map(conditionOf) };
  return JSON.stringify(json);
}
