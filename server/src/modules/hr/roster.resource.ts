import { type RosterRecord, rosterMeta } from '@erp/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits, users } from '../../db/schema';
import { atLeast, atMost, equals, type FilterFn, inOrgSubtree, likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { isPieceKeyword } from '../base/base.resources';
import { employees } from './hr.schema';

const org = alias(orgUnits, 'emp_org');
const company = alias(orgUnits, 'emp_company');
const client = alias(orgUnits, 'emp_client');
const settlement = alias(orgUnits, 'emp_settlement');

/**
 * The roster keyword: name, code, account, phone or ID number, as one set of employee ids so that
 * each part is served by its own index and the page reads only the matches:
 * - one or two characters are a piece of the person search (name, account, pinyin initials and
 *   phone of the linked account; trigram indexes need three characters), or a whole code;
 * - longer ones go through the accounts' trigram indexes (name, account, pinyin, phone) and the
 *   employee code's; the employee's name is the account's (kept equal when either changes);
 * - an ID number is matched whole (it is masked for most readers, so nobody searches a fragment).
 */
const rosterKeyword: FilterFn = (v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const keyword = String(v);
  const whole = sql`SELECT e.id FROM employees e WHERE e.employee_code = ${keyword} OR upper(e.id_card_no) = upper(${keyword})`;
  if (isPieceKeyword(keyword)) {
    return sql`${employees.id} IN (SELECT e.id FROM employees e JOIN user_search_pieces p ON p.user_id = e.user_id WHERE p.piece = lower(${keyword}) UNION ${whole})`;
  }
  const pattern = likePattern(keyword);
  return sql`${employees.id} IN (
    SELECT e.id FROM employees e JOIN users u ON u.id = e.user_id
      WHERE u.real_name ILIKE ${pattern} OR u.user_code ILIKE ${pattern} OR u.name_pinyin ILIKE ${pattern} OR u.phone ILIKE ${pattern}
    UNION SELECT e.id FROM employees e WHERE e.employee_code ILIKE ${pattern}
    UNION ${whole})`;
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
