import { functionReportCalls, manHourMeta } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { exportColumns } from '../../../platform/resource/labels';
import { attachment, sendXlsx, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { manHourResource } from './manhour';

/** The function report (职能工时报表): the man-hours summed per project and month. */

interface Filters {
  month?: number | null;
  projectId?: number | null;
  keyword?: string;
}
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function report(db: Db, user: Principal, f: Filters, limit: number, offset: number) {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = rowsOf<{
    project_id: number;
    project_no: string | null;
    project_name: string;
    client_name: string | null;
    month: number;
    people: number;
    normal: number;
    overtime: number;
    leave: number;
    bill: string;
    total: number;
  }>(
    await db.execute(sql`SELECT m.project_id, p.project_no, p.name AS project_name, c.name AS client_name, m.month,
        count(DISTINCT m.user_id)::int AS people, sum(m.normal_minutes)::int AS normal,
        sum(m.ot_workday_minutes + m.ot_restday_minutes + m.ot_holiday_minutes)::int AS overtime,
        sum(m.leave_minutes)::int AS leave, sum(m.bill_amount)::bigint AS bill, count(*) OVER ()::int AS total
      FROM fin_man_hours m JOIN fin_projects p ON p.id = m.project_id LEFT JOIN org_units c ON c.id = p.client_org_id
      WHERE ${dataScopeCondition(user, { orgId: sql`m.dept_id` })}
        ${f.month ? sql`AND m.month = ${f.month}` : sql``}
        ${f.projectId ? sql`AND m.project_id = ${f.projectId}` : sql``}
        ${like ? sql`AND (p.name ILIKE ${like} OR p.project_no ILIKE ${like})` : sql``}
      GROUP BY m.project_id, p.project_no, p.name, c.name, m.month
      ORDER BY m.month DESC, p.project_no NULLS LAST, m.project_id LIMIT ${limit} OFFSET ${offset}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    records: rows.map((r) => ({
      projectId: r.project_id,
      projectNo: r.project_no,
      projectName: r.project_name,
      clientName: r.client_name,
      month: r.month,
      people: r.people,
      normalHours: r.normal / 60,
      overtimeHours: r.overtime / 60,
      leaveHours: r.leave / 60,
      billAmount: Number(r.bill),
    })),
  };
}

const HEADER = ['项目编号', '项目', '驻场单位', '月份', '人数', '正常工时', '加班工时', '请假工时', '结算金额（元）'];

export function functionReportRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const one = async (user: Principal, projectId: number, month: number) => {
    const { records } = await report(db, user, { projectId, month }, 1, 0);
    const summary = records[0];
    if (!summary) throw notFound('该项目该月没有工时');
    return summary;
  };
  return implement(functionReportCalls, {
    getInfoPage: async (input, ctx) => {
      const r = await report(db, ctx.user, input, input.pageSize, (input.pageIndex - 1) * input.pageSize);
      return { ...r, pageIndex: input.pageIndex, pageSize: input.pageSize };
    },
    getInfo: async (input, ctx) => {
      const summary = await one(ctx.user, input.projectId, input.month);
      const rows = await manHourResource.list(db, { projectId: input.projectId, month: input.month }, ctx.user);
      return { summary, rows };
    },
    exportInfo: async (input, ctx) => {
      const { records } = await report(db, ctx.user, input, 20_000, 0);
      const buffer = await workbookBuffer(
        '职能工时报表',
        HEADER,
        records.map((r) => [r.projectNo, r.projectName, r.clientName, r.month, r.people, r.normalHours, r.overtimeHours, r.leaveHours, r.billAmount / 100]),
      );
      return ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('职能工时报表.xlsx')).send(buffer);
    },
    exportDetail: async (input, ctx) => {
      const summary = await one(ctx.user, input.projectId, input.month);
      return sendXlsx(ctx.reply, {
        filename: `${summary.projectName}-${input.month}-工时明细.xlsx`,
        sheet: '工时明细',
        columns: await exportColumns(platform, manHourMeta, langOf(ctx.req)),
        batches: manHourResource.batches(db, { projectId: input.projectId, month: input.month }, ctx.user),
      });
    },
  });
}
