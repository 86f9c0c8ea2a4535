import { z } from 'zod';
import { id, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, pageRequest } from '../resource';

/**
 * Suggestions (/listenToAdvice/recept, issue 19): any employee writes one, optionally anonymous;
 * the handlers (HR) reply and close. Who wrote an anonymous suggestion is never in what the
 * handlers' calls read. Model: docs/domain/assets-front.md.
 */

export const ADVICE_PERM = { handle: 'help:advice:handle' } as const;
/** ADVICESTATE. */
export const ADVICE_STATE = { open: '001', replied: '002', closed: '003' } as const;
export const ADVICE_MSG = {
  closed: '该建议已关闭，不能再回复',
  notOpen: '该建议已关闭',
  anonymous: '匿名',
} as const;

export const ZAdviceRecord = z.object({
  id: z.number().int(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  anonymous: z.boolean(),
  /** Empty for an anonymous suggestion, whoever reads it. */
  authorName: z.string(),
  orgName: z.string(),
  state: z.string(),
  reply: z.string(),
  repliedByName: z.string(),
  repliedAt: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type AdviceRecord = z.output<typeof ZAdviceRecord>;
export const adviceMeta = defineResourceMeta(ZAdviceRecord, {
  name: 'advice',
  title: '意见反馈',
  titleEn: 'Suggestions',
  rowKey: 'id',
  fields: {
    category: { label: '类别', labelEn: 'Category', valueType: 'dict', dict: 'ADVICECATEGORY', filter: 'eq', width: 110 },
    title: { label: '标题', labelEn: 'Title', width: 200 },
    content: { label: '内容', labelEn: 'Content', hideInTable: true },
    anonymous: { label: '匿名', labelEn: 'Anonymous', valueType: 'boolean', width: 70 },
    authorName: { label: '提交人', labelEn: 'Author', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    state: { label: '状态', labelEn: 'State', valueType: 'dict', dict: 'ADVICESTATE', filter: 'eq', width: 90 },
    reply: { label: '回复', labelEn: 'Reply', hideInTable: true },
    repliedByName: { label: '回复人', labelEn: 'Replied by', width: 90 },
    repliedAt: { label: '回复时间', labelEn: 'Replied', valueType: 'datetime', hideInTable: true },
    createdAt: { label: '提交时间', labelEn: 'Submitted', valueType: 'datetime', sortable: true, width: 160 },
  },
});

const A = (p: string) => `/base_api/base/advice/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const adviceCalls = {
  advicePage: defineCall({
    ...json,
    path: A('page'),
    request: pageRequest({
      keyword: z.string().trim().max(64).optional(),
      category: z.string().max(8).optional(),
      state: z.string().max(8).optional(),
      mine: z.boolean().optional(),
    }),
    data: pageOf(ZAdviceRecord),
    permission: 'login',
    summary: 'Suggestions: my own (anonymous ones included), or all of them for the handlers',
  }),
  adviceAdd: defineCall({
    ...json,
    path: A('add'),
    request: z.object({
      category: z.enum(['001', '002', '003', '004', '005'], { error: '请选择类别' }),
      title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过100个字符'),
      content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(2000, '内容不能超过2000个字符'),
      anonymous: z.boolean().default(false),
    }),
    data: z.object({ id: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Writes a suggestion, optionally anonymous',
  }),
  adviceReply: defineCall({
    ...json,
    path: A('reply'),
    request: z.object({
      id: id(),
      reply: z.string({ error: '请输入回复' }).trim().min(1, '请输入回复').max(1000, '回复不能超过1000个字符'),
    }),
    data: ZAdviceRecord,
    permission: ADVICE_PERM.handle,
    write: true,
    summary: 'Replies to a suggestion (the author is told, anonymous or not)',
  }),
  adviceClose: defineCall({
    ...json,
    path: A('close'),
    request: z.object({ id: id() }),
    data: ZAdviceRecord,
    permission: ADVICE_PERM.handle,
    write: true,
    summary: 'Closes a suggestion',
  }),
};
