import { DOCUMENT_STATUS_CODE, type ProjectRecord, projectMeta } from '@erp/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orgUnits, users } from '../../../db/schema';
import { anyContains, equals, type FilterFn, inOrgSubtree } from '../../../platform/resource/filters';
import { defineResource } from '../../../platform/resource/resource';
import { finProjects } from './project.schema';

const clientOrg = alias(orgUnits, 'fp_client');
const settleOrg = alias(orgUnits, 'fp_settle');
const deptOrg = alias(orgUnits, 'fp_dept');
const manager = alias(users, 'fp_manager');
const parent = alias(finProjects, 'fp_parent');

/** STATUS legend code of the document state, in SQL (lists sort and colour by it). */
const statusCode: SQL<string> = sql<string>`(CASE ${finProjects.state} ${sql.join(
  Object.entries(DOCUMENT_STATUS_CODE).map(([state, code]) => sql`WHEN ${sql.raw(`'${state}'`)} THEN ${sql.raw(`'${code}'`)}`),
  sql` `,
)} ELSE '052' END)`;

/** Projects running in a year (their period overlaps it). */
const runningIn: FilterFn = (v) =>
  v === undefined || v === null || v === ''
    ? undefined
    : sql`(${finProjects.startDate} <= make_date(${Number(v)}::int, 12, 31) AND ${finProjects.endDate} >= make_date(${Number(v)}::int, 1, 1))`;

export const projectResource = defineResource<ProjectRecord, typeof finProjects>({
  meta: projectMeta,
  table: finProjects,
  idColumn: finProjects.id,
  select: {
    id: finProjects.id,
    projectNo: finProjects.projectNo,
    name: finProjects.name,
    projectType: finProjects.projectType,
    parentId: finProjects.parentId,
    parentName: parent.name,
    clientOrgId: finProjects.clientOrgId,
    clientName: clientOrg.name,
    settleOrgId: finProjects.settleOrgId,
    settleOrgName: settleOrg.name,
    deptId: finProjects.deptId,
    deptName: deptOrg.name,
    managerUserId: finProjects.managerUserId,
    managerName: manager.realName,
    startDate: finProjects.startDate,
    endDate: finProjects.endDate,
    contractAmount: finProjects.contractAmount,
    state: finProjects.state,
    status: statusCode,
    phase: finProjects.phase,
    versionNo: finProjects.versionNo,
    processInstanceId: finProjects.processInstanceId,
    createdBy: finProjects.createdBy,
    createdAt: finProjects.createdAt,
    updatedAt: finProjects.updatedAt,
  },
  joins: [
    { table: clientOrg, on: eq(clientOrg.id, finProjects.clientOrgId) },
    { table: settleOrg, on: eq(settleOrg.id, finProjects.settleOrgId) },
    { table: deptOrg, on: eq(deptOrg.id, finProjects.deptId) },
    { table: manager, on: eq(manager.id, finProjects.managerUserId) },
    { table: parent, on: eq(parent.id, finProjects.parentId) },
  ],
  filters: {
    keyword: anyContains(finProjects.name, finProjects.projectNo),
    projectType: equals(finProjects.projectType),
    clientOrgId: equals(finProjects.clientOrgId),
    deptId: inOrgSubtree(finProjects.deptId),
    phase: equals(finProjects.phase),
    state: equals(finProjects.state),
    year: runningIn,
    parentId: equals(finProjects.parentId),
  },
  sortable: {
    projectNo: finProjects.projectNo,
    name: finProjects.name,
    startDate: finProjects.startDate,
    endDate: finProjects.endDate,
    contractAmount: finProjects.contractAmount,
    updatedAt: finProjects.updatedAt,
  },
  defaultOrder: [desc(finProjects.id)],
  scope: { orgId: finProjects.deptId, ownerUserId: finProjects.managerUserId },
  softDelete: finProjects.deletedAt,
});
