import { z } from 'zod';
import { isoDateTime } from '../common';
import { defineCall } from '../define';
import { ZMonth } from './finance-project';

/**
 * Accounting periods (会计期间, issue 34 §2): finance closes a month once its documents are done;
 * nothing dated in a closed month may then be created, changed, voided or written off until it is
 * reopened with a reason. Months are yyyymm; a month nobody closed is open. The rules:
 * docs/domain/controls.md §2.
 */

export const PERIOD_PERM = {
  /** The period list and its check (finance). */
  list: 'fin:period:list',
  /** Close and reopen a month (finance). */
  close: 'fin:period:close',
} as const;

export const PERIOD_MSG = {
  alreadyClosed: '该会计期间已结账',
  notClosed: '该会计期间未结账',
  notEnded: '只能结账已结束的月份',
  openItems: '该会计期间仍有未完成的单据，不能结账',
} as const;

/** `2026年11月`. */
export const periodLabel = (month: number) => `${Math.floor(month / 100)}年${month % 100}月`;

/** The refusal of any write dated in a closed month, naming it. */
export const periodClosedMessage = (month: number) => `${periodLabel(month)}的会计期间已结账，不能新增、修改、作废或核销该期间的单据，请联系财务重新打开该期间`;

export const ZPeriodState = z.enum(['open', 'closed']);
export type PeriodState = z.infer<typeof ZPeriodState>;

export const ZPeriodEvent = z.object({
  action: z.enum(['close', 'reopen']),
  reason: z.string().nullable(),
  userName: z.string().nullable(),
  at: isoDateTime(),
});
export type PeriodEvent = z.infer<typeof ZPeriodEvent>;

export const ZPeriodRecord = z.object({
  month: z.number().int(),
  state: ZPeriodState,
  closedByName: z.string().nullable(),
  closedAt: isoDateTime().nullable(),
  /** Close and reopen, newest first. */
  events: z.array(ZPeriodEvent),
});
export type PeriodRecord = z.infer<typeof ZPeriodRecord>;

/** One kind of document still open in a month, with a few of its numbers. */
export const ZPeriodOpenItem = z.object({
  kind: z.string(),
  label: z.string(),
  count: z.number().int(),
  examples: z.array(z.string()),
});
export type PeriodOpenItem = z.infer<typeof ZPeriodOpenItem>;

export const ZPeriodCheck = z.object({ month: z.number().int(), items: z.array(ZPeriodOpenItem) });
export type PeriodCheck = z.infer<typeof ZPeriodCheck>;

const AP = (n: string) => `/finance_api/finance/accountingPeriod/${n}`;
const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const ZMonthRef = z.object({ month: ZMonth });

export const financePeriodCalls = {
  list: defineCall({
    ...own,
    path: AP('list'),
    request: z.object({ year: z.coerce.number({ error: '年份不正确' }).int('年份不正确').min(2000, '年份不正确').max(2100, '年份不正确') }),
    data: z.array(ZPeriodRecord),
    permission: PERIOD_PERM.list,
    summary: 'The twelve months of a year: open or closed, who closed them, and their close/reopen history',
  }),
  check: defineCall({
    ...own,
    path: AP('check'),
    request: ZMonthRef,
    data: ZPeriodCheck,
    permission: PERIOD_PERM.list,
    summary: 'What is still open in a month (bills in approval, invoice and void applications, write-offs): closing waits for none',
  }),
  close: defineCall({
    ...own,
    path: AP('close'),
    request: ZMonthRef,
    data: ZPeriodRecord,
    permission: PERIOD_PERM.close,
    write: true,
    summary: 'Closes an ended month with nothing open in it; its documents are then frozen',
  }),
  reopen: defineCall({
    ...own,
    path: AP('reopen'),
    request: z.object({
      month: ZMonth,
      reason: z.string({ error: '请输入重新打开的原因' }).trim().min(2, '请输入重新打开的原因').max(200, '原因不能超过200个字符'),
    }),
    data: ZPeriodRecord,
    permission: PERIOD_PERM.close,
    write: true,
    summary: 'Reopens a closed month with a recorded reason',
  }),
};
