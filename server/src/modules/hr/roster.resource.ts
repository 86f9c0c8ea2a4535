import { type RosterRecord, rosterMeta } from '@erp/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits, users } from '../../db/schema';
import { anyContains, atLeast, atMost, equals, type FilterFn, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { isPieceKeyword } from '../base/base.resources';
import { employees } from './hr.schema';

const org = alias(orgUnits, 'emp_org');
const company = alias(orgUnits, 'emp_company');
const client = alias(orgUnits, 'emp_client');
const settlement = alias(orgUnits, 'emp_settlement');

/**
 * The roster keyword: name, code, account, phone or ID number. One or two characters are looked up
 * in the person search's pieces (name, account, pinyin initials and phone of the linked user; a
 * trigram index needs three) plus the employee code; longer ones through the trigram indexes. An
 * ID number is matched whole (an ID is never searched by a fragment: it is masked for most).
 */
const rosterKeyword: FilterFn = (v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const keyword = String(v);
  const idMatch = sql`upper(${employees.idCardNo}) = upper(${keyword})`;
  if (isPieceKeyword(keyword)) {
    return sql`(${employees.userId} IN (SELECT p.user_id FROM user_search_pieces p WHERE p.piece = lower(${keyword})) OR ${idMatch} OR ${anyContains(employees.employeeCode, employees.name)(keyword) as SQL})`;
  }
  return sql`(${anyContains(employees.name, employees.employeeCode, users.userCode, employees.phone)(keyword) as SQL} OR ${idMatch})`;
};

/** The roster: every employee in the reader's data scope, with the names a list shows. */
export const rosterResource = defineResource<RosterRecord, typeof employees>({
  meta: rosterMeta,
  table: employees,
  idColumn: employees.id,
  select: {
    id: employees.id,
    employeeCode: employees.employeeCode,
    name: employees.name,
    userCode: users.userCode,
    gender: employees.gender,
    birthday: employees.birthday,
    orgId: employees.orgId,
    orgName: org.name,
    companyName: company.name,
    positionName: employees.positionName,
    gradeName: grades.name,
    personCategory: employees.personCategory,
    clientCompanyId: employees.clientCompanyId,
    clientCompanyName: client.name,
    settlementOrgName: settlement.name,
    employState: employees.employState,
    entryDate: employees.entryDate,
    regularDate: employees.regularDate,
    leaveDate: employees.leaveDate,
    phone: employees.phone,
    idType: employees.idType,
    idNumber: employees.idCardNo,
    updatedAt: employees.updatedAt,
  },
  joins: [
    { table: users, on: eq(users.id, employees.userId) },
    { table: org, on: eq(org.id, employees.orgId) },
    { table: company, on: eq(company.id, employees.companyId) },
    { table: grades, on: eq(grades.id, employees.gradeId) },
    { table: client, on: eq(client.id, employees.clientCompanyId) },
    { table: settlement, on: eq(settlement.id, employees.settlementOrgId) },
  ],
  filters: {
    orgId: inOrgSubtree(employees.orgId),
    personCategory: equals(employees.personCategory),
    employState: equals(employees.employState),
    clientCompanyId: equals(employees.clientCompanyId),
    entryDateFrom: atLeast(employees.entryDate),
    entryDateTo: atMost(employees.entryDate),
    keyword: rosterKeyword,
  },
  sortable: {
    employeeCode: employees.employeeCode,
    name: employees.name,
    orgName: org.name,
    entryDate: employees.entryDate,
    updatedAt: employees.updatedAt,
  },
  defaultOrder: [asc(employees.employeeCode)],
  scope: { orgId: employees.orgId, ownerUserId: employees.userId },
});
