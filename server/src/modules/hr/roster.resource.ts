import { type Page, type PageRequest, type RosterRecord, rosterMeta } from '@erp/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grades, orgUnits, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { atLeast, atMost, equals, type FilterFn, inOrgSubtree, likePattern, oneOf } from '../../platform/resource/filters';
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
    // Only for people still employed, as 即将到期 lists them; today by the database's date.
    expiredCount: sql<number>`(CASE WHEN ${employees.status} IN ('003', '004') THEN
      (CASE WHEN ${employees.contractEndDate} < CURRENT_DATE THEN 1 ELSE 0 END)
      + (CASE WHEN ${employees.idExpireDate} < CURRENT_DATE THEN 1 ELSE 0 END)
      + (SELECT count(*) FROM employee_certificates c WHERE c.employee_id = ${employees.id} AND c.expire_date < CURRENT_DATE)
      ELSE 0 END)::int`,
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
    ids: oneOf(employees.id),
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

/**
 * The page of a keyword of one or two characters with no other filter, in the default order, for a
 * reader who sees every employee: the matches are one range of employee_search_pieces' order index
 * (piece, employee code, id), so the page reads its own rows and the total is an index-only count of
 * that range — the same rows, order and total as the keyword filter above, without reading every
 * match (thousands for a common surname). Whole code and ID number matches are merged in, as there.
 * Null when the request is not such a page.
 */
export async function rosterKeywordPage(db: Db, req: PageRequest & Record<string, unknown>, user: Principal | null): Promise<Page<RosterRecord> | null> {
  const keyword = req.keyword;
  if (typeof keyword !== 'string' || !isPieceKeyword(keyword)) return null;
  if (user && user.dataScope.kind !== 'all') return null;
  if (!rosterResource.inDefaultOrder(req)) return null;
  for (const name of Object.keys(rosterResource.spec.filters ?? {}))
    if (name !== 'keyword' && req[name] !== undefined && req[name] !== null && req[name] !== '') return null;
  const { limit, offset } = pageWindow(req);
  // The piece is compared to a sub-select, not to the parameter: the planner then estimates every
  // keyword alike, so PostgreSQL keeps one generic plan per connection for this statement instead of
  // planning it on each call for the keyword's own frequency (planning took ~0.45 ms, longer than
  // running it; the plan is the same index range either way).
  const piece = sql`(SELECT lower(${keyword}))`;
  const whole = sql`SELECT e.employee_code AS code, e.id FROM employees e WHERE e.employee_code = ${keyword} OR upper(e.id_card_no) = upper(${keyword})`;
  const keys = sql`SELECT k.id FROM (
      (SELECT p.employee_code AS code, p.employee_id AS id FROM employee_search_pieces p WHERE p.piece = ${piece}
        ORDER BY p.employee_code, p.employee_id LIMIT ${rowCountLiteral(offset + limit)})
      UNION (${whole})) k
    ORDER BY k.code, k.id LIMIT ${rowCountLiteral(limit)}${offset > 0 ? sql` OFFSET ${rowCountLiteral(offset)}` : sql``}`;
  const total = sql`SELECT (SELECT count(*) FROM employee_search_pieces p WHERE p.piece = ${piece})::int
    + (SELECT count(*) FROM (${whole}) w WHERE NOT EXISTS (SELECT 1 FROM employee_search_pieces p WHERE p.employee_id = w.id AND p.piece = ${piece}))::int`;
  return rosterResource.pageOfKeys(db, req, keys, total);
}
