import { eq } from 'drizzle-orm';
import { outbox, users } from '../db/schema';
import type { NotifyPayload } from '../platform/outbox/outbox';
import type { Run } from './run';

/**
 * The outbox row `enqueue(tx, 'notify', payload)` writes, as SQL queued on the run: it is sent
 * with the instance update in one statement (see `saveInstance`), in the command's transaction.
 */
function queueNotice(run: Run, payload: NotifyPayload): void {
  run.writes.push(run.tx.insert(outbox).values({ topic: 'notify', payload }).getSQL());
}

/**
 * The generic detail page of the instance's record (`/DetailsPage`, which opens the dialog its
 * process registered). For notices that ask to look, not to act: a to-do links to the backlog,
 * where the approver acts on it.
 */
export function detailsLink(inst: Pick<Run['inst'], 'id' | 'processKey'>, mode?: 'cc'): string {
  return `/DetailsPage?processKey=${encodeURIComponent(inst.processKey)}&processInstanceId=${inst.id}${mode ? `&mode=${mode}` : ''}`;
}

/** Tells the people of the tasks this command created (new approvals, resubmissions, copies), one notice per node. */
export async function queueCreatedNotices(run: Run): Promise<void> {
  const created = run.created.splice(0);
  if (!created.length) return;
  if (run.initiatorName === undefined) {
    const [initiator] = await run.tx.select({ name: users.realName }).from(users).where(eq(users.id, run.inst.initiatorUserId));
    run.initiatorName = initiator?.name ?? '';
  }
  const startTime = run.inst.startedAt.toISOString();
  const groups = new Map<string, { kind: string; nodeName: string; receivers: Set<number> }>();
  for (const t of created) {
    const key = `${t.kind}:${t.nodeId}`;
    const g = groups.get(key) ?? { kind: t.kind, nodeName: t.nodeName, receivers: new Set<number>() };
    for (const u of t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds) g.receivers.add(u);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const cc = g.kind === 'cc';
    const what = cc ? '抄送' : g.kind === 'resubmit' ? '退回待重新提交' : '待审批';
    queueNotice(run, {
      receiverUserIds: [...g.receivers],
      msgType: '001',
      title: `${run.inst.processName}${what}`,
      content: `${run.inst.title}（${g.nodeName}）${cc ? '已抄送给您' : '需要您处理'}`,
      senderUserId: run.actor,
      todo: {
        type: run.inst.processKey,
        theme: run.inst.title,
        items: `${g.nodeName}${what}`,
        startTime,
        noticeUsers: run.initiatorName,
      },
      link: cc ? detailsLink(run.inst, 'cc') : '/backlog/index',
    });
  }
}

/**
 * Tells the initiator that their request passed or was rejected (nobody when they ended it
 * themselves), linking to its record.
 */
export function queueResultNotice(run: Run, status: 'passed' | 'rejected'): void {
  const { inst } = run;
  if (run.actor === inst.initiatorUserId) return;
  const passed = status === 'passed';
  queueNotice(run, {
    receiverUserIds: [inst.initiatorUserId],
    msgType: '001',
    title: `${inst.processName}${passed ? '已通过' : '已驳回'}`,
    content: `您发起的「${inst.title}」${passed ? '已审批通过' : '已被驳回'}`,
    senderUserId: run.actor,
    link: detailsLink(inst),
  });
}

/** A reminder to the current approvers of an instance. */
export function queueUrgeNotice(run: Run, receivers: number[], message: string | undefined): void {
  const { inst } = run;
  queueNotice(run, {
    receiverUserIds: receivers,
    msgType: '001',
    title: `催办：${inst.processName}`,
    content: `${inst.title} 等待您的审批${message ? `：${message}` : ''}`,
    senderUserId: run.actor,
    todo: {
      type: inst.processKey,
      theme: inst.title,
      items: '催办',
      startTime: inst.startedAt.toISOString(),
      noticeUsers: '',
      memo: message ?? '',
    },
    link: '/backlog/index',
  });
}

/** A time limit reached: a reminder to the holders of the task (timer boundary event, action remind). */
export function queueTimerNotice(run: Run, receivers: number[], nodeName: string): void {
  const { inst } = run;
  queueNotice(run, {
    receiverUserIds: receivers,
    msgType: '001',
    title: `超时提醒：${inst.processName}`,
    content: `${inst.title}（${nodeName}）已超过处理时限，请尽快处理`,
    senderUserId: null,
    todo: {
      type: inst.processKey,
      theme: inst.title,
      items: `${nodeName}超时提醒`,
      startTime: inst.startedAt.toISOString(),
      noticeUsers: '',
      memo: '已超过处理时限',
    },
    link: '/backlog/index',
  });
}
