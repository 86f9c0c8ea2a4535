import { FIN_MSG, FIN_PROCESS, financeProjectCalls, PROJECT_PHASE } from '@erp/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { users, wfTasks } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import type { BusinessDocument } from '../../../platform/document/business-document';
import { badRequest, notFound } from '../../../platform/errors';
import { implement, type Route } from '../../../platform/http/context';
import type { Platform } from '../../../platform/platform';
import { likePattern } from '../../../platform/resource/filters';
import { MSG as ENGINE_MSG } from '../../../workflow/messages';
import { sendBudgetTemplate, uploadBudget } from './budget-upload';
import { changePage, comparison, deleteChange, readableChange, saveChange, saveChangeFile, submitChange } from './change.service';
import { checkClosure, closureWithProject, submitClosure } from './closure.service';
import { deptBudgetDetail, deptBudgetList, sendDeptBudgetSheet, updateDeptBudget } from './dept-budget';
import { changeDocument, closureDocument, projectDocument, subprojectDocument } from './documents';
import { periodSheet, projectPeriodSheet, SUMMARY_HEADER, sendSheet, summaryRow, yuan } from './exports';
import { projectResource } from './project.resource';
import { finBudgetSubjects, finProjectPeople, finProjects } from './project.schema';
import {
  checkFull,
  copyProject,
  deleteProject,
  peopleOf,
  projectDetail,
  projectRow,
  readableProject,
  saveClaimBudget,
  saveStages,
  saveTeam,
  storeDraft,
  submitProject,
} from './project.service';
import {
  contractIncomePage,
  deptSummaries,
  deptSummaryPage,
  incomeByClient,
  MONTHS,
  projectPeriodPage,
  QUARTERS,
  subjectTable,
  summary,
  typeTable,
} from './statistics';

/** Documents of other areas whose tasks the borrow/ calls decide (the bills area registers the cancellation bill). */
const taskDocuments = new Map<string, BusinessDocument<never>>();
export function registerTaskDocument(processKey: string, doc: BusinessDocument<never>): void {
  taskDocuments.set(processKey, doc);
}

async function otherDocument(db: Db, processKey: string, taskId: number, name: string) {
  const doc = taskDocuments.get(processKey);
  if (doc) return doc;
  const [task] = await db.select({ id: wfTasks.id }).from(wfTasks).where(eq(wfTasks.id, taskId));
  if (!task) throw notFound(ENGINE_MSG.taskMissing);
  throw badRequest(`该任务不是${name}的任务`);
}

const ROLE_NAMES: Record<string, string> = { '001': '项目经理', '002': '交付顾问', '003': '招聘顾问', '004': '驻场人员' };

export function projectRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const detailOf = async (user: Principal, id: number, versionNo?: number) => projectDetail(db, await readableProject(db, user, id), versionNo);
  /** A project-scope statistic: the user must be able to read the project. */
  const forProject = async <T>(user: Principal, projectId: number, run: () => Promise<T>) => {
    await readableProject(db, user, projectId);
    return run();
  };
  const full = async (user: Principal, input: Parameters<typeof checkFull>[2]) => checkFull(db, user, input);

  return implement(financeProjectCalls, {
    // ---- Projects ----
    selectProjectList: (input, ctx) => projectResource.page(db, input, ctx.user, input.parentId ? undefined : isNull(finProjects.parentId)),
    getProjectList: async (input, ctx) => {
      const user = ctx.user;
      const rows = await db
        .select({ id: finProjects.id, projectNo: finProjects.projectNo, name: finProjects.name, deptId: finProjects.deptId, phase: finProjects.phase })
        .from(finProjects)
        .where(
          and(
            isNull(finProjects.deletedAt),
            ne(finProjects.versionNo, 0),
            input.phase ? eq(finProjects.phase, input.phase) : undefined,
            input.keyword
              ? sql`(${finProjects.name} ILIKE ${likePattern(input.keyword)} OR ${finProjects.projectNo} ILIKE ${likePattern(input.keyword)})`
              : undefined,
            sql`(${dataScopeCondition(user, { orgId: finProjects.deptId, ownerUserId: finProjects.managerUserId })} OR EXISTS (SELECT 1 FROM fin_project_people pp WHERE pp.project_id = ${finProjects.id} AND pp.user_id = ${user.userId}))`,
          ),
        )
        .orderBy(asc(finProjects.projectNo))
        .limit(200);
      return rows;
    },
    addProjectInfo: async (input, ctx) => {
      const budget = await full(ctx.user, input);
      const id = await storeDraft(db, ctx.user, null, input, { stages: input.stages ?? [], people: input.people ?? [], budget });
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    tempSaveProject: async (input, ctx) => {
      if (input.startDate && input.endDate && input.endDate < input.startDate) throw badRequest(FIN_MSG.periodOrder);
      const id = await storeDraft(db, ctx.user, input.id ?? null, input, {
        stages: input.stages,
        people: input.people,
        budget: input.budget?.filter((l) => l.amount !== 0),
      });
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    updateProjectInfo: async (input, ctx) => {
      const budget = await full(ctx.user, input);
      const id = await storeDraft(db, ctx.user, input.id, input, { stages: input.stages, people: input.people, budget: input.budget ? budget : undefined });
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    saveProjectInfo: async (input, ctx) => {
      const budget = await full(ctx.user, input);
      const id = await storeDraft(db, ctx.user, input.id ?? null, input, {
        stages: input.stages,
        people: input.people,
        budget: input.budget ? budget : undefined,
      });
      await submitProject(db, ctx.user, id);
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    deleteProject: async (input, ctx) => {
      const before = await deleteProject(db, ctx.user, input.id, false);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    copyProject: async (input, ctx) => {
      const id = await copyProject(db, ctx.user, input.id);
      ctx.audit({ recordId: id, after: { copiedFrom: input.id } });
      return detailOf(ctx.user, id);
    },
    saveClaimBudget: async (input, ctx) => {
      const before = await detailOf(ctx.user, input.id);
      await saveClaimBudget(db, ctx.user, input.id, input.claimBudget);
      ctx.audit({ recordId: input.id, before: { claimBudget: before.claimBudget } });
      return detailOf(ctx.user, input.id);
    },
    getProjectInfo: async (input, ctx) => {
      if (!input.id && !input.instanceId) throw badRequest('id 或 instanceId 必须提供一个');
      const id = input.id ?? (await projectDocument.byInstance(db, input.instanceId as number))?.id;
      if (!id) throw notFound('项目不存在');
      return detailOf(ctx.user, id, input.versionNo);
    },
    projectApprovalPass: async (input, ctx) => {
      await projectDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    projectApprovalReject: async (input, ctx) => {
      await projectDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    getProjectStageInfo: async (input, ctx) => (await detailOf(ctx.user, input.projectId)).stages,
    tempSaveProjectStageInfo: async (input, ctx) => {
      await saveStages(db, ctx.user, input.projectId, input.stages, false);
      return (await detailOf(ctx.user, input.projectId)).stages;
    },
    saveProjectStageInfo: async (input, ctx) => {
      await saveStages(db, ctx.user, input.projectId, input.stages, true);
      return (await detailOf(ctx.user, input.projectId)).stages;
    },
    downloadProjectStage: async (input, ctx) => {
      const d = await detailOf(ctx.user, input.projectId);
      return sendSheet(
        ctx.reply,
        `${d.name}-项目阶段.xlsx`,
        '项目阶段',
        ['序号', '阶段名称', '开始日期', '结束日期', '金额（元）', '备注'],
        d.stages.map((s, i) => [i + 1, s.name, s.startDate, s.endDate, yuan(s.amount), s.remark ?? '']),
      );
    },
    saveProjectPerson: async (input, ctx) => {
      await saveTeam(db, ctx.user, input.projectId, input.people);
      ctx.audit({ recordId: input.projectId });
      return peopleOf(db, input.projectId);
    },
    selectPeopleList: async (input, ctx) => {
      await readableProject(db, ctx.user, input.projectId);
      const all = (await peopleOf(db, input.projectId)).filter(
        (p) => (!input.role || p.role === input.role) && (!input.keyword || p.realName.includes(input.keyword) || p.userCode.includes(input.keyword)),
      );
      const start = (input.pageIndex - 1) * input.pageSize;
      return { records: all.slice(start, start + input.pageSize), total: all.length, pageIndex: input.pageIndex, pageSize: input.pageSize };
    },
    getPersonListByProjectId: async (input, ctx) => {
      await readableProject(db, ctx.user, input.projectId);
      return peopleOf(db, input.projectId);
    },
    getAllTeamMember: async (input, ctx) => {
      const rows = await db
        .select({ userId: users.id, realName: users.realName, userCode: users.userCode, projectCount: sql<number>`count(DISTINCT ${finProjects.id})::int` })
        .from(finProjectPeople)
        .innerJoin(finProjects, eq(finProjects.id, finProjectPeople.projectId))
        .innerJoin(users, eq(users.id, finProjectPeople.userId))
        .where(
          and(
            isNull(finProjects.deletedAt),
            eq(finProjects.phase, PROJECT_PHASE.active),
            dataScopeCondition(ctx.user, { orgId: finProjects.deptId, ownerUserId: finProjects.managerUserId }),
            input.keyword ? sql`(${users.realName} ILIKE ${likePattern(input.keyword)} OR ${users.userCode} ILIKE ${likePattern(input.keyword)})` : undefined,
          ),
        )
        .groupBy(users.id, users.realName, users.userCode)
        .orderBy(asc(users.userCode))
        .limit(200);
      return rows;
    },
    downloadPerson: async (input, ctx) => {
      const d = await detailOf(ctx.user, input.projectId);
      return sendSheet(
        ctx.reply,
        `${d.name}-项目人员.xlsx`,
        '项目人员',
        ['工号', '姓名', '部门', '项目角色', '加入日期', '离开日期'],
        d.people.map((p) => [p.userCode, p.realName, p.orgName ?? '', ROLE_NAMES[p.role] ?? p.role, p.joinDate ?? '', p.leaveDate ?? '']),
      );
    },
    downloadBlankPerson: (_input, ctx) =>
      sendSheet(
        ctx.reply,
        '项目人员模板.xlsx',
        '项目人员',
        ['*工号', '姓名', '*项目角色', '加入日期', '离开日期'],
        [['user01', '张三', '交付顾问', '2026-01-01', '']],
      ),
    downloadFile: (input, ctx) =>
      sendBudgetTemplate(db, ctx.user, ctx.reply, { projectId: input.projectId ?? undefined, startDate: input.startDate, endDate: input.endDate }),
    uploadBudgetsInfo: async (input, ctx) => {
      const result = await uploadBudget(platform, ctx.user, ctx.files.find((f) => f.fieldname === 'file') ?? ctx.files[0], {
        projectId: input.projectId,
        startDate: input.startDate,
        endDate: input.endDate,
        confirm: input.confirm,
      });
      ctx.audit({
        recordId: input.projectId ?? null,
        after: { upload: ctx.files[0]?.filename ?? null, confirm: input.confirm, total: result.total, written: result.written },
      });
      return result;
    },
    getSubprojectList: async (input, ctx) => {
      await readableProject(db, ctx.user, input.parentId);
      return projectResource.page(db, { ...input, parentId: input.parentId }, null);
    },
    getParProjectInfoByProjectId: async (input, ctx) => {
      const row = await projectRow(db, input.projectId);
      return readableProject(db, ctx.user, row.parentId ?? row.id);
    },
    saveSubproject: async (input, ctx) => {
      const parent = await projectRow(db, input.parentId);
      await readableProject(db, ctx.user, parent.id);
      if (parent.parentId) throw badRequest('子项目下不能再建子项目');
      if (parent.phase !== PROJECT_PHASE.active) throw badRequest(FIN_MSG.parentNotActive);
      if ((parent.startDate && input.startDate < parent.startDate) || (parent.endDate && input.endDate > parent.endDate)) throw badRequest(FIN_MSG.subOutside);
      const values = { ...input, clientOrgId: parent.clientOrgId as number, settleOrgId: parent.settleOrgId as number, parentId: parent.id };
      const budget = await full(ctx.user, values);
      const id = await storeDraft(db, ctx.user, input.id ?? null, values, {
        stages: input.stages,
        people: input.people,
        budget: input.budget ? budget : undefined,
      });
      ctx.audit({ recordId: id });
      return detailOf(ctx.user, id);
    },
    submitSubproject: async (input, ctx) => {
      const row = await projectRow(db, input.id);
      if (!row.parentId) throw badRequest(FIN_MSG.notSubproject);
      await readableProject(db, ctx.user, row.id);
      await submitProject(db, ctx.user, row.id);
      return detailOf(ctx.user, row.id);
    },
    getSubprojectDetail: async (input, ctx) => {
      if (!input.id && !input.instanceId) throw badRequest('id 或 instanceId 必须提供一个');
      const row = input.id ? await projectRow(db, input.id) : await subprojectDocument.byInstance(db, input.instanceId as number);
      if (!row?.parentId) throw notFound('子项目不存在');
      return detailOf(ctx.user, row.id);
    },
    deleteSubproject: async (input, ctx) => {
      const before = await deleteProject(db, ctx.user, input.id, true);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    changeSubproject: async (input, ctx) => {
      const saved = await saveChange(db, ctx.user, { ...input, after: { ...input.after, remark: input.after.remark ?? null } } as never, { subproject: true });
      return submitChange(db, ctx.user, saved.id);
    },
    checkFinishedApply: (input, ctx) => checkClosure(db, ctx.user, input.projectId),
    submitFinishedApply: async (input, ctx) => {
      const closure = await submitClosure(db, ctx.user, input);
      ctx.audit({ recordId: closure.id });
      return closure;
    },
    getSummaryStatistics: (input, ctx) =>
      forProject(ctx.user, input.projectId, () => summary(db, null, { projectId: input.projectId, year: input.year ?? 0 }, input.year === undefined)),
    getBudgetDetailStatistics: (input, ctx) => forProject(ctx.user, input.projectId, () => subjectTable(db, null, input)),
    getQuarterBudgetStatistics: (input, ctx) => forProject(ctx.user, input.projectId, () => typeTable(db, null, input, 'quarter')),
    getMonthBudgetStatistics: (input, ctx) => forProject(ctx.user, input.projectId, () => typeTable(db, null, input, 'month')),
    getQuarterBudgetDetail: (input, ctx) => forProject(ctx.user, input.projectId, () => subjectTable(db, null, input, { quarter: input.quarter })),
    getMonthBudgetDetail: (input, ctx) => forProject(ctx.user, input.projectId, () => subjectTable(db, null, input, { month: input.month })),
    getQuarterExpenseDetail: (input, ctx) =>
      forProject(ctx.user, input.projectId, () => subjectTable(db, null, input, { quarter: input.quarter, budgetType: '003' })),
    getQuarterOutDetail: (input, ctx) =>
      forProject(ctx.user, input.projectId, () => subjectTable(db, null, input, { quarter: input.quarter, budgetType: '002' })),
    getQuarterInDetail: (input, ctx) =>
      forProject(ctx.user, input.projectId, () => subjectTable(db, null, input, { quarter: input.quarter, budgetType: '001' })),
    exportSummaryBudget: async (input, ctx) => {
      const p = await readableProject(db, ctx.user, input.projectId);
      const s = await summary(db, null, { projectId: input.projectId, year: input.year ?? 0 }, input.year === undefined);
      return sendSheet(ctx.reply, `${p.name}-预算汇总.xlsx`, '预算汇总', SUMMARY_HEADER, [summaryRow(p.name, s)]);
    },
    exportBudgetDetail: async (input, ctx) => {
      const p = await readableProject(db, ctx.user, input.projectId);
      const t = periodSheet(await subjectTable(db, null, input));
      return sendSheet(ctx.reply, `${p.name}-${input.year}年预算明细.xlsx`, '预算明细', t.header, t.rows);
    },
    exportQuarterBudgetStatistics: async (input, ctx) => {
      const p = await readableProject(db, ctx.user, input.projectId);
      const t = periodSheet(await typeTable(db, null, input, 'quarter'));
      return sendSheet(ctx.reply, `${p.name}-${input.year}年季度预算.xlsx`, '季度预算', t.header, t.rows);
    },
    exportMonthBudgetStatistics: async (input, ctx) => {
      const p = await readableProject(db, ctx.user, input.projectId);
      const t = periodSheet(await typeTable(db, null, input, 'month'));
      return sendSheet(ctx.reply, `${p.name}-${input.year}年月度预算.xlsx`, '月度预算', t.header, t.rows);
    },

    // ---- Approvals ----
    projectFinishedPass: async (input, ctx) => {
      await closureDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    projectFinishedReject: async (input, ctx) => {
      await closureDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    projectChangePass: async (input, ctx) => {
      await changeDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    projectChaangeReject: async (input, ctx) => {
      await changeDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    subprojectPass: async (input, ctx) => {
      await subprojectDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    subprojectReject: async (input, ctx) => {
      await subprojectDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    CancellationBillPass: async (input, ctx) => {
      const doc = await otherDocument(db, FIN_PROCESS.cancellationBill, input.taskId, '核销单');
      await doc.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    CancellationBillReject: async (input, ctx) => {
      const doc = await otherDocument(db, FIN_PROCESS.cancellationBill, input.taskId, '核销单');
      await doc.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      return null;
    },
    CancellationBillRollback: async (input, ctx) => {
      const doc = await otherDocument(db, FIN_PROCESS.cancellationBill, input.taskId, '核销单');
      await doc.rollback(db, { taskId: input.taskId, userId: ctx.user.userId, sort: input.sort ?? 0, message: input.message });
      return null;
    },

    // ---- Changes ----
    saveProjectChange: async (input, ctx) => {
      const saved = await saveChange(db, ctx.user, { ...input, after: { ...input.after, remark: input.after.remark ?? null } } as never, { subproject: false });
      ctx.audit({ recordId: saved.id });
      return saved;
    },
    deleteProjectChange: async (input, ctx) => {
      await deleteChange(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id });
      return null;
    },
    submitProjectChange: async (input, ctx) => {
      const record = await submitChange(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, after: { changeNo: record.changeNo } });
      return record;
    },
    getProjectChangePage: (input, ctx) => changePage(db, ctx.user, input),
    changeGetProjectInfo: (input, ctx) => detailOf(ctx.user, input.projectId),
    getProjectInfoByFinishedId: (input, ctx) => closureWithProject(db, ctx.user, input),
    getBeforeAndAfterChangeInfo: (input, ctx) => comparison(db, ctx.user, input),
    getProjectChangeInfo: async (input, ctx) => {
      const { record, after } = await readableChange(db, ctx.user, input);
      return { ...record, after };
    },
    getProjectBudgetInfo: async (input, ctx) => {
      const d = await detailOf(ctx.user, input.projectId, input.versionNo);
      const subjects = await db.select().from(finBudgetSubjects).orderBy(asc(finBudgetSubjects.budgetType), asc(finBudgetSubjects.sort));
      return {
        versionNo: d.budgetVersionNo,
        versions: d.versions,
        subjects: subjects.map((s) => ({ id: s.id, code: s.code, name: s.name, budgetType: s.budgetType, sort: s.sort, enabled: s.enabled })),
        lines: d.budget,
      };
    },
    saveFileInfo: async (input, ctx) => saveChangeFile(db, ctx.user, input.id, input.fileId),

    // ---- Budget centre ----
    getSubjectList: async (input) => {
      const rows = await db
        .select()
        .from(finBudgetSubjects)
        .where(
          and(
            input.budgetType ? eq(finBudgetSubjects.budgetType, input.budgetType) : undefined,
            input.enabledOnly ? eq(finBudgetSubjects.enabled, true) : undefined,
            input.keyword
              ? sql`(${finBudgetSubjects.name} ILIKE ${likePattern(input.keyword)} OR ${finBudgetSubjects.code} ILIKE ${likePattern(input.keyword)})`
              : undefined,
          ),
        )
        .orderBy(asc(finBudgetSubjects.budgetType), asc(finBudgetSubjects.sort));
      return rows.map((s) => ({ id: s.id, code: s.code, name: s.name, budgetType: s.budgetType, sort: s.sort, enabled: s.enabled }));
    },
    getBudgetTypeList: async () => {
      const rows = await db.select().from(finBudgetSubjects).where(eq(finBudgetSubjects.enabled, true)).orderBy(asc(finBudgetSubjects.sort));
      return [
        ['001', '收入'],
        ['002', '成本'],
        ['003', '费用'],
      ].map(([code, name]) => ({
        code: code as string,
        name: name as string,
        subjects: rows
          .filter((s) => s.budgetType === code)
          .map((s) => ({ id: s.id, code: s.code, name: s.name, budgetType: s.budgetType, sort: s.sort, enabled: s.enabled })),
      }));
    },
    getSummary: (input, ctx) => summary(db, ctx.user, input),
    newGetSummaryStatistics: (input, ctx) => deptSummaryPage(db, ctx.user, input),
    getIncomeSummaryStatistics: (input, ctx) => incomeByClient(db, ctx.user, input),
    newGetBudgetDetailStatistics: (input, ctx) => subjectTable(db, ctx.user, input),
    getQuarterBudgetPage: (input, ctx) => projectPeriodPage(db, ctx.user, input, 'quarter'),
    getMonthBudgetPage: (input, ctx) => projectPeriodPage(db, ctx.user, input, 'month'),
    newGetQuarterBudgetDetail: (input, ctx) => subjectTable(db, ctx.user, input, { quarter: input.quarter }),
    newGetMonthBudgetDetail: (input, ctx) => subjectTable(db, ctx.user, input, { month: input.month }),
    newGetQuarterExpenseDetail: (input, ctx) => subjectTable(db, ctx.user, input, { quarter: input.quarter, budgetType: '003' }),
    newGetQuarterOutDetail: (input, ctx) => subjectTable(db, ctx.user, input, { quarter: input.quarter, budgetType: '002' }),
    newGetQuarterInDetail: (input, ctx) => subjectTable(db, ctx.user, input, { quarter: input.quarter, budgetType: '001' }),
    getContractInCome: (input, ctx) => contractIncomePage(db, ctx.user, input),
    newExportSummaryBudget: async (input, ctx) => {
      const list = await deptSummaries(db, ctx.user, input);
      return sendSheet(
        ctx.reply,
        `${input.year}年部门预算汇总.xlsx`,
        '部门预算汇总',
        SUMMARY_HEADER,
        list.map((d) => summaryRow(d.deptName, d)),
      );
    },
    exportSummary: async (input, ctx) => {
      const s = await summary(db, ctx.user, input);
      const t = periodSheet(await typeTable(db, ctx.user, input, 'quarter'));
      const rows = [summaryRow(`${input.year}年合计`, s), [], t.header, ...t.rows];
      return sendSheet(ctx.reply, `${input.year}年预算汇总.xlsx`, '预算汇总', SUMMARY_HEADER, rows);
    },
    exportPickSummary: async (input, ctx) => {
      const rows: Array<Array<string | number>> = [];
      for (const projectId of input.projectIds) {
        const p = await readableProject(db, ctx.user, projectId);
        rows.push(summaryRow(`${p.projectNo ?? ''} ${p.name}`.trim(), await summary(db, null, { projectId, year: input.year })));
      }
      return sendSheet(ctx.reply, `${input.year}年项目预算汇总.xlsx`, '项目预算汇总', SUMMARY_HEADER, rows);
    },
    exportBudgetDetailStatistics: async (input, ctx) => {
      const t = periodSheet(await subjectTable(db, ctx.user, input));
      return sendSheet(ctx.reply, `${input.year}年预算明细.xlsx`, '预算明细', t.header, t.rows);
    },
    exportQuarterBudgetPageStatistics: async (input, ctx) => {
      const page = await projectPeriodPage(db, ctx.user, { ...input, pageIndex: 1, pageSize: 5000 }, 'quarter');
      const t = projectPeriodSheet(page.records, QUARTERS);
      return sendSheet(ctx.reply, `${input.year}年项目季度预算.xlsx`, '项目季度预算', t.header, t.rows);
    },
    exportMonthBudgetPageStatistics: async (input, ctx) => {
      const page = await projectPeriodPage(db, ctx.user, { ...input, pageIndex: 1, pageSize: 5000 }, 'month');
      const t = projectPeriodSheet(page.records, MONTHS);
      return sendSheet(ctx.reply, `${input.year}年项目月度预算.xlsx`, '项目月度预算', t.header, t.rows);
    },
    newExportQuarterBudgetStatistics: async (input, ctx) => {
      const t = periodSheet(await typeTable(db, ctx.user, input, 'quarter'));
      return sendSheet(ctx.reply, `${input.year}年季度预算统计.xlsx`, '季度预算统计', t.header, t.rows);
    },
    newExportMonthBudgetStatistics: async (input, ctx) => {
      const t = periodSheet(await typeTable(db, ctx.user, input, 'month'));
      return sendSheet(ctx.reply, `${input.year}年月度预算统计.xlsx`, '月度预算统计', t.header, t.rows);
    },
    exportContractInCome: async (input, ctx) => {
      const page = await contractIncomePage(db, ctx.user, { ...input, pageIndex: 1, pageSize: 5000 });
      return sendSheet(
        ctx.reply,
        `${input.year}年合同收入.xlsx`,
        '合同收入',
        ['项目编号', '项目名称', '甲方', '合同金额', '本年阶段金额', '预算收入', '实际收入'],
        page.records.map((r) => [
          r.projectNo ?? '',
          r.projectName,
          r.clientName ?? '',
          yuan(r.contractAmount),
          yuan(r.stageAmount),
          yuan(r.budgetIncome),
          yuan(r.actualIncome),
        ]),
      );
    },

    // ---- Department budgets ----
    getDeptBudgetList: (input, ctx) => deptBudgetList(db, ctx.user, input.year, input.deptId),
    getDeptBudgetDetailList: (input, ctx) => deptBudgetDetail(db, ctx.user, input.year, input.deptId),
    updateDeptBudgetDetail: async (input, ctx) => {
      const rows = await updateDeptBudget(db, ctx.user, input.year, input.deptId, input.lines);
      ctx.audit({ recordId: input.deptId, after: { year: input.year, lines: input.lines.length } });
      return rows;
    },
    downDeptBudgetModel: (input, ctx) => sendDeptBudgetSheet(db, ctx.user, ctx.reply, input.year, input.deptId),
  });
}
