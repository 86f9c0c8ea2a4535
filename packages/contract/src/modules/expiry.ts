import { z } from 'zod';
import { id, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';
import { LIFECYCLE_PERM } from './lifecycle';

/**
 * Expiry reminders (issue 39, docs/domain/hr-lifecycle.md): what of an employee ends on a date —
 * the labour contract, the probation, the identity document, each qualification certificate (work
 * permits, health and professional certificates are recorded there) — listed for HR as 即将到期, and
 * reminded to HR and the employee at the days before set here (90/60/30/7 by default).
 */

export const EXPIRY_KINDS = ['contract', 'probation', 'idCard', 'certificate'] as const;
export type ExpiryKind = (typeof EXPIRY_KINDS)[number];
export const EXPIRY_KIND_NAMES: Record<ExpiryKind, string> = {
  contract: '劳动合同',
  probation: '试用期',
  idCard: '身份证件',
  certificate: '资格证书',
};

export const EXPIRY_MSG = {
  days: '提醒天数须为1至365之间的整数',
  daysCount: '请设置1至6个提醒天数',
  daysDistinct: '提醒天数不能重复',
} as const;

export const ZExpiryItem = z.object({
  /** `kind:recordId`, one row of the list. */
  key: z.string(),
  kind: z.enum(EXPIRY_KINDS),
  kindName: z.string(),
  /** What ends: 劳动合同, 试用期, 身份证件, or the certificate's name. */
  itemName: z.string(),
  employeeId: z.number().int(),
  employeeCode: z.string(),
  name: z.string(),
  orgName: z.string().nullable(),
  expireDate: z.string(),
  /** Days from today; negative once past. */
  daysLeft: z.number().int(),
});
export type ExpiryItem = z.output<typeof ZExpiryItem>;

export const expiryMeta = defineResourceMeta(ZExpiryItem, {
  name: 'expiry',
  title: '即将到期',
  titleEn: 'Expiring',
  rowKey: 'key',
  fields: {
    employeeCode: { label: '工号', labelEn: 'Code', width: 100 },
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    orgName: { label: '部门', labelEn: 'Unit', width: 140 },
    kindName: { label: '类型', labelEn: 'Kind', width: 100 },
    itemName: { label: '到期事项', labelEn: 'Item' },
    expireDate: { label: '到期日', labelEn: 'Expires', valueType: 'date', sortable: true },
    daysLeft: { label: '剩余天数', labelEn: 'Days left', valueType: 'number', sortable: true },
  },
});

export const expiryFilters = {
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(EXPIRY_KINDS, { error: '不支持的到期类型' }).optional(),
  /** The unit and everything below it. */
  orgId: id().optional().nullable(),
  /** Ending within so many days from today. */
  days: z.coerce.number().int().min(0, EXPIRY_MSG.days).max(365, EXPIRY_MSG.days).default(90),
  /** Also what has already ended (flagged as 已过期). */
  expired: z.boolean().default(true),
};

export const ZExpiryFilters = z.object(expiryFilters);
export type ExpiryFilters = z.output<typeof ZExpiryFilters>;

export const ZExpirySettings = z.object({
  days: z
    .array(z.coerce.number({ error: EXPIRY_MSG.days }).int(EXPIRY_MSG.days).min(1, EXPIRY_MSG.days).max(365, EXPIRY_MSG.days))
    .min(1, EXPIRY_MSG.daysCount)
    .max(6, EXPIRY_MSG.daysCount)
    .refine((d) => new Set(d).size === d.length, EXPIRY_MSG.daysDistinct)
    .transform((d) => [...d].sort((a, b) => b - a)),
});
export type ExpirySettings = z.output<typeof ZExpirySettings>;

const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const E = (n: string) => `/hr_api/hrm/api/expiry/${n}`;

export const expiryCalls = {
  page: defineCall({
    ...own,
    path: E('page'),
    request: pageRequest(expiryFilters),
    data: pageOf(ZExpiryItem),
    permission: LIFECYCLE_PERM.list,
    summary: 'Contracts, probations, identity documents and certificates of employees in the data scope ending within N days (and ended)',
  }),
  export: defineCall({
    ...own,
    path: E('export'),
    request: exportRequest(expiryFilters),
    responseKind: 'blob',
    data: z.null(),
    permission: LIFECYCLE_PERM.export,
    summary: 'xlsx of the filtered expiry list',
  }),
  settings: defineCall({
    ...own,
    path: E('settings'),
    request: z.object({}),
    data: ZExpirySettings,
    permission: LIFECYCLE_PERM.list,
    summary: 'The days before an expiry on which HR and the employee are reminded',
  }),
  saveSettings: defineCall({
    ...own,
    path: E('saveSettings'),
    request: ZExpirySettings,
    data: ZExpirySettings,
    permission: LIFECYCLE_PERM.manage,
    write: true,
    summary: 'Sets the reminder days (1–365, up to six); applies from the next sweep',
  }),
};
