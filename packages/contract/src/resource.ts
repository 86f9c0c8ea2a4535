import { z } from 'zod';
import { id, pageOf, ZPageRequest } from './common';

/**
 * Field metadata of a resource (a list screen backed by one table): one description drives the
 * server's filters, sorting and xlsx export/import, and the web's table columns, search form,
 * detail view and edit form. Labels are the zh-CN product text; `labelEn` the English one.
 */
/** `file`: a file group id (an attachment list of the file service). */
export type ValueType = 'text' | 'textarea' | 'number' | 'money' | 'date' | 'datetime' | 'dict' | 'boolean' | 'color' | 'org' | 'user' | 'password' | 'file';

export interface FieldMeta {
  label: string;
  labelEn?: string;
  valueType?: ValueType;
  /** Dictionary type whose codeName labels the value (valueType dict). */
  dict?: string;
  /** Offered in the search form, matched as: eq (exact), like (contains), range (from/to). */
  filter?: 'eq' | 'like' | 'range';
  sortable?: boolean;
  /** Hidden in the table (still in detail and export unless `export: false`). */
  hideInTable?: boolean;
  /** Not part of the add/edit form (server-computed or read-only). */
  hideInForm?: boolean;
  /** In the form but not editable once created (codes). */
  immutable?: boolean;
  required?: boolean;
  max?: number;
  /** Written to xlsx export (default true) and read from import templates (default: when in the form). */
  export?: boolean;
  import?: boolean;
  width?: number;
}

export interface ResourceMeta<R> {
  /** Stable key (column settings are stored per resource on the client). */
  name: string;
  title: string;
  titleEn?: string;
  rowKey: keyof R & string;
  fields: { [K in keyof R & string]?: FieldMeta };
  /** Field order of the table/export when it differs from the declaration order. */
  order?: Array<keyof R & string>;
}

/** Declares a resource's field metadata against its record schema (keys are checked). */
export function defineResourceMeta<S extends z.ZodObject, const M extends ResourceMeta<z.output<S>>>(_record: S, meta: M): M {
  return meta;
}

/** The fields of a resource in display order. */
export function fieldsOf(meta: { fields: Partial<Record<string, FieldMeta>>; order?: readonly string[] }): Array<[string, FieldMeta]> {
  const entries = Object.entries(meta.fields).filter((e): e is [string, FieldMeta] => e[1] !== undefined);
  if (!meta.order) return entries;
  const rank = new Map(meta.order.map((k, i) => [k, i]));
  return entries.sort(([a], [b]) => (rank.get(a) ?? 999) - (rank.get(b) ?? 999));
}

/** Page request of a resource list: paging and sorting plus the resource's own filters. */
export const pageRequest = <F extends z.ZodRawShape>(filters: F) => ZPageRequest.extend(filters);
/** Export request: the same filters as the list, without paging. */
export const exportRequest = <F extends z.ZodRawShape>(filters: F) => ZPageRequest.pick({ sortField: true, sortOrder: true }).extend(filters);
export const ZIdRequest = z.object({ id: id() });
export const ZIdsRequest = z.object({ ids: z.array(id()).min(1).max(500) });
export const ZStatusRequest = z.object({ id: id(), enabled: z.boolean() });
export const pageData = pageOf;

/**
 * Answer of an xlsx import. Without `confirm` nothing is written: the rows are checked and the
 * errors listed (and offered as a downloadable report). With `confirm` the valid rows are written
 * in one transaction and the invalid ones skipped.
 */
export const ZImportResult = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  written: z.number().int(),
  confirmed: z.boolean(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  /** Id of the xlsx error report (rows with an error column), downloadable for an hour; null when no errors. */
  reportId: z.string().nullable(),
});
export type ImportResult = z.output<typeof ZImportResult>;

export const ZImportRequest = z.object({
  /** "true" writes the valid rows; anything else only checks. */
  confirm: z
    .union([z.boolean(), z.string().max(8)])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});
