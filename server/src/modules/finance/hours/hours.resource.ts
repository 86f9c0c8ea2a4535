import { DOCUMENT_STATUS_CODE, type HourSheetRecord, hourSheetMeta } from '@erp/contract';
import { type AnyColumn, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orgUnits, users } from '../../../db/schema';
import { anyContains, equals, inOrgSubtree } from '../../../platform/resource/filters';
import { defineResource } from '../../../platform/resource/resource';
import { finProjects } from '../project/project.schema';
import { finHourSheets as t } from './hours.schema';

export const person = alias(users, 'hs_user');
export const project = alias(finProjects, 'hs_project');
export const dept = alias(orgUnits, 'hs_dept');

export const sheetStatus: SQL<string> = sql<string>`(CASE ${t.state} ${sql.join(
  Object.entries(DOCUMENT_STATUS_CODE).map(([state, code]) => sql.raw(`WHEN '${state}' THEN '${code}'`)),
  sql` `,
)} ELSE '052' END)`;
const hours = (c: AnyColumn) => sql<number>`(${c}::float8 / 60)`;

export const sheetSelect = {
  id: t.id,
  sheetNo: t.sheetNo,
  userId: t.userId,
  userCode: sql<string>`coalesce(${person.userCode}, '')`,
  realName: sql<string>`coalesce(${person.realName}, '')`,
  projectId: t.projectId,
  projectNo: project.projectNo,
  projectName: sql<string>`coalesce(${project.name}, '')`,
  deptId: t.deptId,
  deptName: dept.name,
  month: t.month,
  totalHours: hours(t.totalMinutes),
  normalHours: hours(t.normalMinutes),
  otWorkdayHours: hours(t.otWorkdayMinutes),
  otRestdayHours: hours(t.otRestdayMinutes),
  otHolidayHours: hours(t.otHolidayMinutes),
  state: t.state,
  status: sheetStatus,
  revision: t.revision,
  processInstanceId: t.processInstanceId,
  remark: t.remark,
  updatedAt: t.updatedAt,
};
export const sheetJoins = [
  { table: person, on: eq(person.id, t.userId) },
  { table: project, on: eq(project.id, t.projectId) },
  { table: dept, on: eq(dept.id, t.deptId) },
];
export const sheetFilters = {
  keyword: anyContains(person.realName, person.userCode, project.name, t.sheetNo),
  projectId: equals(t.projectId),
  month: equals(t.month),
  state: equals(t.state),
  deptId: inOrgSubtree(t.deptId),
};

/** Timesheets: the owner's own list (no scope, filtered by owner) and the project list (scope: the project's department). */
export const hourSheetResource = defineResource<HourSheetRecord, typeof t>({
  meta: hourSheetMeta,
  table: t,
  idColumn: t.id,
  select: sheetSelect,
  joins: sheetJoins,
  filters: sheetFilters,
  sortable: { month: t.month, totalHours: t.totalMinutes, updatedAt: t.updatedAt },
  defaultOrder: [desc(t.month), desc(t.id)],
  scope: { orgId: t.deptId, ownerUserId: t.userId },
  softDelete: t.deletedAt,
});
