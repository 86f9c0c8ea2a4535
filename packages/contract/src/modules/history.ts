import { z } from 'zod';
import { id, isoDateTime } from '../common';
import { defineCall } from '../define';

/**
 * The history of a record on the record (操作记录, issue 34 §4): who changed which field from what
 * to what and when, merged in time order with the approval steps of its requests. Read from the
 * versions a database trigger writes in the transaction of each change. docs/domain/controls.md §4.
 */

/**
 * Kinds of record with a history; a module registers each on the server. A record's parts (a bill's
 * invoices and collections, an employee's record sections, a project's budget versions) are in the
 * history of the record they belong to.
 */
export const HISTORY_KINDS = ['bill', 'employee', 'project', 'dept_budget', 'claim', 'asset', 'timesheet', 'payroll'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const ZHistoryChange = z.object({
  field: z.string(),
  label: z.string(),
  /** As the form shows it: amounts formatted, dictionary codes as names, masked where the record is. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type HistoryChange = z.output<typeof ZHistoryChange>;

export const ZHistoryEntry = z.object({
  at: isoDateTime(),
  userName: z.string().nullable(),
  /** created · changed · deleted (a part) · approval. */
  type: z.enum(['created', 'changed', 'deleted', 'approval']),
  /** 创建, 修改, 删除, or the approval step and its outcome (财务审批：通过). */
  action: z.string(),
  /** The part of the record the entry is about (发票 FP202612001, 教育经历 北京大学); null for the record itself. */
  part: z.string().nullable(),
  changes: z.array(ZHistoryChange),
  comment: z.string().nullable(),
});
export type HistoryEntry = z.output<typeof ZHistoryEntry>;

const ZHistoryRef = z.object({ kind: z.enum(HISTORY_KINDS, { error: '不支持的记录类型' }), id: id() });

export const historyCalls = {
  list: defineCall({
    method: 'POST',
    requestKind: 'json',
    fromSpec: false,
    path: '/base_api/base/api/history/list',
    request: ZHistoryRef,
    data: z.array(ZHistoryEntry),
    permission: 'login',
    summary: 'The history of a record the caller may read, newest first: field changes and approval steps',
  }),
  export: defineCall({
    method: 'POST',
    requestKind: 'json',
    responseKind: 'blob',
    data: z.null(),
    fromSpec: false,
    path: '/base_api/base/api/history/export',
    request: ZHistoryRef,
    permission: 'login',
    summary: 'The same history as xlsx, one row per changed field',
  }),
};
