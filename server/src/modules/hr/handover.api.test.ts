import type { ApprovalStep, Delegation, HandoverResult, Holdings } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  assets,
  auditLog,
  employees,
  finBills,
  finProjects,
  orgUnits,
  outbox,
  recruitCandidates,
  recruitDemands,
  recruitInterviews,
  recruitOffers,
  recruitTalents,
  roles,
  userRoles,
  users,
  wfDelegations,
  wfEvents,
  wfInstances,
  wfTasks,
  workOrders,
} from '../../db/schema';
import { BusinessCalendar } from '../../platform/business-time';
import { lineXml } from '../../workflow/bpmn-builder';
import { syncDelegations } from '../../workflow/delegations';
import * as engine from '../../workflow/engine';
import { listHoldings } from './departure-holdings';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const post = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(path, body, await token(who));
const hand = <T = unknown>(who: string, p: string, body: unknown = {}) => post<T>(who, `/hr_api/hrm/handover/${p}`, body);
const dlg = <T = unknown>(who: string, p: string, body: unknown = {}) => post<T>(who, `/bpm_api/bpm/delegation/${p}`, body);
const bpm = <T = unknown>(who: string, p: string, body: unknown = {}) => post<T>(who, `/bpm_api/bpm/camunda/${p}`, body);
const ids = new Map<string, number>();
const today = new BusinessCalendar().day();
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

/** Starts a two-step process whose first step is `first`'s (the initiator: `by`). */
async function startFor(first: string, by = 'user20', second = 'user21') {
  seq += 1;
  const key = `HandoverTest_${first}_${second}`;
  if (!(await engine.latestDefinition(s.db, key)))
    await engine.deploy(
      s.db,
      lineXml(key, [
        { assigneeType: 'users', assigneeValue: first },
        { assigneeType: 'users', assigneeValue: second },
      ]),
      null,
    );
  const { instance } = await engine.start(s.db, {
    processKey: key,
    businessId: `b${seq}`,
    title: `测试申请 ${seq}`,
    initiatorUserId: ids.get(by) as number,
    vars: {},
  });
  return instance.id;
}
async function openTask(instanceId: number) {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
  return t;
}

beforeAll(async () => {
  s = await startTestServer();
  for (const u of await s.db.select({ id: users.id, code: users.userCode }).from(users)) ids.set(u.code, u.id);
});
afterAll(() => s.close());

describe('leaver handover', () => {
  const leaver = 'user05';
  let instances: number[] = [];
  let started: number[] = [];
  let roleId = 0;
  let unitId = 0;
  let base: Record<string, number> = {};

  beforeAll(async () => {
    base = Object.fromEntries((await listHoldings(s.db, ids.get(leaver) as number)).groups.map((g) => [g.key, g.count]));
    instances = [];
    for (let i = 0; i < 4; i++) instances.push(await startFor(leaver));
    started = [await startFor('user22', leaver), await startFor('user22', leaver)];
    const [role] = await s.db.insert(roles).values({ code: 'archivist', name: '档案管理员', dataScope: 'self' }).returning();
    roleId = role?.id as number;
    await s.db.insert(userRoles).values({ userId: ids.get(leaver) as number, roleId });
    const [unit] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(sql`${orgUnits.leaderUserId} IS NULL`).limit(1);
    unitId = unit?.id as number;
    await s.db
      .update(orgUnits)
      .set({ leaderUserId: ids.get(leaver) })
      .where(eq(orgUnits.id, unitId));
  });

  it('lists what the leaver holds, by group; only with the handover permission', async () => {
    const h = await hand<Holdings>('hr01', 'getHoldings', { userId: ids.get(leaver) });
    expect(h.code, h.message).toBe('200');
    const counts = Object.fromEntries(h.data.groups.map((g) => [g.key, g.count]));
    const plus = (k: string, n: number) => (base[k] ?? 0) + n;
    expect(counts).toMatchObject({
      approvalTasks: plus('approvalTasks', 4),
      startedProcesses: plus('startedProcesses', 2),
      ledUnits: plus('ledUnits', 1),
      soleRoles: plus('soleRoles', 1),
    });
    expect(h.data.groups.find((g) => g.key === 'approvalTasks')?.items[0]?.title).toMatch(/^测试申请/);
    expect((await listHoldings(s.db, ids.get(leaver) as number)).total).toBe(h.data.total);
    expect((await hand('emp01', 'getHoldings', { userId: ids.get(leaver) })).status).toBe(403);
    expect((await hand('hr01', 'getHoldings', { userId: 'abc' })).status).toBe(400);
    expect((await hand('hr01', 'getHoldings', { userId: 9999999 })).status).toBe(404);
  });

  it('refuses bad assignments and changes nothing', async () => {
    const u = ids.get(leaver) as number;
    const refuse = async (assignments: unknown, text: string, status = 400) => {
      const r = await hand('hr01', 'confirm', { userId: u, assignments });
      expect(r.status, JSON.stringify(r)).toBe(status);
      expect(r.message).toContain(text);
    };
    await refuse([{ group: 'approvalTasks', toUserId: u }], '接收人不能是交接人本人');
    await refuse([{ group: 'nope', toUserId: ids.get('user06') }], '未知的交接类别');
    await refuse([], '请选择接收人');
    const [first] = await s.db
      .select({ id: wfTasks.id })
      .from(wfTasks)
      .where(eq(wfTasks.instanceId, instances[0] as number));
    await refuse(
      [
        { group: 'approvalTasks', toUserId: ids.get('user06'), itemIds: [String(first?.id)] },
        { group: 'approvalTasks', toUserId: ids.get('user07'), itemIds: [String(first?.id)] },
      ],
      '同一事项不能交给两个接收人',
    );
    await s.db.update(users).set({ enabled: false }).where(eq(users.userCode, 'user30'));
    await refuse([{ group: 'approvalTasks', toUserId: ids.get('user30') }], '接收人不存在或已停用');
    // A task that is no longer the leaver's (closed meanwhile): the whole handover is refused.
    await refuse([{ group: 'approvalTasks', toUserId: ids.get('user06'), itemIds: ['999999'] }], '所选事项已不在交接人名下', 409);
    expect((await listHoldings(s.db, u)).total).toBe(8 + Object.values(base).reduce((a, b) => a + b, 0));
  });

  it('moves every item in one transaction: per item and per group; audited; one message per successor', async () => {
    const u = ids.get(leaver) as number;
    const oneTask = await openTask(instances[0] as number);
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.topic, 'notify'));
    const r = await hand<HandoverResult>('hr01', 'confirm', {
      userId: u,
      remark: '张三离职',
      assignments: [
        { group: 'approvalTasks', toUserId: ids.get('user07'), itemIds: [String(oneTask?.id)] },
        { group: 'approvalTasks', toUserId: ids.get('user06') },
        { group: 'startedProcesses', toUserId: ids.get('user06') },
        { group: 'ledUnits', toUserId: ids.get('user06') },
        { group: 'soleRoles', toUserId: ids.get('user06') },
        // What the demo data gives the leaver besides (projects, bills…).
        ...Object.keys(base)
          .filter((k) => !['approvalTasks', 'startedProcesses', 'ledUnits', 'soleRoles'].includes(k))
          .map((group) => ({ group, toUserId: ids.get('user06') })),
      ],
    });
    expect(r.code, r.message).toBe('200');
    const extra = Object.values(base).reduce((a, b) => a + b, 0);
    expect(r.data).toMatchObject({ total: 8 + extra, remaining: 0 });
    expect(r.data.moved.slice(0, 5).map((m) => [m.group, m.toUserId, m.count])).toEqual([
      ['approvalTasks', ids.get('user07'), 1],
      ['approvalTasks', ids.get('user06'), 3 + (base.approvalTasks ?? 0)],
      ['startedProcesses', ids.get('user06'), 2 + (base.startedProcesses ?? 0)],
      ['ledUnits', ids.get('user06'), 1 + (base.ledUnits ?? 0)],
      ['soleRoles', ids.get('user06'), 1 + (base.soleRoles ?? 0)],
    ]);
    expect((await listHoldings(s.db, u)).total).toBe(0);
    // Each move is an audit row.
    const audited = await s.db.select().from(auditLog).where(eq(auditLog.call, 'POST /hr_api/hrm/handover/confirm'));
    expect(audited.filter((a) => a.recordId?.includes(':'))).toHaveLength(8 + extra);
    // One message per successor.
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.topic, 'notify'));
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(2);
    // The successor acts; the leaver no longer can; the flow shows the handover.
    const t = await openTask(instances[1] as number);
    expect((await bpm(leaver, 'task/pass', { taskId: t?.id })).status).toBe(403);
    expect((await bpm('user06', 'task/pass', { taskId: t?.id })).code).toBe('200');
    expect((await bpm('user07', 'task/pass', { taskId: oneTask?.id })).code).toBe('200');
    const flow = await bpm<{ steps: ApprovalStep[] }>('user06', 'common/getFlowData', { instanceId: instances[1] });
    expect(flow.data.steps.some((x) => x.transferDTOS.some((d) => d.remark.includes('离职交接')))).toBe(true);
    const [unit] = await s.db.select({ leader: orgUnits.leaderUserId }).from(orgUnits).where(eq(orgUnits.id, unitId));
    expect(unit?.leader).toBe(ids.get('user06'));
    const holders = await s.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
    expect(holders.map((h) => h.userId)).toEqual([ids.get('user06')]);
    // A second click moves nothing more.
    const again = await hand<HandoverResult>('hr01', 'confirm', { userId: u, assignments: [{ group: 'approvalTasks', toUserId: ids.get('user06') }] });
    expect(again.data).toMatchObject({ total: 0, remaining: 0 });
    void started;
  });

  it("leaves the leaver's own resignation out: not held, not moved, while the rest is handed over during its approval (issue 39)", async () => {
    const [me] = await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'user26'));
    const uid = me?.id as number;
    const resigned = await post<{ processInstanceId: number }>('user26', '/hr_api/hrm/api/instance/startQuitApplyInstance', {
      quitType: '001',
      reason: '个人发展',
      lastWorkDate: addDays(30),
    });
    expect(resigned.code, resigned.message).toBe('200');
    const other = await startFor('user21', 'user26');
    const listed = await hand<Holdings>('hr01', 'getHoldings', { userId: uid });
    const started = listed.data.groups.find((g) => g.key === 'startedProcesses');
    expect(started?.items.map((i) => Number(i.id))).toContain(other);
    expect(started?.items.map((i) => Number(i.id))).not.toContain(resigned.data.processInstanceId);
    const r = await hand<HandoverResult>('hr01', 'confirm', {
      userId: uid,
      assignments: listed.data.groups.map((g) => ({ group: g.key, toUserId: ids.get('user06') })),
    });
    expect(r.code, r.message).toBe('200');
    const initiator = async (id: number) => (await s.db.select({ by: wfInstances.initiatorUserId }).from(wfInstances).where(eq(wfInstances.id, id)))[0]?.by;
    expect(await initiator(resigned.data.processInstanceId)).toBe(uid);
    expect(await initiator(other)).toBe(ids.get('user06'));
  });
});

describe('records a leaver owns: candidates, demands, interviews, projects, bills, work orders, kept assets', () => {
  const leaver = 'user43';
  const held: Record<string, number> = {};
  let candidateId = 0;
  let offerId = 0;
  let projectId = 0;
  let billId = 0;
  let orderId = 0;
  let orderInstance = 0;
  let employeeId = 0;
  let quitInstance = 0;
  /** Open approval tasks the leaver held before this test's work order (the demo gives some). */
  let looseTasks = 0;

  /** Whoever holds the dismissal's pending approval task passes it (through the lifecycle call). */
  async function passQuitStep() {
    const [t] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, quitInstance), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
    const holder = t?.assigneeUserId ?? t?.candidateUserIds[0];
    const [u] = await s.db
      .select({ code: users.userCode })
      .from(users)
      .where(eq(users.id, holder as number));
    return post(u?.code as string, '/hr_api/hrm/api/instance/dealAgency', { taskId: t?.id });
  }

  beforeAll(async () => {
    const u = ids.get(leaver) as number;
    const [emp] = await s.db.select().from(employees).where(eq(employees.userId, u));
    employeeId = emp?.id as number;
    looseTasks = (await listHoldings(s.db, u)).groups.find((g) => g.key === 'approvalTasks')?.count ?? 0;
    for (const g of (await listHoldings(s.db, u)).groups) held[g.key] = g.count;
    const org = emp?.orgId as number;
    const [demand, closedDemand] = await s.db
      .insert(recruitDemands)
      .values([
        { demandNo: 'XQHANDOVER1', name: '交接测试需求', orgId: org, recruiterUserId: u, status: '001' },
        { demandNo: 'XQHANDOVER2', name: '已完成的需求', orgId: org, recruiterUserId: u, status: '003' },
      ])
      .returning();
    const [talent, other] = await s.db
      .insert(recruitTalents)
      .values([
        { name: '交接候选人', orgId: org, ownerUserId: u },
        { name: '已淘汰候选人', orgId: org, ownerUserId: u },
      ])
      .returning();
    const [cand, out] = await s.db
      .insert(recruitCandidates)
      .values([
        { talentId: talent?.id as number, demandId: demand?.id as number, stage: '030', recruiterUserId: u, orgId: org },
        { talentId: other?.id as number, demandId: closedDemand?.id as number, stage: '090', recruiterUserId: u, orgId: org, outReason: '不合适' },
      ])
      .returning();
    candidateId = cand?.id as number;
    const [offer] = await s.db.insert(recruitOffers).values({ candidateId, monthlySalary: 1200000, recruiterUserId: u }).returning();
    offerId = offer?.id as number;
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await s.db.insert(recruitInterviews).values([
      { candidateId, round: '001', interviewerUserId: u, startsAt: soon, endsAt: new Date(soon.getTime() + 3600_000), status: '001' },
      { candidateId: out?.id as number, round: '001', interviewerUserId: u, startsAt: soon, endsAt: new Date(soon.getTime() + 3600_000), status: '003' },
    ]);
    const [client] = await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.isClient, true)).limit(1);
    const [company] = await s.db
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(and(eq(orgUnits.type, 'company'), eq(orgUnits.isClient, false)))
      .limit(1);
    const [project] = await s.db
      .insert(finProjects)
      .values([
        { name: '交接测试项目', clientOrgId: client?.id, settleOrgId: company?.id, deptId: org, managerUserId: u, state: 'passed', phase: '002', versionNo: 1 },
        { name: '已结项的项目', clientOrgId: client?.id, settleOrgId: company?.id, deptId: org, managerUserId: u, state: 'passed', phase: '004', versionNo: 1 },
      ])
      .returning();
    projectId = project?.id as number;
    const bill = {
      billType: '001',
      settleMethod: '004',
      projectId,
      clientOrgId: client?.id as number,
      settleOrgId: company?.id as number,
      deptId: org,
      managerUserId: u,
      month: 202601,
      taxRateBp: 600,
    };
    const [open] = await s.db
      .insert(finBills)
      .values([bill, { ...bill, month: 202602, state: 'passed', invoiceStatus: '010', paymentStatus: '013' }])
      .returning();
    billId = open?.id as number;
    await s.db.insert(assets).values([
      {
        assetCode: 'ZCHANDOVER01',
        name: '交接测试笔记本',
        category: '001',
        kind: '001',
        location: '001',
        keeperUserId: u,
        purchaseDate: '2025-01-01',
        purchaseValue: 800000,
        usefulLifeMonths: 36,
      },
      {
        assetCode: 'ZCHANDOVER02',
        name: '已报废的显示器',
        category: '001',
        kind: '001',
        location: '001',
        status: '005',
        keeperUserId: u,
        purchaseDate: '2020-01-01',
        purchaseValue: 100000,
        usefulLifeMonths: 36,
      },
    ]);
    const order = await post<{ id: number }>('emp01', '/base_api/base/workOrder/add', { orderType: '001', title: '打印机卡纸', description: '三楼打印机卡纸' });
    orderId = order.data.id;
    const assigned = await post<{ processInstanceId: number }>('hr01', '/base_api/base/workOrder/assign', { id: orderId, handlerUserId: u });
    expect(assigned.code, assigned.message).toBe('200');
    orderInstance = assigned.data.processInstanceId;
  });

  it('lists the open records by group (closed ones stay with their history); the work order keeps its task out of 待办审批', async () => {
    const h = await hand<Holdings>('hr01', 'getHoldings', { userId: ids.get(leaver) });
    expect(h.code, h.message).toBe('200');
    const group = (k: string) => h.data.groups.find((g) => g.key === k);
    const plus = (k: string, n: number) => (held[k] ?? 0) + n;
    expect(Object.fromEntries(h.data.groups.map((g) => [g.key, g.count]))).toMatchObject({
      recruitDemands: plus('recruitDemands', 1),
      candidates: plus('candidates', 1),
      interviews: plus('interviews', 1),
      projects: plus('projects', 1),
      bills: plus('bills', 1),
      keptAssets: plus('keptAssets', 1),
      workOrders: plus('workOrders', 1),
    });
    // The order's handling task is the leaver's, yet counted once: with the order.
    expect(group('approvalTasks')?.count ?? 0).toBe(looseTasks);
    expect(group('candidates')?.items.find((i) => i.id === String(candidateId))).toMatchObject({ title: '交接候选人', detail: '交接测试需求 · 面试中' });
    expect(group('projects')?.items.find((i) => i.id === String(projectId))?.detail).toContain('执行中');
    expect(group('bills')?.items.find((i) => i.id === String(billId))?.title).toContain('交接测试项目');
    expect(group('workOrders')?.items.find((i) => i.id === String(orderId))?.title).toBe('打印机卡纸');
    const closed: Array<[string, string]> = [
      ['recruitDemands', '已完成的需求'],
      ['projects', '已结项的项目'],
      ['keptAssets', '已报废的显示器'],
    ];
    for (const [k, title] of closed) expect(group(k)?.items.some((i) => i.title === title)).toBe(false);
  });

  it('the departure cannot finish while they are held; the handover moves every one in one go; then it finishes', async () => {
    const started = await post<{ processInstanceId: number }>('hr01', '/hr_api/hrm/api/instance/startQuitInstance', {
      employeeId,
      quitType: '002',
      reason: '协商解除',
      lastWorkDate: addDays(-1),
    });
    expect(started.code, started.message).toBe('200');
    quitInstance = started.data.processInstanceId;
    const check = await post<{ holdings: Array<{ kind: string; count: number }> }>('hr01', '/hr_api/hrm/api/quit/checkQuitScaler', { employeeId });
    expect(check.data.holdings.map((x) => x.kind)).toEqual(expect.arrayContaining(['candidates', 'projects', 'bills', 'workOrders']));
    expect((await passQuitStep()).code).toBe('200');
    expect((await passQuitStep()).code).toBe('200');
    const refused = await passQuitStep();
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^该员工仍有未交接的事项：/);
    for (const part of ['跟进的候选人1项', '负责的项目1项', '负责的结算单1项', '处理中的工单1项']) expect(refused.message).toContain(part);
    const [still] = await s.db.select().from(employees).where(eq(employees.id, employeeId));
    expect(still?.status).toBe('003');

    const u = ids.get(leaver) as number;
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.topic, 'notify'));
    const listed = await hand<Holdings>('hr01', 'getHoldings', { userId: u });
    const r = await hand<HandoverResult>('hr01', 'confirm', {
      userId: u,
      remark: '协商离职',
      assignments: [
        { group: 'candidates', toUserId: ids.get('user07'), itemIds: [String(candidateId)] },
        ...listed.data.groups.map((g) => ({ group: g.key, toUserId: ids.get('user06') })),
      ],
    });
    expect(r.code, r.message).toBe('200');
    expect(r.data).toMatchObject({ total: listed.data.total, remaining: 0 });
    expect(r.data.moved.find((m) => m.group === 'candidates' && m.toUserId === ids.get('user07'))?.count).toBe(1);
    // Each record moved, and only the open ones.
    const [cand] = await s.db.select().from(recruitCandidates).where(eq(recruitCandidates.id, candidateId));
    expect(cand?.recruiterUserId).toBe(ids.get('user07'));
    const [offer] = await s.db.select().from(recruitOffers).where(eq(recruitOffers.id, offerId));
    expect(offer?.recruiterUserId).toBe(ids.get('user07'));
    const closed = await s.db
      .select()
      .from(recruitCandidates)
      .where(and(eq(recruitCandidates.recruiterUserId, u), eq(recruitCandidates.stage, '090')));
    expect(closed).toHaveLength(1);
    const [project] = await s.db.select().from(finProjects).where(eq(finProjects.id, projectId));
    expect(project?.managerUserId).toBe(ids.get('user06'));
    const [bill] = await s.db.select().from(finBills).where(eq(finBills.id, billId));
    expect(bill?.managerUserId).toBe(ids.get('user06'));
    const [kept] = await s.db.select().from(assets).where(eq(assets.assetCode, 'ZCHANDOVER01'));
    expect(kept?.keeperUserId).toBe(ids.get('user06'));
    const [order] = await s.db.select().from(workOrders).where(eq(workOrders.id, orderId));
    expect(order?.handlerUserId).toBe(ids.get('user06'));
    expect((await openTask(orderInstance))?.assigneeUserId).toBe(ids.get('user06'));
    // Audited per item; one message per successor.
    const audited = await s.db.select({ recordId: auditLog.recordId }).from(auditLog).where(eq(auditLog.call, 'POST /hr_api/hrm/handover/confirm'));
    const recordIds = audited.map((a) => a.recordId);
    for (const id of [`candidates:${candidateId}`, `projects:${projectId}`, `bills:${billId}`, `workOrders:${orderId}`]) expect(recordIds).toContain(id);
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.topic, 'notify'));
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(2);
    const [message] = await s.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, 'notify'), sql`${outbox.payload}->'receiverUserIds' @> ${JSON.stringify([ids.get('user06')])}::jsonb`))
      .orderBy(sql`${outbox.id} DESC`)
      .limit(1);
    expect(JSON.stringify(message?.payload)).toContain('负责的项目 1 项：交接测试项目');
    // The successor handles the order (the order and its task went together).
    expect((await post('user06', '/base_api/base/workOrder/start', { id: orderId })).code).toBe('200');
    expect((await post('user06', '/base_api/base/workOrder/resolve', { id: orderId, resolution: '已清理卡纸' })).code).toBe('200');

    // Nothing is held any more: the hand-over step passes and the departure finishes.
    expect((await passQuitStep()).code).toBe('200');
    const [gone] = await s.db.select().from(employees).where(eq(employees.id, employeeId));
    expect(gone?.status).toBe('005');
  });
});

describe('proxy approval (代理)', () => {
  const boss = 'user10';
  const deputy = 'user11';
  let open: number;
  let delegation: Delegation;

  it('refuses bad ranges and deputies', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await dlg(boss, 'add', { deputyUserId: ids.get(deputy), startDate: today, endDate: addDays(2), ...body });
      expect(r.status, JSON.stringify(r)).toBeGreaterThanOrEqual(400);
      expect(r.message).toContain(text);
    };
    await bad({ deputyUserId: ids.get(boss) }, '代理人不能是本人');
    await bad({ endDate: addDays(-1) }, '结束日期不能早于开始日期');
    await bad({ startDate: addDays(-5), endDate: addDays(-1) }, '结束日期不能早于今天');
    await bad({ endDate: addDays(400) }, '代理期限最长一年');
    await bad({ deputyUserId: ids.get('user30') }, '代理人不存在或已停用');
    await bad({ startDate: '2026-02-30' }, 'startDate');
  });

  it('moves open tasks to the deputy for the range, and new ones too; history says 代理', async () => {
    open = await startFor(boss, 'user20', 'user12');
    const added = await dlg<Delegation>(boss, 'add', { deputyUserId: ids.get(deputy), startDate: today, endDate: addDays(2), reason: '出差' });
    expect(added.code, added.message).toBe('200');
    delegation = added.data;
    expect(delegation).toMatchObject({ status: 'active', heldTasks: 1, deputyCode: deputy });
    expect((await dlg(boss, 'add', { deputyUserId: ids.get('user12'), startDate: addDays(1), endDate: addDays(3) })).message).toBe('该时间段已有代理设置');
    expect((await dlg('user12', 'add', { deputyUserId: ids.get(boss), startDate: today, endDate: today })).message).toBe('代理人在该时间段内也设置了代理');
    const fresh = await startFor(boss, 'user20', 'user12');
    const t = await openTask(fresh);
    expect(t).toMatchObject({ assigneeUserId: ids.get(deputy), proxyForUserId: ids.get(boss) });
    const moved = await openTask(open);
    expect(moved?.assigneeUserId).toBe(ids.get(deputy));
    expect((await bpm(boss, 'task/pass', { taskId: moved?.id })).status).toBe(403);
    expect((await bpm(deputy, 'task/pass', { taskId: moved?.id, message: '同意' })).code).toBe('200');
    const flow = await bpm<{ steps: ApprovalStep[] }>(deputy, 'common/getFlowData', { instanceId: open });
    const [bossUser] = await s.db.select({ name: users.realName }).from(users).where(eq(users.userCode, boss));
    expect(flow.data.steps.some((x) => x.approvalUserName.includes(`（代理 ${bossUser?.name}）`) && x.approvalFlag === 1)).toBe(true);
    const [ev] = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.instanceId, open), eq(wfEvents.action, 'pass')));
    expect(ev?.proxyForUserId).toBe(ids.get(boss));
    const mine = await dlg<Delegation[]>(deputy, 'list');
    expect(mine.data.map((d) => d.id)).toContain(delegation.id);
  });

  it('gives the open tasks back when cancelled or when the range is over, exactly once under a race', async () => {
    const a = await startFor(boss, 'user20', 'user12');
    expect((await openTask(a))?.assigneeUserId).toBe(ids.get(deputy));
    expect((await dlg('user12', 'cancel', { id: delegation.id })).status).toBe(403);
    // The deputy passes while the boss cancels: the task closes once, by whoever was first.
    const task = await openTask(a);
    const [passed, cancelled] = await Promise.all([
      bpm(deputy, 'task/pass', { taskId: task?.id }),
      dlg<{ returned: number }>(boss, 'cancel', { id: delegation.id }),
    ]);
    expect(cancelled.code, cancelled.message).toBe('200');
    const closes = await s.db
      .select()
      .from(wfEvents)
      .where(and(eq(wfEvents.taskId, task?.id as number), eq(wfEvents.action, 'pass')));
    expect(closes.length).toBe(passed.code === '200' ? 1 : 0);
    const now = await s.db
      .select()
      .from(wfTasks)
      .where(eq(wfTasks.id, task?.id as number));
    if (passed.code !== '200') expect(now[0]).toMatchObject({ status: 'pending', assigneeUserId: ids.get(boss), delegationId: null });
    const rest = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.delegationId, delegation.id), inArray(wfTasks.status, ['pending', 'waiting'])));
    expect(rest).toHaveLength(0);
    // A range that has ended: the sweep gives the tasks back.
    const again = await dlg<Delegation>(boss, 'add', { deputyUserId: ids.get(deputy), startDate: today, endDate: today });
    expect(again.code, again.message).toBe('200');
    const b = await startFor(boss, 'user20', 'user12');
    expect((await openTask(b))?.assigneeUserId).toBe(ids.get(deputy));
    await s.db
      .update(wfDelegations)
      .set({ startDate: addDays(-3), endDate: addDays(-1) })
      .where(eq(wfDelegations.id, again.data.id));
    const swept = await syncDelegations(s.db);
    expect(swept.returned).toBeGreaterThanOrEqual(1);
    expect((await openTask(b))?.assigneeUserId).toBe(ids.get(boss));
    expect((await syncDelegations(s.db)).returned).toBe(0);
    const list = await dlg<Delegation[]>(boss, 'list');
    expect(list.data.find((d) => d.id === again.data.id)?.status).toBe('ended');
    expect(list.data.find((d) => d.id === delegation.id)?.status).toBe('cancelled');
  });
});
