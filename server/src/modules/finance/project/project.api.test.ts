import {
  type BudgetUploadResult,
  type ChangeComparison,
  type ChangeRecord,
  formatFen,
  type HistoryEntry,
  type Page,
  type PeriodTable,
  type ProjectDetail,
  type ProjectRecord,
} from '@erp/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { orgUnits, users, wfTasks } from '../../../db/schema';
import { registerClosureCheck } from './closure-checks';

let s: TestServer;
let fin: string;
let mgr: string;
let emp: string;
let hr: string;
beforeAll(async () => {
  s = await startTestServer();
  [fin, mgr, emp, hr] = await Promise.all([s.login('fin01'), s.login('mgr01'), s.login('emp01'), s.login('hr01')]);
});
afterAll(() => s.close());

const P = (n: string) => `/finance_api/finance/project/${n}`;
const C = (n: string) => `/finance_api/finance/change/${n}`;
const B = (n: string) => `/finance_api/finance/borrow/${n}`;
const N = (n: string) => `/finance_api/finance/newBudget/${n}`;
const D = (n: string) => `/finance_api/finance/deptBudget/${n}`;

const orgId = async (code: string) => (await s.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, code)))[0]?.id as number;
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;
const subjectId = async (code: string) =>
  Number(((await s.db.execute(sql`SELECT id FROM fin_budget_subjects WHERE code = ${code}`)) as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);

const sumOf = (lines: unknown) => (lines as Array<{ amount: number }>).reduce((sum, l) => sum + l.amount, 0);

/** The pending task of an instance and who holds it. */
async function pendingTask(instanceId: number) {
  const [t] = await s.db
    .select({ id: wfTasks.id, assignee: wfTasks.assigneeUserId, candidates: wfTasks.candidateUserIds })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
  return t;
}

async function xlsx(rows: Array<Array<string | number>>): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('项目预算');
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}
async function upload(file: Blob, fields: Record<string, string>, token = fin) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, 'budget.xlsx');
  return s.raw(P('uploadBudgetsInfo'), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

/** A valid new project in 信息技术部 (mgr01 leads it): 2026-01 … 2026-12. */
async function newProject(overrides: Record<string, unknown> = {}) {
  const [in01, out01, exp01] = await Promise.all([subjectId('IN01'), subjectId('OUT01'), subjectId('EXP01')]);
  const budget = [];
  for (let m = 1; m <= 12; m++) {
    budget.push({ subjectId: in01, month: 202600 + m, amount: 100_000_00 + m });
    budget.push({ subjectId: out01, month: 202600 + m, amount: 60_000_00 });
    budget.push({ subjectId: exp01, month: 202600 + m, amount: 5_000_00 + m * 3 });
  }
  return {
    name: '测试驻场项目',
    projectType: '001',
    clientOrgId: await orgId('C900'),
    settleOrgId: await orgId('C001'),
    deptId: await orgId('D004'),
    managerUserId: await userId('mgr01'),
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    contractAmount: 1_200_000_00,
    stages: [
      { name: '上半年', startDate: '2026-01-01', endDate: '2026-06-30', amount: 600_000_00 },
      { name: '下半年', startDate: '2026-07-01', endDate: '2026-12-31', amount: 600_000_00 },
    ],
    people: [
      { userId: await userId('mgr01'), role: '001' },
      { userId: await userId('emp01'), role: '004', joinDate: '2026-01-01' },
    ],
    budget,
    ...overrides,
  };
}

/** Passes every task of an instance with whoever holds it, until it ends. */
async function approveAll(instanceId: number, passPath: string) {
  const tokens = new Map<number, string>([
    [await userId('mgr01'), mgr],
    [await userId('fin01'), fin],
    [await userId('admin'), await s.login('admin')],
  ]);
  for (let step = 0; step < 5; step++) {
    const t = await pendingTask(instanceId);
    if (!t) return;
    const holder = t.assignee ?? t.candidates[0];
    const token = tokens.get(holder as number);
    if (!token) throw new Error(`no token for task holder ${holder}`);
    const res = await s.post(passPath, { taskId: t.id, message: '同意' }, token);
    expect(res.code, res.message).toBe('200');
  }
}

describe('demo data', () => {
  it('shows 30 projects across 8 clients, two closed, three in approval, changes and subjects', async () => {
    const page = await s.post<Page<ProjectRecord>>(P('selectProjectList'), { pageSize: 100 }, fin);
    expect(page.code).toBe('200');
    expect(page.data.total).toBe(30);
    expect(new Set(page.data.records.map((r) => r.clientOrgId)).size).toBe(8);
    expect(page.data.records.filter((r) => r.phase === '004')).toHaveLength(2);
    expect(page.data.records.filter((r) => r.state === 'approving')).toHaveLength(3);
    const changes = await s.post<Page<ChangeRecord>>(C('getProjectChangePage'), { pageSize: 50 }, fin);
    expect(changes.data.records.filter((c) => c.state === 'passed').length).toBeGreaterThanOrEqual(6);
    expect(changes.data.records.filter((c) => c.state === 'approving')).toHaveLength(1);
    const types = await s.post<Array<{ code: string; subjects: unknown[] }>>('/finance_api/finance/budgetExpenseRel/getBudgetTypeList', {}, emp);
    expect(types.data.map((t) => t.subjects.length)).toEqual([6, 12, 12]);
  });

  it('keeps a manager to his departments and refuses people without the permission', async () => {
    const page = await s.post<Page<ProjectRecord>>(P('selectProjectList'), { pageSize: 100 }, mgr);
    expect(page.data.total).toBeGreaterThan(0);
    expect(page.data.total).toBeLessThan(30);
    const other = (await s.post<Page<ProjectRecord>>(P('selectProjectList'), { pageSize: 100 }, fin)).data.records.find(
      (r) => !page.data.records.some((m) => m.id === r.id) && r.state === 'passed',
    );
    expect((await s.post(P('getProjectStageInfo'), { projectId: other?.id }, mgr)).status).toBe(404);
    expect((await s.post(P('selectProjectList'), {}, emp)).status).toBe(403);
    expect((await s.post(N('getSummary'), { year: 2026 }, mgr)).status).toBe(403);
    expect((await s.post(P('selectProjectList'), {})).status).toBe(401);
  });
});

describe('a project from draft to approval', () => {
  let id: number;
  it('refuses bad forms with the rule broken', async () => {
    const bad = async (patch: Record<string, unknown>) => s.post(P('addProjectInfo'), await newProject(patch), fin);
    expect((await bad({ endDate: '2025-12-31' })).message).toBe('结束日期不能早于开始日期');
    // A planned period near today (issue 34 §2): a mistyped year is refused.
    expect((await bad({ startDate: '2205-01-01', endDate: '2205-12-31', stages: [] })).message).toMatch(/^项目开始日期须在\d{4}年至\d{4}年之间$/);
    expect((await bad({ clientOrgId: await orgId('D004') })).message).toBe('甲方必须是客户单位');
    expect((await bad({ contractAmount: 1.5 })).status).toBe(400);
    expect((await bad({ contractAmount: -1 })).status).toBe(400);
    expect((await bad({ name: '' })).message).toContain('请输入项目名称');
    expect((await bad({ stages: [{ name: '超期', startDate: '2025-12-01', endDate: '2026-01-31', amount: 0 }] })).message).toContain(
      '阶段日期必须在项目周期内',
    );
    expect((await bad({ contractAmount: 100 })).message).toBe('各阶段金额合计不能超过合同金额');
    expect((await bad({ budget: [{ subjectId: await subjectId('IN01'), month: 202701, amount: 1 }] })).message).toContain('月份不在项目周期内');
    const mgrId = await userId('mgr01');
    expect(
      (
        await bad({
          people: [
            { userId: mgrId, role: '001' },
            { userId: mgrId, role: '002' },
          ],
        })
      ).message,
    ).toBe('项目成员重复');
    expect((await s.post(P('addProjectInfo'), 'not an object', fin)).status).toBe(400);
    expect((await s.post(P('addProjectInfo'), { ...(await newProject()), deptId: 'x' }, fin)).status).toBe(400);
  });

  it('temporarily saves a draft with only a name, then refuses to submit it incomplete', async () => {
    const draft = await s.post<ProjectDetail>(P('tempSaveProject'), { name: '暂存的项目' }, fin);
    expect(draft.code).toBe('200');
    expect(draft.data).toMatchObject({ state: 'draft', phase: '001', projectNo: null });
    const submit = await s.post(P('saveProjectInfo'), { ...(await newProject()), id: draft.data.id, startDate: undefined }, fin);
    expect(submit.status).toBe(400);
    expect((await s.post(P('deleteProject'), { id: draft.data.id }, fin)).code).toBe('200');
    expect((await s.post(P('getProjectInfo'), { id: draft.data.id }, fin)).status).toBe(404);
  });

  it('saves, submits (number given), and both approvals make version 1 in force', async () => {
    const saved = await s.post<ProjectDetail>(P('addProjectInfo'), await newProject(), fin);
    expect(saved.code, saved.message).toBe('200');
    id = saved.data.id;
    expect(saved.data.budget).toHaveLength(36);
    expect(saved.data.stages).toHaveLength(2);
    const submitted = await s.post<ProjectDetail>(P('saveProjectInfo'), { ...(await newProject()), id }, fin);
    expect(submitted.code, submitted.message).toBe('200');
    expect(submitted.data.state).toBe('approving');
    expect(submitted.data.projectNo).toMatch(/^XM\d{12}$/);
    // An approving project cannot be edited or deleted; a double submit is refused.
    expect((await s.post(P('updateProjectInfo'), { ...(await newProject()), id }, fin)).status).toBe(409);
    expect((await s.post(P('deleteProject'), { id }, fin)).status).toBe(409);
    expect((await s.post(P('saveProjectInfo'), { ...(await newProject()), id }, fin)).status).toBe(409);
    // The department leader's task is not finance's; a change task path refuses a project task.
    const first = await pendingTask(submitted.data.processInstanceId as number);
    expect((await s.post(P('projectApprovalPass'), { taskId: first?.id }, fin)).status).toBe(403);
    expect((await s.post(B('projectChangePass'), { taskId: first?.id }, mgr)).status).toBe(400);
    expect((await s.post(P('projectApprovalReject'), { taskId: first?.id, message: '' }, mgr)).status).toBe(400);
    await approveAll(submitted.data.processInstanceId as number, P('projectApprovalPass'));
    const approved = await s.post<ProjectDetail>(P('getProjectInfo'), { id }, mgr);
    expect(approved.data).toMatchObject({ state: 'passed', phase: '002', versionNo: 1, budgetVersionNo: 1 });
    expect(approved.data.versions).toEqual([expect.objectContaining({ versionNo: 1, effectiveMonth: 202601 })]);
  });

  it('reconciles to the fen: quarter = its months, year = quarters, department = its projects', async () => {
    const months = await s.post<PeriodTable>(P('getMonthBudgetStatistics'), { projectId: id, year: 2026 }, fin);
    const quarters = await s.post<PeriodTable>(P('getQuarterBudgetStatistics'), { projectId: id, year: 2026 }, fin);
    const income = months.data.rows.find((r) => r.key === '001');
    // 12 × 100,000.00 yuan + 1…12 fen.
    expect(income?.budgetTotal).toBe(12 * 100_000_00 + 78);
    for (const row of quarters.data.rows) {
      const m = months.data.rows.find((r) => r.key === row.key)?.budget ?? [];
      expect(row.budget).toEqual([0, 1, 2, 3].map((q) => (m[q * 3] ?? 0) + (m[q * 3 + 1] ?? 0) + (m[q * 3 + 2] ?? 0)));
      expect(row.budgetTotal).toBe(m.reduce((a, b) => a + b, 0));
    }
    const q3 = await s.post<PeriodTable>(P('getQuarterInDetail'), { projectId: id, year: 2026, quarter: 3 }, fin);
    expect(q3.data.rows.find((r) => r.name === '派遣服务费收入')?.budget).toEqual([100_000_07, 100_000_08, 100_000_09]);
    const profit = quarters.data.rows.find((r) => r.key === 'profit');
    expect(profit?.budgetTotal).toBe(12 * 100_000_00 + 78 - 12 * 60_000_00 - (12 * 5_000_00 + 3 * 78));
    const summary = await s.post<{ budgetIncome: number }>(P('getSummaryStatistics'), { projectId: id }, fin);
    expect(summary.data.budgetIncome).toBe(income?.budgetTotal);

    // Department = the sum of its projects, read straight from the approved versions.
    const dept = await orgId('D004');
    const raw = (await s.db.execute(
      sql`SELECT f.budget_type, sum(f.amount)::bigint AS amount FROM fin_budget_in_force f JOIN fin_projects p ON p.id = f.project_id
          WHERE p.dept_id = ${dept} AND f.month BETWEEN 202601 AND 202612 GROUP BY 1`,
    )) as unknown as { rows: Array<{ budget_type: string; amount: string }> };
    const rows = await s.post<Array<{ deptId: number; projectIncome: number; projectOutcome: number; projectExpense: number }>>(
      D('getDeptBudgetList'),
      { year: 2026 },
      fin,
    );
    const d = rows.data.find((r) => r.deptId === dept);
    expect(d?.projectIncome).toBe(Number(raw.rows.find((r) => r.budget_type === '001')?.amount));
    expect(d?.projectOutcome).toBe(Number(raw.rows.find((r) => r.budget_type === '002')?.amount));
    const summaries = await s.post<Page<{ deptId: number; budgetIncome: number }>>(N('getSummaryStatistics'), { year: 2026, pageSize: 200 }, fin);
    expect(summaries.code, summaries.message).toBe('200');
    expect(summaries.data.total).toBe(summaries.data.records.length);
    expect(summaries.data.records.find((r) => r.deptId === dept)?.budgetIncome).toBe(d?.projectIncome);
    const all = await s.post<{ budgetIncome: number }>(N('getSummary'), { year: 2026 }, fin);
    expect(all.data.budgetIncome).toBe(summaries.data.records.reduce((t, r) => t + r.budgetIncome, 0));
    // Page by page, the same departments in the same order.
    const first = await s.post<Page<{ deptId: number }>>(N('getSummaryStatistics'), { year: 2026, pageSize: 2 }, fin);
    const second = await s.post<Page<{ deptId: number }>>(N('getSummaryStatistics'), { year: 2026, pageSize: 2, pageIndex: 2 }, fin);
    expect([...first.data.records, ...second.data.records].map((r) => r.deptId)).toEqual(summaries.data.records.slice(0, 4).map((r) => r.deptId));
    expect(second.data.total).toBe(summaries.data.total);
    const detail = await s.post<Array<{ project: number[]; own: number[]; total: number }>>(D('getDeptBudgetDetailList'), { year: 2026, deptId: dept }, fin);
    expect(detail.data.reduce((t, r) => t + r.total, 0)).toBe(raw.rows.reduce((t, r) => t + Number(r.amount), 0));
  });

  it('changes an approved project as a new version: old months keep the old budget', async () => {
    const current = (await s.post<ProjectDetail>(C('getProjectInfo'), { projectId: id }, mgr)).data;
    const in01 = await subjectId('IN01');
    const after = {
      name: current.name,
      projectType: '001',
      managerUserId: current.managerUserId,
      endDate: '2026-12-31',
      contractAmount: 1_300_000_00,
      remark: '追加人员',
      stages: current.stages.map((st) => ({ name: st.name, startDate: st.startDate, endDate: st.endDate, amount: st.amount })),
      people: current.people.map((p) => ({ userId: p.userId, role: p.role, joinDate: p.joinDate, leaveDate: p.leaveDate })),
      budget: current.budget.map((l) => (l.subjectId === in01 && l.month >= 202607 ? { ...l, amount: l.amount + 10_000_00 } : l)),
    };
    const same = await s.post(
      C('saveProjectChange'),
      {
        projectId: id,
        reason: '无变化',
        effectiveMonth: 202607,
        after: { ...after, contractAmount: current.contractAmount, remark: null, budget: current.budget },
      },
      mgr,
    );
    expect(same.message).toBe('变更内容与当前项目一致，无需变更');
    expect((await s.post(C('saveProjectChange'), { projectId: id, reason: 'x', effectiveMonth: 202701, after }, mgr)).message).toBe('生效月份必须在项目周期内');
    const saved = await s.post<ChangeRecord>(C('saveProjectChange'), { projectId: id, reason: '客户追加需求', effectiveMonth: 202607, after }, mgr);
    expect(saved.code, saved.message).toBe('200');
    expect((await s.post(C('saveProjectChange'), { projectId: id, reason: '第二个', effectiveMonth: 202607, after }, mgr)).message).toBe(
      '该项目有进行中的变更，请先完成或撤回',
    );
    expect((await s.post<{ canApply: boolean }>(P('checkFinishedApply'), { projectId: id }, fin)).data.canApply).toBe(false);
    const submitted = await s.post<ChangeRecord>(C('submit'), { id: saved.data.id }, mgr);
    expect(submitted.data.changeNo).toMatch(/^XMBG\d{12}$/);
    const cmp = await s.post<ChangeComparison>(C('getBeforeAndAfterChangeInfo'), { instanceId: submitted.data.processInstanceId }, fin);
    expect(cmp.data.fields.filter((f) => f.changed).map((f) => f.field)).toEqual(['contractAmount', 'remark']);
    expect(cmp.data.fields.find((f) => f.field === 'contractAmount')).toMatchObject({ before: '1,200,000.00', after: '1,300,000.00' });
    expect(cmp.data.budget.diffs).toHaveLength(6);
    expect(cmp.data.budget.afterTotal - cmp.data.budget.beforeTotal).toBe(6 * 10_000_00);
    // Before the final pass the statistics still read version 1.
    const t = await pendingTask(submitted.data.processInstanceId as number);
    expect((await s.post(B('projectChaangeReject'), { taskId: t?.id, message: '' }, mgr)).status).toBe(400);
    await approveAll(submitted.data.processInstanceId as number, B('projectChangePass'));
    const v2 = await s.post<ProjectDetail>(P('getProjectInfo'), { id }, fin);
    expect(v2.data).toMatchObject({ versionNo: 2, contractAmount: 1_300_000_00, remark: '追加人员' });
    const v1 = await s.post<ProjectDetail>(P('getProjectInfo'), { id, versionNo: 1 }, fin);
    expect(v1.data).toMatchObject({ contractAmount: 1_200_000_00, budgetVersionNo: 1 });
    const months = await s.post<PeriodTable>(P('getMonthBudgetStatistics'), { projectId: id, year: 2026 }, fin);
    const income = months.data.rows.find((r) => r.key === '001')?.budget ?? [];
    expect(income[5]).toBe(100_000_06);
    expect(income[6]).toBe(110_000_07);
  });

  it('refuses closure while a registered check (e.g. unsettled bills) says so, then closes through the engine', async () => {
    registerClosureCheck({ key: 'testBills', check: async (_db, projectId) => (projectId === id ? '存在未结算的账单' : null) });
    const check = await s.post<{ canApply: boolean; reasons: Array<{ check: string; message: string }> }>(P('checkFinishedApply'), { projectId: id }, fin);
    expect(check.data).toEqual({ canApply: false, reasons: [{ check: 'testBills', message: '存在未结算的账单' }] });
    const refused = await s.post(P('submitFinishedApply'), { projectId: id, finishDate: '2026-12-31', summary: '完成' }, fin);
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('存在未结算的账单');
    registerClosureCheck({ key: 'testBills', check: async () => null });
    const closure = await s.post<{ id: number; processInstanceId: number }>(
      P('submitFinishedApply'),
      { projectId: id, finishDate: '2026-12-31', summary: '完成交付' },
      fin,
    );
    expect(closure.code, closure.message).toBe('200');
    expect((await s.post(P('submitFinishedApply'), { projectId: id, finishDate: '2026-12-31', summary: '再来' }, fin)).status).toBe(409);
    await approveAll(closure.data.processInstanceId, B('projectFinishedPass'));
    const closed = await s.post<{ project: ProjectDetail }>(C('getProjectInfoByFinishedId'), { id: closure.data.id }, fin);
    expect(closed.data.project.phase).toBe('004');
    expect((await s.post(P('saveProjectPerson'), { projectId: id, people: [] }, fin)).message).toBe('项目已结项');
  });
});

describe('budget upload', () => {
  const head = ['*预算科目', '*月份', '*金额（元）'];
  it('lists every bad row and writes nothing; a clean file confirmed replaces the draft budget', async () => {
    const draft = await s.post<ProjectDetail>(P('addProjectInfo'), await newProject({ name: '上传预算项目', budget: [] }), fin);
    const projectId = String(draft.data.id);
    const mixed = await xlsx([
      head,
      ['IN01', '2026-01', '1000.50'],
      ['NOPE', '2026-02', '10'],
      ['IN01', '2027-03', '10'],
      ['OUT01', '2026-04', '-5'],
      ['OUT01', '2026-05', 'abc'],
    ]);
    const checked = await upload(mixed, { projectId, confirm: 'true' });
    const result = checked.data as BudgetUploadResult;
    expect(result).toMatchObject({ total: 5, valid: 1, written: 0, confirmed: false, lines: [] });
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'subject'],
      [4, 'month'],
      [5, 'amount'],
      [6, 'amount'],
    ]);
    expect(result.errors[0]?.message).toBe('预算科目不存在或已停用：NOPE');
    expect((await s.post<ProjectDetail>(P('getProjectInfo'), { id: draft.data.id }, fin)).data.budget).toHaveLength(0);
    const clean = await xlsx([head, ['IN01', '2026-01', '1000.50'], ['派遣人员工资', '202602', '2,000']]);
    const check = (await upload(clean, { projectId })).data as BudgetUploadResult;
    expect(check).toMatchObject({ valid: 2, written: 0, confirmed: false });
    expect(check.lines.map((l) => l.amount)).toEqual([1000_50, 2000_00]);
    const written = (await upload(clean, { projectId, confirm: 'true' })).data as BudgetUploadResult;
    expect(written).toMatchObject({ written: 2, confirmed: true });
    expect((await s.post<ProjectDetail>(P('getProjectInfo'), { id: draft.data.id }, fin)).data.budget.map((l) => l.amount)).toEqual([1000_50, 2000_00]);
    // Without a project: checked against the form's period, nothing stored.
    const formCheck = (await upload(clean, { startDate: '2026-01-01', endDate: '2026-01-31' })).data as BudgetUploadResult;
    expect(formCheck.errors.map((e) => e.message)).toEqual(['月份不在项目周期内：202602']);
    expect((await upload(clean, { projectId }, emp)).status).toBe(403);
    const template = await s.raw(P('downloadFile'), {
      method: 'POST',
      headers: { authorization: `Bearer ${fin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: draft.data.id }),
    });
    expect(template.status).toBe(200);
  });
});

describe('subprojects, copies, teams and the rest', () => {
  it('creates, submits and approves a subproject under a running project; copies a project', async () => {
    const parent = (await s.post<Page<ProjectRecord>>(P('selectProjectList'), { phase: '002', deptId: await orgId('D004'), pageSize: 5 }, fin)).data
      .records[0] as ProjectRecord;
    const sub = await s.post<ProjectDetail>(
      P('saveSubproject'),
      {
        parentId: parent.id,
        name: '子项目一',
        projectType: '001',
        deptId: parent.deptId,
        managerUserId: parent.managerUserId,
        startDate: parent.startDate,
        endDate: parent.startDate,
        contractAmount: 0,
      },
      fin,
    );
    expect(sub.code, sub.message).toBe('200');
    expect(sub.data).toMatchObject({ parentId: parent.id, clientOrgId: parent.clientOrgId });
    expect((await s.post(P('deleteProject'), { id: sub.data.id }, fin)).message).toBe('子项目请在子项目页面操作');
    const submitted = await s.post<ProjectDetail>(P('submitSubproject'), { id: sub.data.id }, fin);
    expect(submitted.data.projectNo).toMatch(/^ZXM/);
    await approveAll(submitted.data.processInstanceId as number, B('subprojectPass'));
    const list = await s.post<Page<ProjectRecord>>(P('getSubprojectList'), { parentId: parent.id }, fin);
    expect(list.data.records.map((r) => r.phase)).toEqual(['002']);
    expect((await s.post<ProjectRecord>(P('getParProjectInfoByProjectId'), { projectId: sub.data.id }, fin)).data.id).toBe(parent.id);
    const check = await s.post<{ reasons: Array<{ check: string }> }>(P('checkFinishedApply'), { projectId: parent.id }, fin);
    expect(check.data.reasons.map((r) => r.check)).toContain('subproject');
    const copy = await s.post<ProjectDetail>(P('copyProject'), { id: parent.id }, fin);
    expect(copy.data).toMatchObject({ name: `${parent.name}（复制）`, state: 'draft', versionNo: 0 });
    expect(copy.data.budget.length).toBeGreaterThan(0);
  });

  it('keeps teams and stages, and exports xlsx', async () => {
    const draft = await s.post<ProjectDetail>(
      P('tempSaveProject'),
      { name: '阶段测试', startDate: '2026-01-01', endDate: '2026-06-30', contractAmount: 100 },
      fin,
    );
    const pid = draft.data.id;
    expect((await s.post(P('tempSaveProjectStageInfo'), { projectId: pid, stages: [{ name: '一期', amount: 50 }] }, fin)).code).toBe('200');
    expect((await s.post(P('saveProjectStageInfo'), { projectId: pid, stages: [{ name: '一期', amount: 50 }] }, fin)).status).toBe(400);
    expect(
      (await s.post(P('saveProjectStageInfo'), { projectId: pid, stages: [{ name: '一期', startDate: '2026-01-01', endDate: '2026-03-31', amount: 50 }] }, fin))
        .code,
    ).toBe('200');
    const people = await s.post<unknown[]>(P('saveProjectPerson'), { projectId: pid, people: [{ userId: await userId('emp01'), role: '002' }] }, fin);
    expect(people.data).toHaveLength(1);
    expect((await s.post<Page<unknown>>(P('selectPeopleList'), { projectId: pid }, fin)).data.total).toBe(1);
    expect((await s.post<unknown[]>(P('getPersonListByProjectId'), { projectId: pid }, fin)).data).toHaveLength(1);
    expect((await s.post<unknown[]>(P('getAllTeamMember'), {}, fin)).data.length).toBeGreaterThan(5);
    expect((await s.post<unknown[]>(P('getProjectList'), {}, emp)).data.length).toBeGreaterThan(0);
    for (const [path, body] of [
      [P('downloadPerson'), { projectId: pid }],
      [P('downloadBlankPerson'), {}],
      [P('downloadProjectStage'), { projectId: pid }],
      [N('exportSummary'), { year: 2026 }],
      [N('exportQuarterBudgetPageStatistics'), { year: 2026 }],
      [N('exportContractInCome'), { year: 2026 }],
      [D('downDeptBudgetModel'), { year: 2026, deptId: await orgId('D005') }],
    ] as const) {
      const res = await fetch(`${s.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    }
  });

  it('answers the budget centre pages and department lines', async () => {
    const q = await s.post<Page<{ income: number[]; totalIncome: number }>>(N('getQuarterBudgetPage'), { year: 2026, pageSize: 50 }, fin);
    expect(q.data.total).toBeGreaterThan(10);
    for (const r of q.data.records) expect(r.totalIncome).toBe(r.income.reduce((a, b) => a + b, 0));
    expect((await s.post<PeriodTable>(N('getIncomeSummaryStatistics'), { year: 2026 }, fin)).data.rows.length).toBeGreaterThan(3);
    expect((await s.post<Page<unknown>>(N('getContractInCome'), { year: 2026 }, fin)).data.total).toBeGreaterThan(0);
    expect((await s.post<PeriodTable>(N('getMonthBudgetDetail'), { year: 2026, month: 3 }, fin)).data.periods).toEqual(['3月']);
    expect((await s.post(N('getQuarterBudgetDetail'), { year: 2026, quarter: 5 }, fin)).status).toBe(400);
    const dept = await orgId('D005');
    const exp02 = await subjectId('EXP02');
    const updated = await s.post<Array<{ subjectId: number; own: number[] }>>(
      D('updateDeptBudgetDetail'),
      { year: 2026, deptId: dept, lines: [{ subjectId: exp02, month: 202603, amount: 12345 }] },
      fin,
    );
    expect(updated.data.find((r) => r.subjectId === exp02)?.own[2]).toBe(12345);
    expect((await s.post(D('updateDeptBudgetDetail'), { year: 2026, deptId: dept, lines: [{ subjectId: exp02, month: 202701, amount: 1 }] }, fin)).status).toBe(
      400,
    );
    const list = await s.post<Array<{ deptId: number; ownExpense: number }>>(D('getDeptBudgetList'), { year: 2026 }, fin);
    expect(list.data.find((r) => r.deptId === dept)?.ownExpense).toBe(12345);
    expect((await s.post(D('updateDeptBudgetDetail'), { year: 2026, deptId: dept, lines: [] }, hr)).status).toBe(403);
  });

  it('refuses cancellation-bill task commands until the bills area registers its document', async () => {
    expect((await s.post(B('CancellationBillPass'), { taskId: 999999 }, fin)).status).toBe(404);
    const anyTask = (await s.db.select({ id: wfTasks.id }).from(wfTasks).limit(1))[0];
    expect((await s.post(B('CancellationBillReject'), { taskId: anyTask?.id, message: '不同意' }, fin)).message).toBe('该任务不是核销单的任务');
    expect((await s.post(B('CancellationBillRollback'), { taskId: 'abc', message: 'x' }, fin)).status).toBe(400);
  });

  it("keeps a department's own budget lines in its 操作记录: set, changed and removed, by whom, to its readers only", async () => {
    const dept = await orgId('D004');
    const [exp01, exp02] = await Promise.all([subjectId('EXP01'), subjectId('EXP02')]);
    const save = (lines: Array<{ subjectId: number; month: number; amount: number }>) =>
      s.post(D('updateDeptBudgetDetail'), { year: 2026, deptId: dept, lines }, fin);
    const history = async () => (await s.post<HistoryEntry[]>('/base_api/base/api/history/list', { kind: 'dept_budget', id: dept }, fin)).data;
    const lines = [
      { subjectId: exp02, month: 202604, amount: 500_00 },
      { subjectId: exp01, month: 202605, amount: 800_00 },
    ];
    const first = await save(lines);
    expect(first.code, first.message).toBe('200');
    const before = (await history()).length;
    // The same lines again change nothing; one amount changed and one line removed are two entries.
    expect((await save(lines)).code).toBe('200');
    expect(await history()).toHaveLength(before);
    expect((await save([{ subjectId: exp02, month: 202604, amount: 650_00 }])).code).toBe('200');
    const entries = await history();
    expect(entries).toHaveLength(before + 2);
    const changed = entries.find((e) => e.type === 'changed');
    expect(changed).toMatchObject({ part: '部门预算 办公费 2026-04', userName: expect.any(String) });
    expect(changed?.changes).toEqual([{ field: 'amount', label: '金额', from: '500.00', to: '650.00' }]);
    expect(entries.find((e) => e.type === 'deleted')?.part).toBe('部门预算 差旅费 2026-05');
    expect(entries.find((e) => e.type === 'created' && e.part === '部门预算 办公费 2026-04')?.changes.map((c) => c.label)).toEqual([
      '预算科目',
      '月份',
      '金额',
    ]);
    // Who may not read the department's budget does not read its history either.
    expect((await s.post('/base_api/base/api/history/list', { kind: 'dept_budget', id: dept }, emp)).status).toBe(404);
  });

  it("shows in a project's 操作记录 how its draft budget's total moved", async () => {
    const saved = await s.post<ProjectDetail>(P('addProjectInfo'), await newProject({ name: '预算合计记录项目' }), fin);
    expect(saved.code, saved.message).toBe('200');
    const project = await newProject({ name: '预算合计记录项目' });
    const budget = (project.budget as Array<{ subjectId: number; month: number; amount: number }>).map((l) => ({ ...l, amount: l.amount + 100 }));
    expect((await s.post(P('tempSaveProject'), { ...project, id: saved.data.id, budget }, fin)).code).toBe('200');
    const entries = (await s.post<HistoryEntry[]>('/base_api/base/api/history/list', { kind: 'project', id: saved.data.id }, fin)).data;
    const moved = entries.find((e) => e.part?.startsWith('预算版本') && e.type === 'changed');
    expect(moved?.changes).toEqual([{ field: 'budget_total', label: '预算合计', from: formatFen(sumOf(project.budget)), to: formatFen(sumOf(budget)) }]);
    expect(entries.find((e) => e.part?.startsWith('预算版本') && e.type === 'created')?.changes).toContainEqual(
      expect.objectContaining({ label: '预算合计', to: formatFen(sumOf(project.budget)) }),
    );
  });
});
