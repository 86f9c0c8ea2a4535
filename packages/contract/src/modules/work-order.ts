import { z } from 'zod';
import { id, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, pageRequest } from '../resource';

/**
 * IT and administration work orders (/WorkOrderList/index, issue 19): anyone reports one, the
 * dispatcher assigns a handler (whose to-do it becomes in the process centre), the handler works on
 * it and resolves it, the reporter closes it with a rating. Model: docs/domain/assets-front.md.
 */

export const WO_PERM = { dispatch: 'help:workorder:dispatch' } as const;
export const WO_PROCESS_KEY = 'WorkOrder_Process';
/** WOSTATUS. */
export const WO_STATUS = { submitted: '001', assigned: '002', inProgress: '003', resolved: '004', closed: '005' } as const;
export const WO_MSG = {
  notAssignable: '工单已解决或关闭，不能分派',
  notHandler: '只有处理人可以处理该工单',
  notOpen: '工单不在处理中',
  notResolved: '工单未解决，不能关闭',
  sameHandler: '该工单已由此人处理',
} as const;

export const ZWorkOrderRecord = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  orderType: z.string(),
  priority: z.string(),
  title: z.string(),
  description: z.string(),
  place: z.string(),
  fileGroupId: z.string().nullable(),
  reporterUserId: z.number().int(),
  reporterName: z.string(),
  orgName: z.string(),
  handlerUserId: z.number().int().nullable(),
  handlerName: z.string(),
  status: z.string(),
  resolution: z.string(),
  rating: z.number().int().nullable(),
  ratingComment: z.string(),
  processInstanceId: z.number().int().nullable(),
  assignedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type WorkOrderRecord = z.output<typeof ZWorkOrderRecord>;
export const workOrderMeta = defineResourceMeta(ZWorkOrderRecord, {
  name: 'workOrder',
  title: '工单列表',
  titleEn: 'Work orders',
  rowKey: 'id',
  fields: {
    orderNo: { label: '工单号', labelEn: 'Number', width: 150 },
    orderType: { label: '类型', labelEn: 'Type', valueType: 'dict', dict: 'WOTYPE', filter: 'eq', width: 90 },
    priority: { label: '优先级', labelEn: 'Priority', valueType: 'dict', dict: 'WOPRIORITY', filter: 'eq', width: 80 },
    title: { label: '标题', labelEn: 'Title', width: 200 },
    description: { label: '问题描述', labelEn: 'Description', hideInTable: true },
    place: { label: '地点', labelEn: 'Place', width: 120 },
    fileGroupId: { label: '附件', labelEn: 'Attachments', valueType: 'file', hideInTable: true, export: false },
    reporterUserId: { label: '报修人', hideInTable: true, export: false },
    reporterName: { label: '报修人', labelEn: 'Reporter', width: 90 },
    orgName: { label: '部门', labelEn: 'Department', width: 110, hideInTable: true },
    handlerUserId: { label: '处理人', hideInTable: true, export: false },
    handlerName: { label: '处理人', labelEn: 'Handler', width: 90 },
    status: { label: '状态', labelEn: 'Status', valueType: 'dict', dict: 'WOSTATUS', filter: 'eq', width: 90 },
    resolution: { label: '处理结果', labelEn: 'Resolution', hideInTable: true },
    rating: { label: '评分', labelEn: 'Rating', valueType: 'number', width: 70 },
    ratingComment: { label: '评价', labelEn: 'Comment', hideInTable: true },
    processInstanceId: { label: '流程实例', hideInTable: true, export: false },
    assignedAt: { label: '分派时间', labelEn: 'Assigned', valueType: 'datetime', hideInTable: true },
    resolvedAt: { label: '解决时间', labelEn: 'Resolved', valueType: 'datetime', hideInTable: true },
    createdAt: { label: '报修时间', labelEn: 'Reported', valueType: 'datetime', sortable: true, width: 160 },
  },
});

const W = (p: string) => `/base_api/base/workOrder/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const ById = z.object({ id: id() });

export const workOrderCalls = {
  workOrderPage: defineCall({
    ...json,
    path: W('page'),
    request: pageRequest({
      keyword: z.string().trim().max(64).optional(),
      orderType: z.string().max(8).optional(),
      priority: z.string().max(8).optional(),
      status: z.string().max(8).optional(),
      /** reported: mine; handling: assigned to me; all: every order (dispatchers). */
      view: z.enum(['reported', 'handling', 'all']).default('reported'),
    }),
    data: pageOf(ZWorkOrderRecord),
    permission: 'login',
    summary: 'Work orders I reported, those I handle, or all of them for the dispatchers',
  }),
  workOrderAdd: defineCall({
    ...json,
    path: W('add'),
    request: z.object({
      orderType: z.enum(['001', '002'], { error: '请选择工单类型' }),
      priority: z.enum(['001', '002', '003'], { error: '请选择优先级' }).default('002'),
      title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题不能超过100个字符'),
      description: z.string({ error: '请输入问题描述' }).trim().min(1, '请输入问题描述').max(2000, '问题描述不能超过2000个字符'),
      place: z.string().trim().max(100, '地点不能超过100个字符').optional().nullable(),
      /** Photos or screenshots: a group of the reporter's own uploads. */
      fileGroupId: z.string().max(64).optional().nullable(),
    }),
    data: ZWorkOrderRecord,
    permission: 'login',
    write: true,
    summary: 'Reports a work order (waits for a dispatcher)',
  }),
  workOrderInfo: defineCall({
    ...json,
    path: W('info'),
    request: ById,
    data: ZWorkOrderRecord,
    permission: 'login',
    summary: 'A work order (its reporter, its handler, or a dispatcher)',
  }),
  getWorkOrderByProIns: defineCall({
    ...json,
    path: W('getWorkOrderByProIns'),
    request: z.object({ processInstanceId: id() }),
    data: ZWorkOrderRecord,
    permission: 'login',
    summary: 'The work order of a process instance (the handler’s to-do in the process centre)',
  }),
  workOrderAssign: defineCall({
    ...json,
    path: W('assign'),
    request: z.object({ id: id(), handlerUserId: id() }),
    data: ZWorkOrderRecord,
    permission: WO_PERM.dispatch,
    write: true,
    summary: 'Gives an order to a handler (a to-do in their process centre); again, to hand it to someone else',
  }),
  workOrderStart: defineCall({
    ...json,
    path: W('start'),
    request: ById,
    data: ZWorkOrderRecord,
    permission: 'login',
    write: true,
    summary: 'The handler starts working on it',
  }),
  workOrderResolve: defineCall({
    ...json,
    path: W('resolve'),
    request: z.object({
      id: id(),
      resolution: z.string({ error: '请输入处理结果' }).trim().min(1, '请输入处理结果').max(1000, '处理结果不能超过1000个字符'),
    }),
    data: ZWorkOrderRecord,
    permission: 'login',
    write: true,
    summary: 'The handler resolves it (closes their to-do)',
  }),
  workOrderClose: defineCall({
    ...json,
    path: W('close'),
    request: z.object({
      id: id(),
      rating: z.coerce.number({ error: '请评分' }).int('评分为1到5的整数').min(1, '评分为1到5的整数').max(5, '评分为1到5的整数'),
      ratingComment: z.string().trim().max(500, '评价不能超过500个字符').optional().nullable(),
    }),
    data: ZWorkOrderRecord,
    permission: 'login',
    write: true,
    summary: 'The reporter closes a resolved order with a rating',
  }),
};
