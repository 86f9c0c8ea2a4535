import { z } from 'zod';
import { id, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, pageRequest } from '../resource';
import { ZSignMessage } from './bpm';

/**
 * Business cards (/cardApplicate/recept, issue 19): the card is taken from the employee record
 * (name, company, department, position, mobile, e-mail — not typed by the employee, so cards match
 * the record); the employee adds an English name and office address and the number of boxes;
 * administration approves; the proof is print-ready. Model: docs/domain/assets-front.md.
 */

export const CARD_PERM = { list: 'help:card:list' } as const;
export const CARD_PROCESS_KEY = 'BusinessCard_Process';
export const CARD_MSG = {
  noEmployee: '当前账号没有员工档案，不能申请名片',
  resigned: '该员工已离职，不能申请名片',
  open: '已有名片申请在审批中，请勿重复申请',
} as const;

/** What is printed (frozen when the request is made). */
export const ZCardFace = z.object({
  name: z.string(),
  englishName: z.string(),
  companyName: z.string(),
  deptName: z.string(),
  positionName: z.string(),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
});
export type CardFace = z.output<typeof ZCardFace>;

export const ZCardRecord = ZCardFace.extend({
  id: z.number().int(),
  documentNo: z.string(),
  state: z.string(),
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  userId: z.number().int(),
  boxes: z.number().int(),
  createdAt: isoDateTime(),
});
export type CardRecord = z.output<typeof ZCardRecord>;
export const cardMeta = defineResourceMeta(ZCardRecord, {
  name: 'card',
  title: '名片申请',
  titleEn: 'Business cards',
  rowKey: 'id',
  fields: {
    documentNo: { label: '单据编号', labelEn: 'Number', width: 150 },
    name: { label: '姓名', labelEn: 'Name', width: 90 },
    englishName: { label: '英文名', labelEn: 'English name', hideInTable: true },
    companyName: { label: '公司', labelEn: 'Company', hideInTable: true },
    deptName: { label: '部门', labelEn: 'Department', width: 120 },
    positionName: { label: '职务', labelEn: 'Title', width: 120 },
    mobile: { label: '手机', labelEn: 'Mobile', hideInTable: true },
    email: { label: '邮箱', labelEn: 'E-mail', hideInTable: true },
    address: { label: '地址', labelEn: 'Address', hideInTable: true },
    boxes: { label: '盒数', labelEn: 'Boxes', valueType: 'number', width: 70 },
    state: { label: '状态', hideInTable: true, export: false },
    status: { label: '审批状态', labelEn: 'Status', valueType: 'dict', dict: 'STATUS', width: 100 },
    processInstanceId: { label: '流程实例', hideInTable: true, export: false },
    userId: { label: '申请人', hideInTable: true, export: false },
    createdAt: { label: '申请时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 160 },
  },
});

const C = (p: string) => `/base_api/base/cardApply/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const cardCalls = {
  cardDefaults: defineCall({
    ...json,
    path: C('defaults'),
    request: z.object({}),
    data: ZCardFace,
    permission: 'login',
    summary: 'My card as the employee record gives it (the proof before asking)',
  }),
  cardPage: defineCall({
    ...json,
    path: C('page'),
    request: pageRequest({ keyword: z.string().trim().max(64).optional(), mine: z.boolean().optional() }),
    data: pageOf(ZCardRecord),
    permission: 'login',
    summary: 'Card requests: my own, or all in the data scope with help:card:list',
  }),
  cardAdd: defineCall({
    ...json,
    path: C('add'),
    request: z.object({
      boxes: z.coerce.number({ error: '请输入盒数' }).int('盒数必须是整数').min(1, '至少1盒').max(5, '一次最多5盒'),
      englishName: z
        .string()
        .trim()
        .max(40, '英文名不能超过40个字符')
        .regex(/^[A-Za-z .'-]*$/, "英文名只能包含英文字母、空格和 .'-")
        .optional()
        .nullable(),
      address: z.string().trim().max(100, '地址不能超过100个字符').optional().nullable(),
    }),
    data: z.object({ id: z.number().int(), documentNo: z.string(), state: z.string(), processInstanceId: z.number().int().nullable() }),
    permission: 'login',
    write: true,
    summary: 'Asks for business cards printed from my employee record (submitted to administration)',
  }),
  cardInfo: defineCall({
    ...json,
    path: C('info'),
    request: z.object({ id: id() }),
    data: ZCardRecord,
    permission: 'login',
    summary: 'A card request (the applicant, administration, or someone on its flow)',
  }),
  getCardByProIns: defineCall({
    ...json,
    path: C('getCardByProIns'),
    request: z.object({ processInstanceId: id() }),
    data: ZCardRecord,
    permission: 'login',
    summary: 'The card request of a process instance (the process centre detail)',
  }),
  cardPass: defineCall({
    ...json,
    path: C('pass'),
    request: z.object({ taskId: id(), message: ZSignMessage.optional().nullable() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on a card request',
  }),
  cardReject: defineCall({
    ...json,
    path: C('reject'),
    request: z.object({ taskId: id(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects a card request (message required)',
  }),
};
