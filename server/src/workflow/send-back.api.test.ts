import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { users, wfInstances, wfTasks } from '../db/schema';
import { sketchXml } from './bpmn-builder';
import * as engine from './engine';

/**
 * Send back inside parallel branches (issue 21): every target `nodeList` offers, from every task that
 * can be open, leaves an instance that still finishes. Model: fork F1 → A | (fork F2 → B1 | B2 → join
 * J2 → B3) → join J1 → C.
 */
let s: TestServer;
const ids = new Map<string, number>();
const uid = (code: string) => ids.get(code) as number;
const ASSIGNEE: Record<string, string> = { A: 'user01', B1: 'user02', B2: 'user03', B3: 'user04', C: 'user05' };
const KEY = 'NestedForks';
let seq = 0;

beforeAll(async () => {
  s = await startTestServer();
  for (const u of await s.db.select({ id: users.id, code: users.userCode }).from(users)) ids.set(u.code, u.id);
  const task = (id: string) => ({ id, type: 'userTask' as const, erp: { assigneeType: 'users', assigneeValue: ASSIGNEE[id] as string } });
  await engine.deploy(
    s.db,
    sketchXml({
      key: KEY,
      nodes: [
        { id: 's', type: 'startEvent' },
        { id: 'F1', type: 'parallelGateway' },
        task('A'),
        { id: 'F2', type: 'parallelGateway' },
        task('B1'),
        task('B2'),
        { id: 'J2', type: 'parallelGateway' },
        task('B3'),
        { id: 'J1', type: 'parallelGateway' },
        task('C'),
        { id: 'e', type: 'endEvent' },
      ],
      flows: [
        ['f0', 's', 'F1'],
        ['f1', 'F1', 'A'],
        ['f2', 'F1', 'F2'],
        ['f3', 'F2', 'B1'],
        ['f4', 'F2', 'B2'],
        ['f5', 'B1', 'J2'],
        ['f6', 'B2', 'J2'],
        ['f7', 'J2', 'B3'],
        ['f8', 'B3', 'J1'],
        ['f9', 'A', 'J1'],
        ['f10', 'J1', 'C'],
        ['f11', 'C', 'e'],
      ],
    }),
    uid('admin'),
  );
});
afterAll(() => s.close());

async function open(instanceId: number) {
  return s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), inArray(wfTasks.kind, ['approve', 'resubmit']), eq(wfTasks.status, 'pending')))
    .orderBy(wfTasks.nodeId);
}

/** Passes the open task of the alphabetically first node: the same order in every replay. */
async function passFirst(instanceId: number): Promise<boolean> {
  const [t] = await open(instanceId);
  if (!t) return false;
  if (t.kind === 'resubmit') await engine.resubmit(s.db, { taskId: t.id, userId: uid('emp01') });
  else await engine.pass(s.db, { taskId: t.id, userId: uid(ASSIGNEE[t.nodeId] as string) });
  return true;
}

async function startOne() {
  const { instance } = await engine.start(s.db, { processKey: KEY, businessId: `SB${++seq}`, title: 'send back', initiatorUserId: uid('emp01') });
  return instance.id;
}

async function status(id: number) {
  const [row] = await s.db.select({ status: wfInstances.status }).from(wfInstances).where(eq(wfInstances.id, id));
  return row?.status;
}

describe('send back inside parallel branches', () => {
  it('offers only targets on the current path, and every offered target can still finish', async () => {
    const offered: string[] = [];
    // Positions: after 0..5 passes in the fixed order, each task open at that moment.
    for (let steps = 0; steps < 6; steps++) {
      const probe = await startOne();
      for (let i = 0; i < steps; i++) await passFirst(probe);
      const openTasks = await open(probe);
      for (const t of openTasks) {
        const targets = await engine.backTargets(s.db, probe, t.nodeId);
        for (const target of targets) {
          offered.push(`${t.nodeId}→${target.nodeId}`);
          const inst = await startOne();
          for (let i = 0; i < steps; i++) await passFirst(inst);
          const task = (await open(inst)).find((o) => o.nodeId === t.nodeId);
          expect(task, `${t.nodeId} open after ${steps} passes`).toBeDefined();
          await engine.rollback(s.db, { taskId: task?.id as number, userId: uid(ASSIGNEE[t.nodeId] as string), targetNodeId: target.nodeId });
          let guard = 0;
          while (await passFirst(inst)) if (++guard > 30) break;
          expect(await status(inst), `${t.nodeId}→${target.nodeId} after ${steps} passes`).toBe('passed');
        }
      }
    }
    // Sibling branches are never offered to each other; nodes already behind a join are.
    expect(offered).not.toContain('B1→A');
    expect(offered).not.toContain('B3→A');
    expect(offered).not.toContain('A→B1');
    expect(offered).toContain('C→A');
    expect(offered).toContain('C→B1');
    expect(offered).toContain('B3→B1');
  });

  it('sending C back to A keeps the other branch: A passes again and C is due, nothing else reopens', async () => {
    const inst = await startOne();
    for (let i = 0; i < 4; i++) await passFirst(inst); // A, B1, B2, B3: the join fired, C is open
    const [c] = await open(inst);
    expect(c?.nodeId).toBe('C');
    await engine.rollback(s.db, { taskId: c?.id as number, userId: uid('user05'), targetNodeId: 'A' });
    expect((await open(inst)).map((t) => t.nodeId)).toEqual(['A']);
    await passFirst(inst);
    expect((await open(inst)).map((t) => t.nodeId)).toEqual(['C']);
  });

  it('sending B3 back to B1 reopens B1 only; A, already passed, is not asked again', async () => {
    const inst = await startOne();
    for (let i = 0; i < 3; i++) await passFirst(inst); // A, B1, B2: B3 is open
    const [b3] = await open(inst);
    expect(b3?.nodeId).toBe('B3');
    await engine.rollback(s.db, { taskId: b3?.id as number, userId: uid('user04'), targetNodeId: 'B1' });
    expect((await open(inst)).map((t) => t.nodeId)).toEqual(['B1']);
    await passFirst(inst);
    expect((await open(inst)).map((t) => t.nodeId)).toEqual(['B3']);
    await passFirst(inst);
    expect((await open(inst)).map((t) => t.nodeId)).toEqual(['C']);
  });
});
