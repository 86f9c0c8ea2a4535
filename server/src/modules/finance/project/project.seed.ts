import { PROJECT_PHASE } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import { orgUnits, wfDefinitions } from '../../../db/schema';
import { seededRandom } from '../../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../../db/seed/types';
import type { Db } from '../../../platform/db';
import { deploy } from '../../../workflow/engine';
import { changeDocument, FIN_PROCESS_XML, projectDocument } from './documents';
import { projectMenus } from './project.menus';
import {
  finBudgetLines,
  finBudgetSubjects,
  finProjectActuals,
  finProjectChanges,
  finProjectClosures,
  finProjectPeople,
  finProjectStages,
  finProjects,
  finProjectVersions,
  type ProjectSnapshot,
} from './project.schema';
import { budgetTotal, type LineValue, monthOf, monthsBetween, rebuildInForce, snapshotOf } from './project-versions';

/** The 30 budget subjects (预算科目): code, name, type (001 income · 002 outcome · 003 expense). */
export const BUDGET_SUBJECTS: Array<[string, string, string]> = [
  ['IN01', '派遣服务费收入', '001'],
  ['IN02', '外包服务费收入', '001'],
  ['IN03', 'RPO招聘服务费收入', '001'],
  ['IN04', '灵活用工服务费收入', '001'],
  ['IN05', '管理费收入', '001'],
  ['IN06', '其他业务收入', '001'],
  ['OUT01', '派遣人员工资', '002'],
  ['OUT02', '社会保险（单位部分）', '002'],
  ['OUT03', '住房公积金（单位部分）', '002'],
  ['OUT04', '外包人员工资', '002'],
  ['OUT05', '招聘渠道费', '002'],
  ['OUT06', '背景调查费', '002'],
  ['OUT07', '入职体检费', '002'],
  ['OUT08', '劳务分包成本', '002'],
  ['OUT09', '残疾人就业保障金', '002'],
  ['OUT10', '工会经费', '002'],
  ['OUT11', '雇主责任险', '002'],
  ['OUT12', '员工福利费', '002'],
  ['EXP01', '差旅费', '003'],
  ['EXP02', '办公费', '003'],
  ['EXP03', '业务招待费', '003'],
  ['EXP04', '通讯费', '003'],
  ['EXP05', '培训费', '003'],
  ['EXP06', '场地租金', '003'],
  ['EXP07', '项目奖金', '003'],
  ['EXP08', '税金及附加', '003'],
  ['EXP09', '咨询费', '003'],
  ['EXP10', '会议费', '003'],
  ['EXP11', '市内交通费', '003'],
  ['EXP12', '其他费用', '003'],
];

/** Subjects and the four default processes: every database gets them, at first start and on upgrade. */
export async function seedProjectReference(ctx: SeedContext): Promise<void> {
  await ctx.db
    .insert(finBudgetSubjects)
    .values(BUDGET_SUBJECTS.map(([code, name, budgetType], i) => ({ code, name, budgetType, sort: i + 1 })))
    .onConflictDoNothing();
  for (const [key, xml] of Object.entries(FIN_PROCESS_XML)) {
    const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, key)).limit(1);
    if (!any) await deploy(ctx.db, xml, ctx.userIds.get('admin') ?? null);
  }
}

const EXTRA_CLIENTS: Array<[string, string]> = [
  ['C903', '南方电网数字科技有限公司'],
  ['C904', '星河物流集团有限公司'],
  ['C905', '瑞康医药股份有限公司'],
  ['C906', '蓝海零售连锁有限公司'],
  ['C907', '中科云计算服务有限公司'],
];

async function addClients(ctx: SeedContext): Promise<number[]> {
  const group = ctx.orgIds.get('G001');
  const [root] = await ctx.db
    .select({ path: orgUnits.path })
    .from(orgUnits)
    .where(eq(orgUnits.id, group as number));
  for (const [i, [code, name]] of EXTRA_CLIENTS.entries()) {
    const [row] = await ctx.db
      .insert(orgUnits)
      .values({ code, name, type: 'company', isClient: true, parentId: group ?? null, path: '/', depth: 1, sort: 10 + i })
      .returning({ id: orgUnits.id });
    if (!row) throw new Error('client insert failed');
    await ctx.db
      .update(orgUnits)
      .set({ path: `${root?.path ?? '/'}${row.id}/` })
      .where(eq(orgUnits.id, row.id));
    ctx.orgIds.set(code, row.id);
  }
  return ['C900', 'C901', 'C902', ...EXTRA_CLIENTS.map(([c]) => c)].map((c) => ctx.orgIds.get(c) as number);
}

const iso = (ym: number, day: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (ym: number) => new Date(Date.UTC(Math.floor(ym / 100), ym % 100, 0)).getUTCDate();
const addMonths = (ym: number, n: number) => {
  const t = Math.floor(ym / 100) * 12 + (ym % 100) - 1 + n;
  return Math.floor(t / 12) * 100 + (t % 12) + 1;
};

/** A realistic monthly budget: income by the project's type, costs ~70 % of it, a few expenses. */
export function demoBudget(rand: () => number, subjects: Map<string, number>, type: string, months: number[], scale = 1): LineValue[] {
  const incomeCode = { '001': 'IN01', '002': 'IN02', '003': 'IN03', '004': 'IN04' }[type] ?? 'IN02';
  const base = Math.round((150_000 + rand() * 650_000) * 100 * scale);
  const costs: Array<[string, number]> =
    type === '003'
      ? [
          ['OUT05', 0.25],
          ['OUT06', 0.05],
          ['OUT07', 0.03],
        ]
      : [
          [type === '002' ? 'OUT04' : 'OUT01', 0.52],
          ['OUT02', 0.12],
          ['OUT03', 0.05],
          ['OUT11', 0.01],
        ];
  const expenses: Array<[string, number]> = [
    ['EXP01', 0.02],
    ['EXP02', 0.008],
    ['EXP07', 0.015],
    ['EXP08', 0.006],
  ];
  const lines: LineValue[] = [];
  for (const month of months) {
    const income = Math.round(base * (0.9 + rand() * 0.2));
    const push = (code: string, amount: number) => {
      const subjectId = subjects.get(code);
      if (subjectId && amount > 0) lines.push({ subjectId, month, amount });
    };
    push(incomeCode, income);
    push('IN05', Math.round(income * 0.04));
    for (const [code, share] of costs) push(code, Math.round(income * share));
    for (const [code, share] of expenses) push(code, Math.round(income * share));
  }
  return lines;
}

async function insertLines(db: Db, versionId: number, lines: LineValue[]) {
  for (let i = 0; i < lines.length; i += 2000) await db.insert(finBudgetLines).values(lines.slice(i, i + 2000).map((l) => ({ versionId, ...l })));
}

const NAMES = [
  '驻场研发',
  '客服中心外包',
  '生产线劳务派遣',
  '校园招聘RPO',
  '仓储物流外包',
  '门店导购派遣',
  'IT运维外包',
  '社招RPO',
  '数据标注外包',
  '灵活用工',
];

/**
 * 30 projects across 8 clients over two years: stages, teams, budgets (version 1), eight approved
 * changes (version 2 from a later month), two closed, three waiting in approval, two drafts and
 * one change in approval; actual amounts for the months gone by.
 */
async function seedProjects(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const rand = seededRandom(20261125);
  const clients = await addClients(ctx);
  const subjects = new Map((await db.select({ id: finBudgetSubjects.id, code: finBudgetSubjects.code }).from(finBudgetSubjects)).map((s) => [s.code, s.id]));
  const depts = ['D005', 'T006', 'T007', 'D004', 'D101', 'D102', 'T101'].map((c) => ctx.orgIds.get(c) as number);
  const companyOf = (dept: number) => (depts.indexOf(dept) >= 4 ? ctx.orgIds.get('C002') : ctx.orgIds.get('C001')) as number;
  const staff = Array.from({ length: 52 }, (_, i) => ctx.userIds.get(`user${String(i + 1).padStart(2, '0')}`) as number);
  const admin = ctx.userIds.get('admin') as number;
  const fin = ctx.userIds.get('fin01') as number;
  const mgr = ctx.userIds.get('mgr01') as number;
  const thisMonth = ctx.businessDay.getUTCFullYear() * 100 + ctx.businessDay.getUTCMonth() + 1;
  const firstMonth = (ctx.businessDay.getUTCFullYear() - 1) * 100 + 1;
  let seq = 0;
  const number = (prefix: string, ym: number) => `${prefix}${Math.floor(ym / 100)}${String(ym % 100).padStart(2, '0')}01${String(++seq).padStart(4, '0')}`;

  for (let i = 0; i < 30; i++) {
    const type = String((i % 4) + 1).padStart(3, '0');
    const startYm = addMonths(firstMonth, Math.floor((i * 22) / 30));
    const length = 6 + Math.floor(rand() * 18);
    const endYm = addMonths(startYm, length - 1);
    const dept = depts[i % depts.length] as number;
    const manager = dept === depts[3] ? mgr : (staff[(i * 7) % staff.length] as number);
    const client = clients[i % clients.length] as number;
    // 0-1 drafts, 2-4 waiting in approval, 5-6 closed, the rest running.
    const kind = i < 2 ? 'draft' : i < 5 ? 'approving' : i < 7 ? 'closed' : 'active';
    const months = monthsBetween(startYm, endYm);
    const budget = demoBudget(rand, subjects, type, months);
    const income = budget.filter((l) => l.subjectId === subjects.get({ '001': 'IN01', '002': 'IN02', '003': 'IN03', '004': 'IN04' }[type] as string));
    const contract = income.reduce((t, l) => t + l.amount, 0);
    const [row] = await db
      .insert(finProjects)
      .values({
        projectNo: kind === 'draft' || kind === 'approving' ? null : number('XM', startYm),
        name: `${(await clientName(db, client)).replace(/(股份)?有限公司|集团/g, '')}${NAMES[i % NAMES.length]}项目`,
        projectType: type,
        clientOrgId: client,
        settleOrgId: companyOf(dept),
        deptId: dept,
        managerUserId: manager,
        startDate: iso(startYm, 1),
        endDate: iso(endYm, lastDay(endYm)),
        contractAmount: contract,
        remark: i % 3 === 0 ? '按月结算，次月15日前开票' : null,
        state: kind === 'draft' ? 'draft' : kind === 'approving' ? 'draft' : 'passed',
        phase: kind === 'draft' || kind === 'approving' ? PROJECT_PHASE.draft : kind === 'closed' ? PROJECT_PHASE.closed : PROJECT_PHASE.active,
        versionNo: kind === 'draft' || kind === 'approving' ? 0 : 1,
        createdBy: kind === 'approving' && i === 2 ? mgr : fin,
        updatedBy: fin,
      })
      .returning();
    if (!row) throw new Error('project insert failed');
    const stageCount = Math.max(1, Math.min(4, Math.ceil(length / 6)));
    const per = Math.floor(contract / stageCount);
    await db.insert(finProjectStages).values(
      Array.from({ length: stageCount }, (_, s) => {
        const sStart = addMonths(startYm, Math.floor((s * length) / stageCount));
        const sEnd = s === stageCount - 1 ? endYm : addMonths(startYm, Math.floor(((s + 1) * length) / stageCount) - 1);
        return {
          projectId: row.id,
          name: ['启动与交付准备', '稳定交付期', '深化运营期', '收尾与交接'][s] as string,
          startDate: iso(sStart, 1),
          endDate: iso(sEnd, lastDay(sEnd)),
          amount: s === stageCount - 1 ? contract - per * (stageCount - 1) : per,
          remark: null,
          sort: s + 1,
        };
      }),
    );
    const team = new Set<number>([manager]);
    while (team.size < 3 + (i % 4)) team.add(staff[Math.floor(rand() * staff.length)] as number);
    await db.insert(finProjectPeople).values(
      [...team].map((userId, k) => ({
        projectId: row.id,
        userId,
        role: k === 0 ? '001' : type === '003' ? '003' : k % 3 === 0 ? '004' : '002',
        joinDate: iso(startYm, 1),
        leaveDate: null,
      })),
    );
    const [version] = await db
      .insert(finProjectVersions)
      .values({
        projectId: row.id,
        status: kind === 'draft' || kind === 'approving' ? 'draft' : 'effective',
        budgetTotal: budgetTotal(budget),
        versionNo: kind === 'draft' || kind === 'approving' ? 0 : 1,
        effectiveMonth: kind === 'draft' || kind === 'approving' ? null : startYm,
        createdBy: fin,
      })
      .returning({ id: finProjectVersions.id });
    if (!version) throw new Error('version insert failed');
    await insertLines(db, version.id, budget);
    if (kind === 'approving') {
      await projectDocument.submit(db, {
        id: row.id,
        userId: row.createdBy ?? fin,
        title: `项目立项：${row.name}`,
        vars: { deptId: dept, projectId: row.id, contractAmount: contract },
      });
      continue;
    }
    if (kind === 'draft') continue;
    await db
      .update(finProjectVersions)
      .set({ snapshot: await snapshotOf(db, row) })
      .where(eq(finProjectVersions.id, version.id));

    // Eight running projects had a change approved: +8 % income and costs from a later month, one more month.
    if (kind === 'active' && i % 3 === 0 && length > 4) {
      const effective = addMonths(startYm, Math.floor(length / 2));
      const before = await snapshotOf(db, row);
      const newEnd = addMonths(endYm, 1);
      const after: ProjectSnapshot = { ...before, endDate: iso(newEnd, lastDay(newEnd)), contractAmount: Math.round(contract * 1.08) };
      const lines = [
        ...budget.filter((l) => l.month < effective),
        ...budget.filter((l) => l.month >= effective).map((l) => ({ ...l, amount: Math.round(l.amount * 1.08) })),
        ...budget.filter((l) => l.month === endYm).map((l) => ({ ...l, month: newEnd })),
      ];
      const [v2] = await db
        .insert(finProjectVersions)
        .values({
          projectId: row.id,
          status: 'effective',
          versionNo: 2,
          effectiveMonth: effective,
          snapshot: after,
          budgetTotal: budgetTotal(lines),
          createdBy: fin,
        })
        .returning({ id: finProjectVersions.id });
      if (!v2) throw new Error('version insert failed');
      await insertLines(db, v2.id, lines);
      const [change] = await db
        .insert(finProjectChanges)
        .values({
          changeNo: number('XMBG', effective),
          projectId: row.id,
          reason: '客户增加用工需求，合同金额上调8%，项目延长一个月',
          effectiveMonth: effective,
          before,
          after,
          versionId: v2.id,
          state: 'passed',
          createdBy: manager,
        })
        .returning({ id: finProjectChanges.id });
      await db
        .update(finProjectVersions)
        .set({ changeId: change?.id ?? null })
        .where(eq(finProjectVersions.id, v2.id));
      await db.update(finProjects).set({ versionNo: 2, endDate: after.endDate, contractAmount: after.contractAmount }).where(eq(finProjects.id, row.id));
    }
    await rebuildInForce(db, row.id);
    if (kind === 'closed') {
      await db.insert(finProjectClosures).values({
        closureNo: number('JX', endYm),
        projectId: row.id,
        finishDate: iso(endYm, lastDay(endYm)),
        summary: '项目按合同完成交付，款项已全部结清，人员已妥善安置。',
        state: 'passed',
        createdBy: manager,
      });
    }
    // Actuals for the months gone by, close to the budget.
    const actualMonths = new Set(monthsBetween(startYm, Math.min(endYm, addMonths(thisMonth, -1))));
    const inForce = await db.execute(sql`SELECT subject_id, budget_type, month, amount FROM fin_budget_in_force WHERE project_id = ${row.id}`);
    const actualRows = (inForce as unknown as { rows: Array<{ subject_id: number; budget_type: string; month: number; amount: string }> }).rows
      .filter((r) => actualMonths.has(r.month))
      .map((r) => ({
        projectId: row.id,
        subjectId: r.subject_id,
        budgetType: r.budget_type,
        month: r.month,
        amount: Math.round(Number(r.amount) * (0.85 + rand() * 0.25)),
        source: 'demo',
        createdBy: admin,
      }));
    for (let k = 0; k < actualRows.length; k += 2000) await db.insert(finProjectActuals).values(actualRows.slice(k, k + 2000));
  }

  // One change waiting in approval (mgr01's department: he approves first, then finance). The
  // project's manager asks for it, not mgr01: nobody approves their own request.
  const [open] = await db
    .select()
    .from(finProjects)
    .where(sql`${finProjects.deptId} = ${depts[3]} AND ${finProjects.phase} = ${PROJECT_PHASE.active} AND ${finProjects.versionNo} = 1`)
    .limit(1);
  if (open) {
    const applicant = open.managerUserId && open.managerUserId !== mgr ? open.managerUserId : (ctx.userIds.get('emp01') as number);
    const before = await snapshotOf(db, open);
    const after: ProjectSnapshot = { ...before, contractAmount: Math.round(open.contractAmount * 1.05), remark: '追加驻场人员两名' };
    const [cur] = await db
      .select({ id: finProjectVersions.id })
      .from(finProjectVersions)
      .where(sql`${finProjectVersions.projectId} = ${open.id} AND ${finProjectVersions.status} = 'effective'`);
    const lines = cur
      ? (await db.select().from(finBudgetLines).where(eq(finBudgetLines.versionId, cur.id))).map((l) => ({
          subjectId: l.subjectId,
          month: l.month,
          amount: Math.round(l.amount * 1.05),
        }))
      : [];
    const [v] = await db
      .insert(finProjectVersions)
      .values({ projectId: open.id, status: 'proposed', budgetTotal: budgetTotal(lines), createdBy: applicant })
      .returning({ id: finProjectVersions.id });
    if (v && cur) {
      await insertLines(db, v.id, lines);
      const effective = Math.min(Math.max(thisMonth, monthOf(open.startDate as string)), monthOf(open.endDate as string));
      const [change] = await db
        .insert(finProjectChanges)
        .values({
          projectId: open.id,
          reason: '客户追加驻场人员两名，预算同步上调5%',
          effectiveMonth: effective,
          before,
          after,
          versionId: v.id,
          createdBy: applicant,
          updatedBy: applicant,
        })
        .returning({ id: finProjectChanges.id });
      if (change) {
        await db.update(finProjectVersions).set({ changeId: change.id }).where(eq(finProjectVersions.id, v.id));
        await changeDocument.submit(db, {
          id: change.id,
          userId: applicant,
          title: `项目变更：${open.name}`,
          vars: { deptId: open.deptId, projectId: open.id, changeId: change.id },
        });
      }
    }
  }
}

async function clientName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: orgUnits.name }).from(orgUnits).where(eq(orgUnits.id, id));
  return row?.name ?? '';
}

export const projectSeed: ModuleSeed = {
  name: 'finance-projects',
  menus: projectMenus,
  reference: seedProjectReference,
  seed: seedProjects,
};
