import { z } from 'zod';
import { isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, exportRequest, pageRequest } from '../resource';

/**
 * Who looked at whose personal data (issue 34 §5, China's PIPL): every read that reveals another
 * person's full ID number, phone, bank account, pay or emergency contact is recorded; an
 * administrator reads and exports the log, an employee sees who read theirs. The rules:
 * docs/domain/controls.md §5.
 */

export const PRIVACY_PERM = {
  /** The read log and its retention (administrators). */
  log: 'base:privacy:list',
} as const;

/** The field names a read log row lists, as the forms show them. */
export const PERSONAL_FIELDS = {
  idNumber: '身份证号',
  phone: '手机号',
  bankAccount: '银行账号',
  pay: '薪资',
  emergencyContact: '紧急联系人',
  idScan: '身份证件照片',
} as const;

export const ZPersonalDataRead = z.object({
  id: z.number().int(),
  at: isoDateTime(),
  readerUserId: z.number().int(),
  readerCode: z.string().nullable(),
  readerName: z.string().nullable(),
  subjectEmployeeId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  subjectCount: z.number().int(),
  fields: z.string(),
  call: z.string(),
  filter: z.string().nullable(),
  ip: z.string().nullable(),
});
export type PersonalDataRead = z.output<typeof ZPersonalDataRead>;

export const personalDataReadMeta = defineResourceMeta(ZPersonalDataRead, {
  name: 'personalDataRead',
  title: '个人信息查阅记录',
  titleEn: 'Personal data reads',
  rowKey: 'id',
  fields: {
    at: { label: '时间', labelEn: 'Time', valueType: 'datetime', filter: 'range', sortable: true, width: 170 },
    readerName: { label: '查阅人', labelEn: 'Reader', filter: 'like', width: 110 },
    readerCode: { label: '查阅人账号', labelEn: 'Reader account', width: 110 },
    subjectName: { label: '被查阅人', labelEn: 'Person', filter: 'like', width: 110 },
    subjectCount: { label: '人数', labelEn: 'People', valueType: 'number', width: 70 },
    fields: { label: '查阅内容', labelEn: 'Fields', width: 200 },
    call: { label: '接口', labelEn: 'Call' },
    filter: { label: '查询条件', labelEn: 'Filter', hideInTable: true },
    ip: { label: 'IP', width: 120 },
    readerUserId: { label: '查阅人ID', hideInTable: true },
    subjectEmployeeId: { label: '被查阅人ID', hideInTable: true },
  },
});

const keyword = () => z.string().trim().max(64).optional();
export const ZPersonalDataReadFilters = {
  readerName: keyword(),
  subjectName: keyword(),
  atFrom: isoDateTime().optional(),
  atTo: isoDateTime().optional(),
};

/** What an employee sees of the reads of their own data: who (name and roles), when, what. */
export const ZMyDataRead = z.object({
  at: isoDateTime(),
  readerName: z.string().nullable(),
  readerRoles: z.string(),
  fields: z.string(),
});
export type MyDataRead = z.output<typeof ZMyDataRead>;

export const ZPrivacySettings = z.object({
  /** Days a read log row is kept (PIPL: at least three years is the usual choice). */
  retentionDays: z.coerce
    .number({ error: '保留天数必须是数字' })
    .int('保留天数必须是整数')
    .min(180, '保留天数不能少于180天')
    .max(3650, '保留天数不能超过3650天'),
});
export type PrivacySettings = z.output<typeof ZPrivacySettings>;

const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const P = (n: string) => `/base_api/base/api/privacy/${n}`;

export const privacyCalls = {
  readLogPage: defineCall({
    ...own,
    path: P('readLogPage'),
    request: pageRequest(ZPersonalDataReadFilters),
    data: pageOf(ZPersonalDataRead),
    permission: PRIVACY_PERM.log,
    summary: 'Who read whose sensitive personal data, newest first',
  }),
  readLogExport: defineCall({
    ...own,
    responseKind: 'blob',
    data: z.null(),
    path: P('readLogExport'),
    request: exportRequest(ZPersonalDataReadFilters),
    permission: PRIVACY_PERM.log,
    summary: 'The filtered read log as xlsx',
  }),
  settings: defineCall({
    ...own,
    path: P('settings'),
    request: z.object({}),
    data: ZPrivacySettings,
    permission: PRIVACY_PERM.log,
    summary: 'How long the read log is kept',
  }),
  saveSettings: defineCall({
    ...own,
    path: P('saveSettings'),
    request: ZPrivacySettings,
    data: ZPrivacySettings,
    permission: PRIVACY_PERM.log,
    write: true,
    summary: 'Sets how long the read log is kept; older rows are removed at once and daily',
  }),
  myDataReads: defineCall({
    ...own,
    path: P('myDataReads'),
    request: z.object({ pageIndex: z.coerce.number().int().min(1).max(10000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
    data: pageOf(ZMyDataRead),
    permission: 'login',
    summary: "Who read the signed-in employee's personal data (their own reads left out)",
  }),
};
