import { HOURS_MSG, type ImportResult, type ManHourRecord, manHourCalls, manHourMeta } from '@erp/contract';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dictItems, orgUnits, users } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { anyContains, equals, inOrgSubtree } from '../../../platform/resource/filters';
import { exportColumns } from '../../../platform/resource/labels';
import { defineResource } from '../../../platform/resource/resource';
import { sendXlsx } from '../../../platform/resource/xlsx-export';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../../platform/resource/xlsx-import';
import { payRuns } from '../../salary/salary.schema';
import { finProjects } from '../project/project.schema';
import { finManHours as t } from './hours.schema';

/** The man-hour summary (工时汇总): approved hours per month, person and project, corrected by finance. */

const person = alias(users, 'mh_user');
const project = alias(finProjects, 'mh_project');
const client = alias(orgUnits, 'mh_client');
const dept = alias(orgUnits, 'mh_dept');
const hours = (c: AnyColumn) => sql<number>`(${c}::float8 / 60)`;

export const manHourResource = defineResource<ManHourRecord, typeof t>({
  meta: manHourMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    month: t.month,
    userId: t.userId,
    userCode: sql<string>`coalesce(${person.userCode}, '')`,
    realName: sql<string>`coalesce(${person.realName}, '')`,
    projectId: t.projectId,
    projectNo: project.projectNo,
    projectName: sql<string>`coalesce(${project.name}, '')`,
    clientName: client.name,
    deptId: t.deptId,
    deptName: dept.name,
    normalHours: hours(t.normalMinutes),
    otWorkdayHours: hours(t.otWorkdayMinutes),
    otRestdayHours: hours(t.otRestdayMinutes),
    otHolidayHours: hours(t.otHolidayMinutes),
    leaveHours: hours(t.leaveMinutes),
    settlementMethod: t.settlementMethod,
    billAmount: t.billAmount,
    remark: t.remark,
    updatedAt: t.updatedAt,
  },
  joins: [
    { table: person, on: eq(person.id, t.userId) },
    { table: project, on: eq(project.id, t.projectId) },
    { table: client, on: eq(client.id, project.clientOrgId) },
    { table: dept, on: eq(dept.id, t.deptId) },
  ],
  filters: {
    keyword: anyContains(person.realName, person.userCode, project.name, project.projectNo),
    month: equals(t.month),
    projectId: equals(t.projectId),
    clientOrgId: equals(project.clientOrgId),
    deptId: inOrgSubtree(t.deptId),
    settlementMethod: equals(t.settlementMethod),
  },
  sortable: { month: t.month, normalHours: t.normalMinutes, billAmount: t.billAmount },
  defaultOrder: [desc(t.month), asc(t.projectId), asc(t.userId)],
  scope: { orgId: t.deptId },
});

async function closedMonths(db: Db, months: number[]): Promise<Set<number>> {
  if (!months.length) return new Set();
  const rows = await db
    .select({ month: payRuns.month })
    .from(payRuns)
    .where(and(inArray(payRuns.month, [...new Set(months)]), eq(payRuns.state, 'closed')));
  return new Set(rows.map((r) => r.month));
}

const UPLOAD_COLUMNS = [
  { key: 'userCode', header: '工号', aliases: ['Code'], required: true },
  { key: 'projectNo', header: '项目编号', aliases: ['Project no.'], required: true },
  { key: 'month', header: '月份', aliases: ['Month'], required: true },
  { key: 'normal', header: '正常工时', aliases: ['Normal'], required: true },
  { key: 'otWorkday', header: '延时加班', aliases: ['Overtime (workday)'] },
  { key: 'otRestday', header: '休息日加班', aliases: ['Overtime (rest day)'] },
  { key: 'otHoliday', header: '节假日加班', aliases: ['Overtime (holiday)'] },
  { key: 'leave', header: '请假工时', aliases: ['Leave'] },
  { key: 'settlementMethod', header: '结算方式', aliases: ['Settlement'] },
  { key: 'remark', header: '备注', aliases: ['Remark'] },
];

interface UploadRow {
  userId: number;
  projectId: number;
  deptId: number | null;
  month: number;
  minutes: { normal: number; otWorkday: number; otRestday: number; otHoliday: number; leave: number };
  settlementMethod: string | null;
  remark: string | null;
}

async function uploadSpec(db: Db, user: Principal): Promise<ImportSpec<UploadRow>> {
  const people = new Map((await db.select({ id: users.id, code: sql<string>`lower(${users.userCode})` }).from(users)).map((u) => [u.code, u.id]));
  const projects = new Map(
    (
      await db
        .select({ id: finProjects.id, no: finProjects.projectNo, deptId: finProjects.deptId })
        .from(finProjects)
        .where(and(isNull(finProjects.deletedAt), dataScopeCondition(user, { orgId: finProjects.deptId, ownerUserId: finProjects.managerUserId })))
    )
      .filter((p) => p.no)
      .map((p) => [(p.no as string).toLowerCase(), p]),
  );
  const methods = new Map(
    (await db.select({ code: dictItems.code, name: dictItems.codeName }).from(dictItems).where(eq(dictItems.codeType, 'SETTLEMETHOD'))).flatMap((d) => [
      [d.code, d.code],
      [d.name, d.code],
    ]),
  );
  const closed = new Set((await db.select({ month: payRuns.month }).from(payRuns).where(eq(payRuns.state, 'closed'))).map((r) => r.month));
  const minutesOf = (text: string | undefined, field: string, errors: RowError[]) => {
    const v = (text ?? '').trim();
    if (!v) return 0;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 744 || !Number.isInteger(n * 4)) {
      errors.push({ field, message: '工时必须是0到744之间的数字，以0.25小时为单位' });
      return 0;
    }
    return Math.round(n * 60);
  };
  return {
    sheet: '工时汇总',
    columns: UPLOAD_COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const userId = people.get((cells.userCode ?? '').trim().toLowerCase());
      if (!userId) errors.push({ field: 'userCode', message: `员工不存在：${cells.userCode ?? ''}` });
      const p = projects.get((cells.projectNo ?? '').trim().toLowerCase());
      if (!p) errors.push({ field: 'projectNo', message: `项目不存在或不在您的数据范围内：${cells.projectNo ?? ''}` });
      const month = Number((cells.month ?? '').replace(/[-/年月]/g, ''));
      const okMonth = Number.isInteger(month) && month >= 200001 && month <= 210012 && month % 100 >= 1 && month % 100 <= 12;
      if (!okMonth) errors.push({ field: 'month', message: '月份格式为yyyymm' });
      else if (closed.has(month)) errors.push({ field: 'month', message: HOURS_MSG.payrollClosed });
      const minutes = {
        normal: minutesOf(cells.normal, 'normal', errors),
        otWorkday: minutesOf(cells.otWorkday, 'otWorkday', errors),
        otRestday: minutesOf(cells.otRestday, 'otRestday', errors),
        otHoliday: minutesOf(cells.otHoliday, 'otHoliday', errors),
        leave: minutesOf(cells.leave, 'leave', errors),
      };
      const methodText = (cells.settlementMethod ?? '').trim();
      const settlementMethod = methodText ? (methods.get(methodText) ?? null) : null;
      if (methodText && !settlementMethod) errors.push({ field: 'settlementMethod', message: `结算方式不正确：${methodText}` });
      if (errors.length || !userId || !p) return { errors };
      return {
        errors,
        value: { userId, projectId: p.id, deptId: p.deptId, month, minutes, settlementMethod, remark: cells.remark?.trim().slice(0, 200) || null },
      };
    },
    uniqueKeys: (v) => [{ field: 'userCode', key: `${v.userId}|${v.projectId}|${v.month}`, message: '同一员工、项目和月份重复' }],
    async write(tx, rows) {
      for (const r of rows) {
        const values = {
          normalMinutes: r.minutes.normal,
          otWorkdayMinutes: r.minutes.otWorkday,
          otRestdayMinutes: r.minutes.otRestday,
          otHolidayMinutes: r.minutes.otHoliday,
          leaveMinutes: r.minutes.leave,
          ...(r.settlementMethod ? { settlementMethod: r.settlementMethod } : {}),
          remark: r.remark ?? '导入',
          updatedAt: new Date(),
          updatedBy: user.userId,
        };
        await tx
          .insert(t)
          .values({ month: r.month, userId: r.userId, projectId: r.projectId, deptId: r.deptId, createdBy: user.userId, ...values })
          .onConflictDoUpdate({ target: [t.month, t.userId, t.projectId], set: values });
      }
    },
  };
}

async function upload(platform: Platform, user: Principal, file: UploadedFile | undefined, confirm: boolean): Promise<ImportResult> {
  const spec = await uploadSpec(platform.db, user);
  const checked = await runImport(platform, user, spec, file, false);
  if (!confirm || checked.errors.length) return checked;
  return runImport(platform, user, spec, file, true);
}

export function manHourRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const orgOptions = async (user: Principal, column: 'dept' | 'client', keyword?: string) => {
    const org = column === 'dept' ? sql`m.dept_id` : sql`p.client_org_id`;
    const rows = await db.execute(sql`SELECT DISTINCT o.id, o.name FROM fin_man_hours m JOIN fin_projects p ON p.id = m.project_id
      JOIN org_units o ON o.id = ${org}
      WHERE ${dataScopeCondition(user, { orgId: sql`m.dept_id` })} ${keyword ? sql`AND o.name ILIKE ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
      ORDER BY o.name LIMIT 200`);
    return (rows as unknown as { rows: Array<{ id: number; name: string }> }).rows;
  };
  return implement(manHourCalls, {
    getOrgNameList: (input, ctx) => orgOptions(ctx.user, 'dept', input.keyword),
    getStationOrgName: (input, ctx) => orgOptions(ctx.user, 'client', input.keyword),
    getSettlementMethodList: async () =>
      db
        .select({ code: dictItems.code, name: dictItems.codeName })
        .from(dictItems)
        .where(and(eq(dictItems.codeType, 'SETTLEMETHOD'), eq(dictItems.enabled, true)))
        .orderBy(asc(dictItems.sort)),
    getManHourPageList: (input, ctx) => manHourResource.page(db, input, ctx.user),
    getUpdateData: (input, ctx) => manHourResource.detail(db, input.id, ctx.user),
    listUpdate: async (input, ctx) => {
      const ids = input.rows.map((r) => r.id);
      if (new Set(ids).size !== ids.length) throw badRequest('同一条记录不能重复修改');
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: t.id, month: t.month })
          .from(t)
          .where(and(inArray(t.id, ids), dataScopeCondition(ctx.user, { orgId: t.deptId })))
          .for('update');
        if (rows.length !== ids.length) throw notFound('工时记录不存在');
        if (
          (
            await closedMonths(
              tx,
              rows.map((r) => r.month),
            )
          ).size
        )
          throw conflict(HOURS_MSG.payrollClosed);
        for (const r of input.rows) {
          await tx
            .update(t)
            .set({
              ...(r.settlementMethod ? { settlementMethod: r.settlementMethod } : {}),
              ...(r.billAmount !== undefined ? { billAmount: r.billAmount } : {}),
              ...(r.remark !== undefined ? { remark: r.remark?.trim() || null } : {}),
              updatedAt: new Date(),
              updatedBy: ctx.user.userId,
            })
            .where(eq(t.id, r.id));
        }
      });
      ctx.audit({ after: input.rows });
      return { updated: input.rows.length };
    },
    manHourDownload: async (input, ctx) =>
      sendXlsx(ctx.reply, {
        filename: '工时汇总.xlsx',
        sheet: '工时汇总',
        columns: await exportColumns(platform, manHourMeta, langOf(ctx.req)),
        batches: manHourResource.batches(db, input, ctx.user),
      }),
    manHourUpload: (input, ctx) => upload(platform, ctx.user, ctx.files[0], input.confirm),
    templateDownload: (_input, ctx) =>
      sendTemplate(ctx.reply, { sheet: '工时汇总', columns: UPLOAD_COLUMNS }, '工时汇总导入模板.xlsx', [
        'user01',
        'XM202501010001',
        '202610',
        '168',
        '4',
        '0',
        '0',
        '8',
        '按小时结算',
        '',
      ]),
  });
}
