import {
  type ChangeLogRecord,
  changeLogMeta,
  type DepartureRecord,
  DOCUMENT_STATUS_CODE,
  departureMeta,
  type FormalRecord,
  formalMeta,
  type MoveRecord,
  type OnboardingRecord,
  onboardingMeta,
  type QuitRecord,
  quitMeta,
  type RenewalDueRecord,
  type RenewalRecord,
  renewalDueMeta,
  renewalMeta,
  transferMeta,
} from '@erp/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits, users } from '../../../db/schema';
import { atLeast, atMost, equals, type FilterFn, inOrgSubtree, likePattern } from '../../../platform/resource/filters';
import { defineResource } from '../../../platform/resource/resource';
import { employeeEvents } from '../employee-records.schema';
import { employees } from '../hr.schema';
import { contractRenewals, employeeQuits, employeeTransfers, onboardings } from './lifecycle.schema';

/** The STATUS legend code of a document state, in SQL (lists show it with its colour). */
export function statusSql(state: PgColumn): SQL<string> {
  const cases = Object.entries(DOCUMENT_STATUS_CODE).map(([s, code]) => sql`WHEN ${sql.raw(`'${s}'`)} THEN ${sql.raw(`'${code}'`)}`);
  return sql<string>`CASE ${state} ${sql.join(cases, sql` `)} ELSE '052' END`;
}
const yuan = (c: PgColumn) => sql<number | null>`(${c})::float8 / 100`;
const isoTime = (c: PgColumn | SQL) => sql<string | null>`to_char((${c}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Name or employee code of the document's employee. */
const personKeyword =
  (name: PgColumn, code: PgColumn): FilterFn =>
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const p = likePattern(String(v));
    return sql`(${name} ILIKE ${p} OR ${code} ILIKE ${p})`;
  };
const emp = alias(employees, 'lc_emp');
const fromOrg = alias(orgUnits, 'lc_from_org');
const toOrg = alias(orgUnits, 'lc_to_org');
const empOrg = alias(orgUnits, 'lc_emp_org');
const fromGrade = alias(grades, 'lc_from_grade');
const toGrade = alias(grades, 'lc_to_grade');
const fromClient = alias(orgUnits, 'lc_from_client');
const toClient = alias(orgUnits, 'lc_to_client');
const handover = alias(users, 'lc_handover');

const docSelect = <T extends { id: PgColumn; documentNo: PgColumn; state: PgColumn; processInstanceId: PgColumn; createdAt: PgColumn }>(t: T) => ({
  id: t.id,
  documentNo: t.documentNo,
  state: t.state,
  status: statusSql(t.state),
  processInstanceId: t.processInstanceId,
  createdAt: t.createdAt,
});

export const transferResource = defineResource<MoveRecord, typeof employeeTransfers>({
  meta: transferMeta,
  table: employeeTransfers,
  idColumn: employeeTransfers.id,
  select: {
    ...docSelect(employeeTransfers),
    employeeId: employeeTransfers.employeeId,
    employeeCode: emp.employeeCode,
    employeeName: emp.name,
    changeType: employeeTransfers.changeType,
    fromOrgName: fromOrg.name,
    toOrgId: employeeTransfers.toOrgId,
    toOrgName: toOrg.name,
    fromPositionName: employeeTransfers.fromPositionName,
    toPositionName: employeeTransfers.toPositionName,
    fromGradeName: fromGrade.name,
    toGradeName: toGrade.name,
    fromClientName: fromClient.name,
    toClientName: toClient.name,
    fromSalary: yuan(employeeTransfers.fromSalaryCents),
    toSalary: yuan(employeeTransfers.toSalaryCents),
    effectiveDate: employeeTransfers.effectiveDate,
    reason: employeeTransfers.reason,
    appliedAt: employeeTransfers.appliedAt,
  },
  joins: [
    { table: emp, on: eq(emp.id, employeeTransfers.employeeId) },
    { table: fromOrg, on: eq(fromOrg.id, employeeTransfers.fromOrgId) },
    { table: toOrg, on: eq(toOrg.id, employeeTransfers.toOrgId) },
    { table: fromGrade, on: eq(fromGrade.id, employeeTransfers.fromGradeId) },
    { table: toGrade, on: eq(toGrade.id, employeeTransfers.toGradeId) },
    { table: fromClient, on: eq(fromClient.id, employeeTransfers.fromClientCompanyId) },
    { table: toClient, on: eq(toClient.id, employeeTransfers.toClientCompanyId) },
  ],
  filters: {
    keyword: personKeyword(emp.name, emp.employeeCode),
    orgId: inOrgSubtree(emp.orgId),
    state: equals(employeeTransfers.state),
    changeType: equals(employeeTransfers.changeType),
    dateFrom: atLeast(employeeTransfers.effectiveDate),
    dateTo: atMost(employeeTransfers.effectiveDate),
  },
  sortable: { effectiveDate: employeeTransfers.effectiveDate, createdAt: employeeTransfers.createdAt },
  defaultOrder: [desc(employeeTransfers.id)],
  scope: { orgId: emp.orgId, ownerUserId: employeeTransfers.applicantUserId },
});

export const quitResource = defineResource<QuitRecord, typeof employeeQuits>({
  meta: quitMeta,
  table: employeeQuits,
  idColumn: employeeQuits.id,
  select: {
    ...docSelect(employeeQuits),
    employeeId: employeeQuits.employeeId,
    employeeCode: emp.employeeCode,
    employeeName: emp.name,
    orgName: empOrg.name,
    positionName: emp.positionName,
    entryDate: emp.entryDate,
    quitKind: employeeQuits.quitKind,
    quitType: employeeQuits.quitType,
    reason: employeeQuits.reason,
    applyDate: employeeQuits.applyDate,
    lastWorkDate: employeeQuits.lastWorkDate,
    handoverUserName: handover.realName,
    handoverNote: employeeQuits.handoverNote,
    fileIds: employeeQuits.fileIds,
    appliedAt: employeeQuits.appliedAt,
  },
  joins: [
    { table: emp, on: eq(emp.id, employeeQuits.employeeId) },
    { table: empOrg, on: eq(empOrg.id, emp.orgId) },
    { table: handover, on: eq(handover.id, employeeQuits.handoverUserId) },
  ],
  filters: {
    keyword: personKeyword(emp.name, emp.employeeCode),
    orgId: inOrgSubtree(emp.orgId),
    state: equals(employeeQuits.state),
    quitKind: equals(employeeQuits.quitKind),
    dateFrom: atLeast(employeeQuits.lastWorkDate),
    dateTo: atMost(employeeQuits.lastWorkDate),
  },
  sortable: { lastWorkDate: employeeQuits.lastWorkDate, createdAt: employeeQuits.createdAt },
  defaultOrder: [desc(employeeQuits.id)],
  scope: { orgId: emp.orgId, ownerUserId: employeeQuits.applicantUserId },
});

export const renewalResource = defineResource<RenewalRecord, typeof contractRenewals>({
  meta: renewalMeta,
  table: contractRenewals,
  idColumn: contractRenewals.id,
  select: {
    ...docSelect(contractRenewals),
    employeeId: contractRenewals.employeeId,
    employeeCode: emp.employeeCode,
    employeeName: emp.name,
    orgName: empOrg.name,
    oldEndDate: contractRenewals.oldEndDate,
    newStartDate: contractRenewals.newStartDate,
    newEndDate: contractRenewals.newEndDate,
    contractType: contractRenewals.contractType,
    remark: contractRenewals.remark,
  },
  joins: [
    { table: emp, on: eq(emp.id, contractRenewals.employeeId) },
    { table: empOrg, on: eq(empOrg.id, emp.orgId) },
  ],
  filters: {
    keyword: personKeyword(emp.name, emp.employeeCode),
    orgId: inOrgSubtree(emp.orgId),
    state: equals(contractRenewals.state),
    dateFrom: atLeast(contractRenewals.newEndDate),
    dateTo: atMost(contractRenewals.newEndDate),
  },
  sortable: { newEndDate: contractRenewals.newEndDate, createdAt: contractRenewals.createdAt },
  defaultOrder: [desc(contractRenewals.id)],
  scope: { orgId: emp.orgId, ownerUserId: contractRenewals.applicantUserId },
});

const obOrg = alias(orgUnits, 'lc_ob_org');
export const onboardingResource = defineResource<OnboardingRecord, typeof onboardings>({
  meta: onboardingMeta,
  table: onboardings,
  idColumn: onboardings.id,
  select: {
    ...docSelect(onboardings),
    source: onboardings.source,
    stage: onboardings.stage,
    name: onboardings.name,
    phone: onboardings.phone,
    email: onboardings.email,
    idType: onboardings.idType,
    idNumber: onboardings.idCardNo,
    orgId: onboardings.orgId,
    orgName: obOrg.name,
    positionName: onboardings.positionName,
    gradeName: grades.name,
    personCategory: onboardings.personCategory,
    plannedEntryDate: onboardings.plannedEntryDate,
    probationMonths: onboardings.probationMonths,
    userCode: onboardings.userCode,
    employeeId: onboardings.employeeId,
    filledAt: onboardings.filledAt,
    linkExpiresAt: onboardings.linkExpiresAt,
    signFileId: onboardings.signFileId,
    giveupReason: onboardings.giveupReason,
  },
  joins: [
    { table: obOrg, on: eq(obOrg.id, onboardings.orgId) },
    { table: grades, on: eq(grades.id, onboardings.gradeId) },
  ],
  filters: {
    keyword: (v) => (v ? sql`(${onboardings.name} ILIKE ${likePattern(String(v))} OR ${onboardings.phone} = ${String(v)})` : undefined),
    orgId: inOrgSubtree(onboardings.orgId),
    stage: equals(onboardings.stage),
    dateFrom: atLeast(onboardings.plannedEntryDate),
    dateTo: atMost(onboardings.plannedEntryDate),
  },
  sortable: { plannedEntryDate: onboardings.plannedEntryDate, createdAt: onboardings.createdAt },
  defaultOrder: [desc(onboardings.plannedEntryDate)],
  scope: { orgId: onboardings.orgId, ownerUserId: onboardings.applicantUserId },
});

const empUnit = alias(orgUnits, 'lc_unit');
const lastQuit = sql`(SELECT q.id FROM employee_quits q WHERE q.employee_id = ${employees.id} AND q.state = 'passed' ORDER BY q.id DESC LIMIT 1)`;
export const departureResource = defineResource<DepartureRecord, typeof employees>({
  meta: departureMeta,
  table: employees,
  idColumn: employees.id,
  select: {
    id: employees.id,
    employeeCode: employees.employeeCode,
    name: employees.name,
    orgName: empUnit.name,
    positionName: employees.positionName,
    personCategory: employees.personCategory,
    employState: employees.employState,
    entryDate: employees.entryDate,
    leaveDate: employees.leaveDate,
    quitType: sql<string | null>`(SELECT q.quit_type FROM employee_quits q WHERE q.id = ${lastQuit})`,
    documentNo: sql<string | null>`(SELECT q.document_no FROM employee_quits q WHERE q.id = ${lastQuit})`,
  },
  joins: [{ table: empUnit, on: eq(empUnit.id, employees.orgId) }],
  filters: {
    keyword: personKeyword(employees.name, employees.employeeCode),
    orgId: inOrgSubtree(employees.orgId),
    employState: equals(employees.employState),
    dateFrom: atLeast(employees.leaveDate),
    dateTo: atMost(employees.leaveDate),
  },
  sortable: { leaveDate: employees.leaveDate },
  defaultOrder: [sql`${employees.leaveDate} DESC NULLS LAST`],
  scope: { orgId: employees.orgId },
  where: sql`${employees.employState} IN ('004', '005')`,
});

const lastConfirmation = (col: string) => sql.raw(`(SELECT c.${col} FROM confirmations c WHERE c.employee_id = "employees"."id" ORDER BY c.id DESC LIMIT 1)`);
const formalSelect = {
  id: employees.id,
  employeeCode: employees.employeeCode,
  name: employees.name,
  userCode: users.userCode,
  orgName: empUnit.name,
  positionName: employees.positionName,
  personCategory: employees.personCategory,
  entryDate: employees.entryDate,
  probationMonths: employees.probationMonths,
  dueDate: sql<string | null>`((${employees.entryDate} + make_interval(months => ${employees.probationMonths}))::date)::text`,
  confirmationState: sql<string | null>`${lastConfirmation('status')}`,
  documentNo: sql<string | null>`${lastConfirmation('document_no')}`,
  regularDate: employees.regularDate,
  noticeSentAt: isoTime(lastConfirmation('notice_sent_at')),
  email: employees.email,
};
const formalBase = {
  meta: formalMeta,
  table: employees,
  idColumn: employees.id,
  select: formalSelect,
  joins: [
    { table: empUnit, on: eq(empUnit.id, employees.orgId) },
    { table: users, on: eq(users.id, employees.userId) },
  ],
  scope: { orgId: employees.orgId },
};
/** People on probation and on duty, by due date. */
export const formalResource = defineResource<FormalRecord, typeof employees>({
  ...formalBase,
  filters: {
    keyword: personKeyword(employees.name, employees.employeeCode),
    orgId: inOrgSubtree(employees.orgId),
  },
  sortable: { entryDate: employees.entryDate, dueDate: sql`(${employees.entryDate} + make_interval(months => ${employees.probationMonths}))` },
  defaultOrder: [sql`(${employees.entryDate} + make_interval(months => ${employees.probationMonths}))`],
  where: sql`${employees.status} = '003' AND ${employees.regularStatus} <> '010'`,
});
/** Confirmed people whose confirmation passed (the notice list). */
export const formalReceiveResource = defineResource<FormalRecord, typeof employees>({
  ...formalBase,
  filters: {
    keyword: personKeyword(employees.name, employees.employeeCode),
    orgId: inOrgSubtree(employees.orgId),
    sent: (v) =>
      v === undefined ? undefined : v ? sql`${lastConfirmation('notice_sent_at')} IS NOT NULL` : sql`${lastConfirmation('notice_sent_at')} IS NULL`,
  },
  sortable: { entryDate: employees.entryDate },
  defaultOrder: [sql`${employees.regularDate} DESC NULLS LAST`],
  where: sql`${employees.regularStatus} = '010' AND ${employees.status} = '003' AND EXISTS (SELECT 1 FROM confirmations c WHERE c.employee_id = ${employees.id} AND c.status = 'passed')`,
});

const lastRenewal = (col: string) => sql.raw(`(SELECT r.${col} FROM contract_renewals r WHERE r.employee_id = "employees"."id" ORDER BY r.id DESC LIMIT 1)`);
export const contractResource = defineResource<RenewalDueRecord, typeof employees>({
  meta: renewalDueMeta,
  table: employees,
  idColumn: employees.id,
  select: {
    id: employees.id,
    employeeCode: employees.employeeCode,
    name: employees.name,
    orgName: empUnit.name,
    positionName: employees.positionName,
    entryDate: employees.entryDate,
    contractEndDate: employees.contractEndDate,
    daysLeft: sql<number | null>`(${employees.contractEndDate} - CURRENT_DATE)`,
    renewalState: sql<string | null>`${lastRenewal('state')}`,
    renewalNo: sql<string | null>`${lastRenewal('document_no')}`,
  },
  joins: [{ table: empUnit, on: eq(empUnit.id, employees.orgId) }],
  filters: {
    keyword: personKeyword(employees.name, employees.employeeCode),
    orgId: inOrgSubtree(employees.orgId),
    endFrom: atLeast(employees.contractEndDate),
    endTo: atMost(employees.contractEndDate),
  },
  sortable: { contractEndDate: employees.contractEndDate },
  defaultOrder: [sql`${employees.contractEndDate} ASC NULLS LAST`],
  scope: { orgId: employees.orgId },
  where: sql`${employees.status} IN ('003', '004') AND ${employees.contractEndDate} IS NOT NULL`,
});

const evEmp = alias(employees, 'ev_emp');
const evFromOrg = alias(orgUnits, 'ev_from_org');
const evToOrg = alias(orgUnits, 'ev_to_org');
const evFromGrade = alias(grades, 'ev_from_grade');
const evToGrade = alias(grades, 'ev_to_grade');
export const changeLogResource = defineResource<ChangeLogRecord, typeof employeeEvents>({
  meta: changeLogMeta,
  table: employeeEvents,
  idColumn: employeeEvents.id,
  select: {
    id: employeeEvents.id,
    employeeId: employeeEvents.employeeId,
    employeeCode: evEmp.employeeCode,
    employeeName: evEmp.name,
    kind: employeeEvents.kind,
    effectiveDate: employeeEvents.effectiveDate,
    fromOrgName: evFromOrg.name,
    toOrgName: evToOrg.name,
    fromPosition: employeeEvents.fromPosition,
    toPosition: employeeEvents.toPosition,
    fromGradeName: evFromGrade.name,
    toGradeName: evToGrade.name,
    documentNo: employeeEvents.documentNo,
    remark: employeeEvents.remark,
  },
  joins: [
    { table: evEmp, on: eq(evEmp.id, employeeEvents.employeeId) },
    { table: evFromOrg, on: eq(evFromOrg.id, employeeEvents.fromOrgId) },
    { table: evToOrg, on: eq(evToOrg.id, employeeEvents.toOrgId) },
    { table: evFromGrade, on: eq(evFromGrade.id, employeeEvents.fromGradeId) },
    { table: evToGrade, on: eq(evToGrade.id, employeeEvents.toGradeId) },
  ],
  filters: {
    keyword: personKeyword(evEmp.name, evEmp.employeeCode),
    orgId: inOrgSubtree(evEmp.orgId),
    kind: equals(employeeEvents.kind),
    dateFrom: atLeast(employeeEvents.effectiveDate),
    dateTo: atMost(employeeEvents.effectiveDate),
    employeeId: equals(employeeEvents.employeeId),
  },
  sortable: { effectiveDate: employeeEvents.effectiveDate },
  defaultOrder: [desc(employeeEvents.effectiveDate), desc(employeeEvents.id)],
  scope: { orgId: evEmp.orgId, ownerUserId: evEmp.userId },
});
