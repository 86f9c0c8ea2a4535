import { functionHourCalls, hourApproveMeta, hourSheetMeta } from '@erp/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { employees, orgUnits, users } from '../../../db/schema';
import { BusinessCalendar } from '../../../platform/business-time';
import { refuseImplausibleYear } from '../../../platform/controls/plausible-dates';
import { conflict } from '../../../platform/errors';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { exportColumns } from '../../../platform/resource/labels';
import { sendXlsx } from '../../../platform/resource/xlsx-export';
import { monthOf } from '../period/period.service';
import { projectResource } from '../project/project.resource';
import { hourSheetDocument } from './hours.documents';
import { importHours, sendHourTemplate } from './hours.import';
import { finHolidays } from './hours.schema';
import {
  addSheet,
  approvePage,
  assertMonthOpen,
  deleteSheet,
  fillableProjects,
  modifySheet,
  oneClickFill,
  ownPage,
  projectBatches,
  projectPage,
  readableSheet,
  revisions,
  sheetByInstance,
  sheetOfTask,
  updateSheet,
} from './hours.service';

/** Timesheets (职能工时) and the calendar: docs/domain/hours-pay.md. */
export function hoursRoutes(platform: Platform): Route[] {
  const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
  const db = platform.db;
  return implement(functionHourCalls, {
    addList: async (input, ctx) => {
      const id = await addSheet(db, ctx.user, input);
      ctx.audit({ recordId: id });
      return readableSheet(db, ctx.user, id);
    },
    selectPage: (input, ctx) => ownPage(db, ctx.user, input),
    selectApprovePage: (input, ctx) => approvePage(db, ctx.user, input),
    selectProjectInfo: (input, ctx) => fillableProjects(db, ctx.user, input.month),
    getOneClickFill: (input, ctx) => oneClickFill(db, ctx.user, input.projectId, input.month),
    select: (input, ctx) => readableSheet(db, ctx.user, input.id),
    getInfoByInstance: (input, ctx) => sheetByInstance(db, ctx.user, input.instanceId),
    update: async (input, ctx) => {
      await updateSheet(db, ctx.user, input);
      ctx.audit({ recordId: input.id });
      return readableSheet(db, ctx.user, input.id);
    },
    pass: async (input, ctx) => {
      const row = await sheetOfTask(db, input.taskId);
      await hourSheetDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      ctx.audit({ recordId: row.id });
      return null;
    },
    reject: async (input, ctx) => {
      const row = await sheetOfTask(db, input.taskId);
      await hourSheetDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      ctx.audit({ recordId: row.id });
      return null;
    },
    modify: async (input, ctx) => {
      await modifySheet(db, ctx.user, input);
      ctx.audit({ recordId: input.id });
      return readableSheet(db, ctx.user, input.id);
    },
    getHourModify: (input, ctx) => revisions(db, ctx.user, input.id),
    delete: async (input, ctx) => {
      const before = await deleteSheet(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, before });
      return null;
    },
    selectProjectHourPage: (input, ctx) => projectPage(db, ctx.user, input),
    hourDownload: async (input, ctx) =>
      sendXlsx(ctx.reply, {
        filename: '项目工时.xlsx',
        sheet: '项目工时',
        columns: await exportColumns(platform, hourSheetMeta, langOf(ctx.req)),
        batches: projectBatches(db, ctx.user, input),
      }),
    selectApproveDownload: async (input, ctx) => {
      const page = await approvePage(db, ctx.user, { ...input, pageIndex: 1, pageSize: 500 }, true);
      return sendXlsx(ctx.reply, {
        filename: '待审批工时.xlsx',
        sheet: '待审批工时',
        columns: await exportColumns(platform, hourApproveMeta, langOf(ctx.req)),
        batches: (async function* () {
          yield page.records;
        })(),
      });
    },
    rollback: async (input, ctx) => {
      const row = await sheetOfTask(db, input.taskId);
      await hourSheetDocument.rollback(db, { taskId: input.taskId, userId: ctx.user.userId, sort: 0, message: input.message });
      ctx.audit({ recordId: row.id });
      return null;
    },
    getPositionInfo: async (_input, ctx) => {
      const [row] = await db
        .select({
          userId: users.id,
          userCode: users.userCode,
          realName: users.realName,
          employeeId: employees.id,
          employeeCode: employees.employeeCode,
          personCategory: sql<string | null>`coalesce(${employees.personCategory}, ${users.personCategory})`,
          orgName: orgUnits.name,
          positionName: employees.positionName,
          clientName: sql<string | null>`(SELECT name FROM org_units c WHERE c.id = ${employees.clientCompanyId})`,
        })
        .from(users)
        .leftJoin(employees, eq(employees.userId, users.id))
        .leftJoin(orgUnits, eq(orgUnits.id, users.orgId))
        .where(eq(users.id, ctx.user.userId));
      if (!row) throw conflict('用户不存在');
      return row;
    },
    downloadWorkHourTemplate: (_input, ctx) => sendHourTemplate(ctx.reply),
    importProjectWorkHour: async (input, ctx) => {
      await projectResource.detail(db, input.projectId, ctx.user);
      return importHours(platform, ctx.user, ctx.files[0], input);
    },
    holidayList: async (input) =>
      db
        .select({ day: finHolidays.day, year: finHolidays.year, kind: finHolidays.kind, name: finHolidays.name })
        .from(finHolidays)
        .where(eq(finHolidays.year, input.year))
        .orderBy(asc(finHolidays.day)),
    holidaySave: async (input, ctx) => {
      refuseImplausibleYear(calendar, input.day, '日期', 10, 2);
      // A closed month's working days are what its payroll and timesheets were computed on (issue 34).
      await assertMonthOpen(db, monthOf(input.day));
      const year = Number(input.day.slice(0, 4));
      const values = { day: input.day, year, kind: input.kind, name: input.name, updatedBy: ctx.user.userId, updatedAt: new Date() };
      await db
        .insert(finHolidays)
        .values({ ...values, createdBy: ctx.user.userId })
        .onConflictDoUpdate({ target: finHolidays.day, set: values });
      ctx.audit({ recordId: input.day, after: values });
      return { day: input.day, year, kind: input.kind, name: input.name };
    },
    holidayDelete: async (input, ctx) => {
      await assertMonthOpen(db, monthOf(input.day));
      await db.delete(finHolidays).where(eq(finHolidays.day, input.day));
      ctx.audit({ recordId: input.day });
      return null;
    },
  });
}
