import { z } from 'zod';
import { id, isoDate } from '../common';
import { defineCall } from '../define';

/**
 * Leaver handover (交接) and date-ranged proxy approval (代理). Model:
 * docs/domain/hr-agreements-handover.md.
 */

export const HANDOVER_PERM = {
  /** See what anyone holds and hand it over to successors. */
  handover: 'hr:handover',
} as const;

export const HANDOVER_MSG = {
  sameUser: '接收人不能是交接人本人',
  successorDisabled: '接收人不存在或已停用',
  unknownGroup: '未知的交接类别',
  nothingToMove: '所选事项已不在交接人名下，请刷新后重试',
  itemTwice: '同一事项不能交给两个接收人',
  deputySelf: '代理人不能是本人',
  deputyDisabled: '代理人不存在或已停用',
  rangeOrder: '结束日期不能早于开始日期',
  rangePast: '结束日期不能早于今天',
  rangeTooLong: '代理期限最长一年',
  overlap: '该时间段已有代理设置',
  deputyAway: '代理人在该时间段内也设置了代理',
  notYours: '只能取消自己的代理设置',
} as const;

export const ZHoldingItem = z.object({
  /** Item id within its group (a task id, an instance id, a unit id, a role id…). */
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  at: z.string().nullable(),
});
export type HoldingItem = z.output<typeof ZHoldingItem>;

export const ZHoldingGroup = z.object({
  key: z.string(),
  title: z.string(),
  count: z.number().int(),
  /** The first items (at most 200); `count` tells how many there are. */
  items: z.array(ZHoldingItem),
});
export type HoldingGroup = z.output<typeof ZHoldingGroup>;

export const ZHoldings = z.object({
  user: z.object({ id: z.number().int(), userCode: z.string(), realName: z.string(), enabled: z.boolean() }),
  total: z.number().int(),
  groups: z.array(ZHoldingGroup),
});
export type Holdings = z.output<typeof ZHoldings>;

export const ZHandoverAssignment = z.object({
  group: z.string().trim().min(1).max(32),
  toUserId: id(),
  /** Items of the group to move; absent: every item the leaver still holds in it (after the per-item ones). */
  itemIds: z
    .array(z.string().regex(/^\d{1,15}$/, '事项编号不正确'))
    .min(1)
    .max(10000)
    .optional(),
});

export const ZHandoverResult = z.object({
  moved: z.array(z.object({ group: z.string(), title: z.string(), toUserId: z.number().int(), toUserName: z.string(), count: z.number().int() })),
  total: z.number().int(),
  /** What the leaver still holds afterwards. */
  remaining: z.number().int(),
});
export type HandoverResult = z.output<typeof ZHandoverResult>;

export const ZDelegation = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  deputyUserId: z.number().int(),
  deputyCode: z.string(),
  deputyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  /** active (in range now) | scheduled | ended | cancelled. */
  status: z.string(),
  /** Open tasks the deputy holds for the user now. */
  heldTasks: z.number().int(),
});
export type Delegation = z.output<typeof ZDelegation>;

const hrm = (p: string) => `/hr_api/hrm/handover/${p}`;
const dlg = (p: string) => `/bpm_api/bpm/delegation/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const handoverCalls = {
  handoverHoldings: defineCall({
    ...json,
    path: hrm('getHoldings'),
    request: z.object({ userId: id() }),
    data: ZHoldings,
    permission: HANDOVER_PERM.handover,
    summary: 'Everything a user holds, by group (open approvals, processes they started, units they lead, roles only they hold…)',
  }),
  handoverConfirm: defineCall({
    ...json,
    path: hrm('confirm'),
    request: z.object({
      userId: id(),
      assignments: z.array(ZHandoverAssignment).min(1, '请选择接收人').max(100),
      remark: z.string().trim().max(200, '说明最多200个字符').optional(),
    }),
    data: ZHandoverResult,
    permission: HANDOVER_PERM.handover,
    write: true,
    summary: 'Moves the chosen items to their successors in one transaction; each move audited; each successor gets one message',
  }),
  delegationList: defineCall({
    ...json,
    path: dlg('list'),
    request: z.object({ userId: id().optional() }),
    data: z.array(ZDelegation),
    permission: 'login',
    summary: 'My proxy settings (and those naming me as deputy); HR may read anyone’s',
  }),
  delegationAdd: defineCall({
    ...json,
    path: dlg('add'),
    request: z.object({
      deputyUserId: id(),
      startDate: isoDate(),
      endDate: isoDate(),
      reason: z.string().trim().max(200, '原因最多200个字符').optional(),
    }),
    data: ZDelegation,
    permission: 'login',
    write: true,
    summary: 'Names a deputy for a date range: new and open approval tasks go to them for that range',
  }),
  delegationCancel: defineCall({
    ...json,
    path: dlg('cancel'),
    request: z.object({ id: id() }),
    data: z.object({ returned: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Ends a proxy setting now: the open tasks the deputy holds come back',
  }),
};
