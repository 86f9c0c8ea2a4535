import { z } from 'zod';

/** Success code of every JSON answer. */
export const SUCCESS_CODE = '200';
/** Code for an expired, revoked or unknown session token (always with HTTP 401). */
export const SESSION_EXPIRED_CODE = '1004';
/** The user signed in with a generated password and must change it first (always with HTTP 403). */
export const MUST_CHANGE_PASSWORD_CODE = '1005';

export const ZEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.string(), message: z.string(), data });

/** A bounded string: every text field has a maximum so huge inputs are refused by validation. */
export const text = (max = 255) => z.string().max(max);
export const requiredText = (max = 255) => z.string().trim().min(1).max(max);
export const optionalText = (max = 255) => z.string().max(max).optional().nullable();
/** Database ids travel as positive integers; strings of digits are accepted because the old clients send them. */
export const id = () =>
  z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]);
export const code = (max = 64) => z.string().trim().min(1).max(max);
/** Dictionary-coded value such as "001". */
export const dictCode = () => z.string().max(32);
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** A real calendar date and time of day (no 2024-02-30, no 25:00), so the database never sees one it refuses. */
export function isDateTimeText(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((p) => (p === undefined ? undefined : Number(p))) as number[];
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day));
  return (
    (year as number) >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month as number) - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine(isDateTimeText, '不是有效的日期（YYYY-MM-DD）');
/** A date, or a date and time (`YYYY-MM-DD HH:mm:ss` or ISO 8601 with a zone), parsed here rather than by the database. */
export const isoDateTime = () => z.string().max(40).refine(isDateTimeText, '不是有效的日期时间（YYYY-MM-DD HH:mm:ss）');

export const ZPageRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  /** Column to sort by (whitelisted per call on the server) and direction. */
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageRequest = z.output<typeof ZPageRequest>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { records: T[]; total: number; pageIndex: number; pageSize: number };

export const ZEmpty = z.object({}).passthrough();
export const ZNull = z.null();
export const ZAnyData = z.unknown();

/** Yes/no dictionary values used by the specification (001 = yes, 002 = no). */
export const YES = '001';
export const NO = '002';

/**
 * Where a request holds a NUL character (PostgreSQL text cannot store one), as a field path, or
 * null. The server applies it to every request before its schema, so every text field refuses NUL.
 */
export function nulCharacterPath(value: unknown, at: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at.join('.') || '(body)' : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key.replaceAll('\u0000', '')].join('.');
    const found = nulCharacterPath(item, [...at, key], depth + 1);
    if (found) return found;
  }
  return null;
}
