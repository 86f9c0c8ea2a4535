import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { wfEvents, wfTasks, wfTimers } from '../db/schema';
import { type Db, queryRows } from '../platform/db';
import { resolveRule } from './assignees';
import { addDuration, parseDuration } from './durations';
import { writeEvent } from './history';
import { finish, settle } from './lifecycle';
import type { NodeModel, TimerModel } from './model';
import { queueTimerNotice } from './notifications';
import { afterTaskClosed } from './routing';
import { hookEvent, lockInstance, openRun, type Run, saveInstance, type TaskRow } from './run';
import { adminOutside, partiesOf } from './self-approval';
import { cancelOpen, OPEN } from './tasks';

/**
 * Time limits of user tasks (timer boundary events). Creating a node's tasks stores one row per
 * timer, due a duration later; a poller in every server process fires due rows. Claiming them with
 * FOR UPDATE SKIP LOCKED means two processes never fire one timer; the instance is then locked like
 * any command, so a timer and an approver's click run one after the other. A timer whose tasks were
 * done (or the instance ended) before it fired does nothing.
 */

/** Rows for the timers of a node arrival (called where its tasks are created, in the same transaction). */
export async function scheduleTimers(run: Run, n: NodeModel, activation: number): Promise<void> {
  if (!n.timers?.length) return;
  const from = new Date();
  const rows = n.timers.flatMap((t) => {
    const d = parseDuration(t.duration);
    return d ? [{ instanceId: run.inst.id, nodeId: n.id, activation, timerId: t.id, action: t.action, dueAt: addDuration(from, d) }] : [];
  });
  if (rows.length) await run.tx.insert(wfTimers).values(rows);
}

interface DueTimer {
  id: number;
  instanceId: number;
  nodeId: string;
  activation: number;
  timerId: string;
  attempts: number;
}

export type TimerOutcome = 'fired' | 'skipped';
const MAX_ATTEMPTS = 5;
export const TIMER_BATCH = 50;

/**
 * Fires the timers due by `now` (at most `limit`), in one transaction: claimed with SKIP LOCKED,
 * each fired in a savepoint (a failure is retried later and never undoes the others), then marked.
 * Instances are locked in id order, so two pollers never wait for each other in a cycle. Answers
 * how many rows were claimed.
 */
export async function fireDueTimers(db: Db, opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? TIMER_BATCH;
  return db.transaction(async (tx) => {
    const due = await queryRows<DueTimer>(
      tx,
      sql`SELECT id, instance_id AS "instanceId", node_id AS "nodeId", activation, timer_id AS "timerId", attempts
          FROM wf_timers WHERE status = 'pending' AND due_at <= ${now.toISOString()}::timestamptz
          ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
    due.sort((a, b) => a.instanceId - b.instanceId || a.id - b.id);
    const done: Record<TimerOutcome, number[]> = { fired: [], skipped: [] };
    for (const t of due) {
      try {
        done[await tx.transaction((sp) => fireOne(sp, t))].push(t.id);
      } catch (err) {
        const failed = t.attempts + 1 >= MAX_ATTEMPTS;
        await tx
          .update(wfTimers)
          .set({
            attempts: t.attempts + 1,
            status: failed ? 'failed' : 'pending',
            lastError: String(err).slice(0, 1000),
            dueAt: new Date(now.getTime() + 2 ** t.attempts * 30_000),
          })
          .where(eq(wfTimers.id, t.id));
      }
    }
    // One statement per outcome for the whole batch (10,000 timers due at once are 200 batches).
    for (const status of ['fired', 'skipped'] as const)
      if (done[status].length) await tx.update(wfTimers).set({ status, firedAt: now }).where(inArray(wfTimers.id, done[status]));
    return due.length;
  });
}

const holderOf = (t: Pick<TaskRow, 'assigneeUserId' | 'candidateUserIds'>) => t.assigneeUserId ?? t.candidateUserIds[0] ?? 0;

/** One due timer on its locked instance: does its action on the node arrival's open tasks, or nothing when none is left. */
async function fireOne(tx: Db, due: DueTimer): Promise<TimerOutcome> {
  const inst = await lockInstance(tx, due.instanceId);
  if (inst.status !== 'running') return 'skipped';
  const open = await tx
    .select()
    .from(wfTasks)
    .where(
      and(
        eq(wfTasks.instanceId, inst.id),
        eq(wfTasks.activation, due.activation),
        eq(wfTasks.kind, 'approve'),
        eq(wfTasks.nodeId, due.nodeId),
        inArray(wfTasks.status, [...OPEN]),
      ),
    )
    .orderBy(asc(wfTasks.seq), asc(wfTasks.id));
  const pending = open.filter((t) => t.status === 'pending');
  const first = pending[0];
  if (!first) return 'skipped';
  const run = await openRun(tx, inst, holderOf(first));
  const n = run.model.nodes[due.nodeId];
  const timer = n?.timers?.find((x) => x.id === due.timerId);
  if (!n || !timer) return 'skipped';
  switch (timer.action) {
    case 'remind':
      return remind(run, n, pending);
    case 'pass':
      return timeoutPass(run, n, timer, open, first);
    case 'reject':
      return timeoutReject(run, n, timer, first);
    case 'escalate':
      return escalate(run, n, pending);
  }
}

async function remind(run: Run, n: NodeModel, pending: TaskRow[]): Promise<TimerOutcome> {
  const receivers = [...new Set(pending.flatMap((t) => (t.assigneeUserId ? [t.assigneeUserId] : t.candidateUserIds)))];
  queueTimerNotice(run, receivers, n.name);
  // The event rides with the notice in the instance update's statement (nothing reads it back here).
  run.writes.push(
    run.tx
      .insert(wfEvents)
      .values({
        instanceId: run.inst.id,
        nodeId: n.id,
        nodeName: n.name,
        action: 'timerRemind',
        operateType: 1,
        approvalFlag: 0,
        userId: run.actor,
        message: '超时提醒',
      })
      .getSQL(),
  );
  await saveInstance(run);
  return 'fired';
}

const closeAs = (outcome: 'pass' | 'reject', message: string, holder: number) => ({
  status: 'done',
  outcome,
  completedBy: holder,
  completedAt: new Date(),
  message,
});

/** The node passes for its holders: every due task is passed, the rest of the arrival cancelled, and the token moves on. */
async function timeoutPass(run: Run, n: NodeModel, timer: TimerModel, open: TaskRow[], first: TaskRow): Promise<TimerOutcome> {
  const message = `超时自动通过（时限 ${timer.duration}）`;
  for (const t of open) {
    if (t.status === 'pending') {
      await run.tx
        .update(wfTasks)
        .set(closeAs('pass', message, holderOf(t)))
        .where(eq(wfTasks.id, t.id));
      await writeEvent(run, { taskId: t.id, nodeId: n.id, nodeName: n.name, action: 'timeout', operateType: 1, approvalFlag: 1, userId: holderOf(t), message });
    } else {
      await run.tx.update(wfTasks).set({ status: 'cancelled', outcome: 'cancelled', completedAt: new Date() }).where(eq(wfTasks.id, t.id));
    }
  }
  await afterTaskClosed(run, first, []);
  await settle(run, 'timeout', n.id);
  return 'fired';
}

/** The process is rejected for the holder. */
async function timeoutReject(run: Run, n: NodeModel, timer: TimerModel, first: TaskRow): Promise<TimerOutcome> {
  const message = `超时自动驳回（时限 ${timer.duration}）`;
  await run.tx
    .update(wfTasks)
    .set(closeAs('reject', message, holderOf(first)))
    .where(eq(wfTasks.id, first.id));
  await writeEvent(run, {
    taskId: first.id,
    nodeId: n.id,
    nodeName: n.name,
    action: 'timeout',
    operateType: 1,
    approvalFlag: 2,
    userId: holderOf(first),
    message,
  });
  await cancelOpen(run);
  await finish(run, 'rejected', hookEvent(run, 'reject', n.id));
  return 'fired';
}

/** Each due task goes to its holder's manager (the nearest unit leader above them; else the process administrator). */
async function escalate(run: Run, n: NodeModel, pending: TaskRow[]): Promise<TimerOutcome> {
  let moved = 0;
  for (const t of pending) {
    const holder = holderOf(t);
    // The holder's manager, unless that is a party of the request (self-approval.ts): then the process administrator.
    const parties = partiesOf(run.inst);
    let [manager] = await resolveRule(run.tx, { type: 'superior' }, { initiatorUserId: holder, vars: {}, chosen: {}, nodeId: n.id });
    if (!manager || parties.includes(manager)) manager = await adminOutside(run.tx, run.model, parties);
    if (!manager || manager === holder) continue;
    const [row] = await run.tx
      .update(wfTasks)
      .set({ assigneeUserId: manager, candidateUserIds: [manager], createdAt: new Date(), proxyForUserId: null, delegationId: null, ownerUserId: null })
      .where(eq(wfTasks.id, t.id))
      .returning();
    if (row) run.created.push(row);
    await writeEvent(run, {
      taskId: t.id,
      nodeId: n.id,
      nodeName: n.name,
      action: 'escalate',
      operateType: 1,
      approvalFlag: 0,
      userId: holder,
      targetUserId: manager,
      message: '超时未处理，已升级给上级',
    });
    moved++;
  }
  if (!moved) return remind(run, n, pending);
  await settle(run, 'escalate', n.id);
  return 'fired';
}

/** Logs what a background loop needs to say (the server's pino logger fits). */
export interface PollerLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The loop every server process runs: fires due timers batch after batch until none is left. A
 * failure (the database down, a statement refused) is logged and the next tick tries again; it
 * never throws out of the loop, so an outage never stops the process or the poller.
 */
export class TimerPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly fire: () => Promise<number>,
    private readonly log: PollerLog,
    private readonly everyMs = 5_000,
    private readonly batch = TIMER_BATCH,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** One round (skipped while the previous is still running); answers how many timers were claimed. */
  tick(): Promise<number> {
    if (this.running || this.stopped) return Promise.resolve(0);
    const round = (async () => {
      let total = 0;
      try {
        for (;;) {
          const n = await this.fire();
          total += n;
          if (n < this.batch || this.stopped) break;
        }
        if (total) this.log.info({ timers: total }, 'workflow timers fired');
      } catch (err) {
        this.log.warn({ err: String(err) }, 'workflow timers: round failed, retried on the next tick');
      }
      return total;
    })();
    this.running = round;
    void round.finally(() => {
      this.running = undefined;
    });
    return round;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
