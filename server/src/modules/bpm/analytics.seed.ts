import { randomUUID } from 'node:crypto';
import { GENERAL_REQUEST_KEY, LEAVE_REQUEST_KEY } from '@erp/contract';
import { desc, eq } from 'drizzle-orm';
import { wfDefinitions, wfEvents, wfInstances, wfTasks } from '../../db/schema';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';

/**
 * Six months of finished general and leave requests (and a few still waiting), so the approval analytics show months, nodes, approvers, send-backs and rejections. They
 * are written as the engine writes them (instance, tasks, events) with times in the past; a
 * seeded random keeps the demo the same on every start.
 */

const HOUR = 3600_000;

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Step {
  nodeId: string;
  nodeName: string;
  approvers: string[];
}

const PROCESSES: Array<{ key: string; name: string; steps: Step[] }> = [
  {
    key: GENERAL_REQUEST_KEY,
    name: '通用申请',
    steps: [{ nodeId: 'superiorApprove', nodeName: '直属上级审批', approvers: ['mgr01', 'hrd01', 'user05', 'user12', 'user20'] }],
  },
  {
    key: LEAVE_REQUEST_KEY,
    name: '请假申请',
    steps: [
      { nodeId: 'deptManager', nodeName: '部门负责人审批', approvers: ['mgr01', 'user05', 'user12', 'user20', 'user31'] },
      { nodeId: 'hrApprove', nodeName: '人力资源审批', approvers: ['hr01', 'user08'] },
    ],
  },
];

/** Some approvers are slower than others (hours to act, median-ish), so "slowest approvers" says something. */
const PACE: Record<string, number> = { mgr01: 6, hrd01: 10, user05: 20, user12: 30, user20: 4, user31: 40, hr01: 8, user08: 26 };

const SUBJECTS = ['采购办公用品', '申请培训费用', '客户现场驻场补贴', '项目加班餐费', '外出参加招聘会', '申请笔记本电脑', '团队建设活动', '差旅预借款'];

async function seedHistory(ctx: SeedContext): Promise<void> {
  const rnd = random(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const user = (code: string) => ctx.userIds.get(code);
  const initiators = [...ctx.userIds.keys()].filter((c) => /^user\d+$/.test(c));
  if (!initiators.length) return;
  const now = ctx.today.getTime();
  for (const p of PROCESSES) {
    const [def] = await ctx.db
      .select({ id: wfDefinitions.id })
      .from(wfDefinitions)
      .where(eq(wfDefinitions.key, p.key))
      .orderBy(desc(wfDefinitions.version))
      .limit(1);
    if (!def) continue;
    for (let n = 0; n < 45; n++) {
      const initiatorCode = pick(initiators);
      const initiator = user(initiatorCode) as number;
      // The last few are still waiting, within the node's limit: a demo (or a browser test) started
      // now is not reminded of the demo's own tasks; the history holds the overdue ones.
      const waiting = n >= 41;
      const started = new Date(waiting ? now - (2 + rnd() * 18) * HOUR : now - (8 + rnd() * 172) * 24 * HOUR);
      const days = 1 + Math.floor(rnd() * 6);
      const leaveStart = started.toISOString().slice(0, 10);
      const vars =
        p.key === LEAVE_REQUEST_KEY
          ? { leaveType: pick(['001', '002', '003', '004']), startDate: leaveStart, endDate: leaveStart, days, reason: '家中有事需要处理' }
          : { content: `${pick(SUBJECTS)}，请审批。` };
      const title = p.key === LEAVE_REQUEST_KEY ? `请假 ${days} 天` : (vars as { content: string }).content.replace(/，请审批。$/, '');
      const [inst] = await ctx.db
        .insert(wfInstances)
        .values({
          definitionId: def.id,
          processKey: p.key,
          processName: p.name,
          businessId: `REQ-${randomUUID()}`,
          title,
          initiatorUserId: initiator,
          status: 'running',
          vars,
          startedAt: started,
          createdAt: started,
          updatedAt: started,
          createdBy: initiator,
        })
        .returning({ id: wfInstances.id });
      if (!inst) continue;
      await ctx.db.insert(wfEvents).values({
        instanceId: inst.id,
        nodeName: '发起申请',
        nodeId: 'start',
        action: 'start',
        operateType: 0,
        approvalFlag: 1,
        userId: initiator,
        createdAt: started,
      });
      let at = started.getTime();
      let status: 'passed' | 'rejected' | 'running' = 'passed';
      const steps = waiting || (p.key === LEAVE_REQUEST_KEY && days <= 3) ? p.steps.slice(0, 1) : p.steps;
      let activation = 0;
      for (const [i, step] of steps.entries()) {
        const approverCode = pick(step.approvers);
        const approver = user(approverCode);
        if (!approver) continue;
        const last = waiting && i === steps.length - 1;
        const roll = rnd();
        const outcome = last ? null : roll < 0.07 ? 'reject' : roll < 0.15 ? 'rollback' : 'pass';
        activation++;
        const created = new Date(at);
        const hours = (PACE[approverCode] ?? 12) * (0.2 + rnd() * 1.8);
        const completed = new Date(at + hours * HOUR);
        const [task] = await ctx.db
          .insert(wfTasks)
          .values({
            instanceId: inst.id,
            nodeId: step.nodeId,
            nodeName: step.nodeName,
            kind: 'approve',
            activation,
            assigneeUserId: approver,
            candidateUserIds: [approver],
            status: outcome ? 'done' : 'pending',
            outcome,
            completedBy: outcome ? approver : null,
            message: outcome === 'reject' ? '预算不足，暂不批准' : outcome === 'rollback' ? '请补充说明后重新提交' : outcome ? '同意' : null,
            createdAt: created,
            completedAt: outcome ? completed : null,
          })
          .returning({ id: wfTasks.id });
        if (!outcome) {
          status = 'running';
          break;
        }
        const flag = outcome === 'pass' ? 1 : outcome === 'reject' ? 2 : 3;
        await ctx.db.insert(wfEvents).values({
          instanceId: inst.id,
          taskId: task?.id,
          nodeId: step.nodeId,
          nodeName: step.nodeName,
          action: outcome,
          operateType: 1,
          approvalFlag: flag,
          userId: approver,
          message: outcome === 'reject' ? '预算不足，暂不批准' : outcome === 'rollback' ? '请补充说明后重新提交' : '同意',
          createdAt: completed,
        });
        at = completed.getTime();
        if (outcome === 'reject') {
          status = 'rejected';
          break;
        }
        if (outcome === 'rollback') {
          // The applicant adds the missing part and resubmits; the same approver then passes.
          const back = at + (2 + rnd() * 20) * HOUR;
          await ctx.db.insert(wfEvents).values({
            instanceId: inst.id,
            nodeId: 'start',
            nodeName: '发起申请',
            action: 'resubmit',
            operateType: 0,
            approvalFlag: 1,
            userId: initiator,
            createdAt: new Date(back),
          });
          activation++;
          const again = new Date(back + (PACE[approverCode] ?? 12) * 0.5 * HOUR);
          const [t2] = await ctx.db
            .insert(wfTasks)
            .values({
              instanceId: inst.id,
              nodeId: step.nodeId,
              nodeName: step.nodeName,
              kind: 'approve',
              activation,
              assigneeUserId: approver,
              candidateUserIds: [approver],
              status: 'done',
              outcome: 'pass',
              completedBy: approver,
              message: '同意',
              createdAt: new Date(back),
              completedAt: again,
            })
            .returning({ id: wfTasks.id });
          await ctx.db.insert(wfEvents).values({
            instanceId: inst.id,
            taskId: t2?.id,
            nodeId: step.nodeId,
            nodeName: step.nodeName,
            action: 'pass',
            operateType: 1,
            approvalFlag: 1,
            userId: approver,
            message: '同意',
            createdAt: again,
          });
          at = again.getTime();
        }
      }
      if (status !== 'running')
        await ctx.db
          .update(wfInstances)
          .set({ status, endedAt: new Date(at), updatedAt: new Date(at) })
          .where(eq(wfInstances.id, inst.id));
    }
  }
}

export const bpmAnalyticsSeed: ModuleSeed = { name: 'bpmAnalytics', seed: seedHistory };
