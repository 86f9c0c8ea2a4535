import { LOAN_MAX, LOAN_MSG, LOAN_PROCESS, type LoanInput, type LoanRecord, loanCalls, type Page, SALARY_PERM } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { implement, type Route } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';
import { addMonths, monthIndex } from './payroll';
import { payLoans } from './salary.schema';
import { sqlPage } from './salary.service';

/**
 * Salary advances (借款申请, docs/domain/hours-pay.md): a document on the kernel (JK…), approved by
 * finance, repaid in equal monthly installments that the payroll deducts from net pay (the last
 * installment takes the remainder); repaid so far = the installments of closed months.
 */

export const LOAN_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:erp="http://erp.local/schema/bpmn" id="defs_${LOAN_PROCESS}" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${LOAN_PROCESS}" name="借款申请" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="FINANCE">
    <bpmn:startEvent id="start" name="提交借款" />
    <bpmn:userTask id="finance" name="财务审批" erp:assigneeType="role" erp:assigneeValue="finance" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="finance" />
    <bpmn:sequenceFlow id="flow2" sourceRef="finance" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

export const loanDocument = defineDocument({
  processKey: LOAN_PROCESS,
  prefix: 'JK',
  name: '借款申请',
  table: payLoans,
  columns: { id: payLoans.id, state: payLoans.state, instanceId: payLoans.processInstanceId, documentNo: payLoans.loanNo },
  defaultDefinitionXml: LOAN_PROCESS_XML,
});

type Row = Record<string, unknown>;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const statusSql = sql.raw(
  `(CASE l.state ${Object.entries({ draft: '052', approving: '006', returned: '005', passed: '001', rejected: '003', revoked: '039' })
    .map(([s, c]) => `WHEN '${s}' THEN '${c}'`)
    .join(' ')} ELSE '052' END)`,
);

function select(user: Principal): ReturnType<typeof sql> {
  // Repaid: the installments whose month's payroll is closed.
  return sql`SELECT l.id, l.loan_no AS "loanNo", l.user_id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName",
      l.amount, l.installments, l.monthly_repayment AS "monthlyRepayment", l.first_month AS "firstMonth", l.reason, l.state, ${statusSql} AS status,
      (SELECT coalesce(sum(CASE WHEN k = l.installments - 1 THEN l.amount - l.monthly_repayment * (l.installments - 1) ELSE l.monthly_repayment END), 0)
         FROM pay_runs r CROSS JOIN LATERAL (SELECT (r.month / 100) * 12 + r.month % 100 - 1 - ((l.first_month / 100) * 12 + l.first_month % 100 - 1) AS k) x
         WHERE l.state = 'passed' AND r.state = 'closed' AND x.k >= 0 AND x.k < l.installments) AS repaid,
      (SELECT t.id FROM wf_tasks t WHERE t.instance_id = l.process_instance_id AND t.status = 'pending'
         AND (t.assignee_user_id = ${user.userId} OR ${user.userId} = ANY(t.candidate_user_ids)) LIMIT 1) AS "taskId",
      to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", count(*) OVER () AS total
    FROM pay_loans l JOIN users u ON u.id = l.user_id LEFT JOIN org_units o ON o.id = l.org_id`;
}

const recordOf = (r: Row): LoanRecord => ({
  id: n(r.id),
  loanNo: (r.loanNo as string | null) ?? null,
  userId: n(r.userId),
  userCode: String(r.userCode),
  realName: String(r.realName),
  orgName: (r.orgName as string | null) ?? null,
  amount: n(r.amount),
  installments: n(r.installments),
  monthlyRepayment: n(r.monthlyRepayment),
  firstMonth: n(r.firstMonth),
  lastMonth: addMonths(n(r.firstMonth), n(r.installments) - 1),
  reason: String(r.reason),
  repaid: n(r.repaid),
  state: String(r.state),
  status: String(r.status),
  taskId: r.taskId === null || r.taskId === undefined ? null : n(r.taskId),
  createdAt: String(r.createdAt),
});

export function loanPage(db: Db, user: Principal, input: { todo?: boolean; pageIndex: number; pageSize: number }): Promise<Page<LoanRecord>> {
  const where = input.todo
    ? sql`EXISTS (SELECT 1 FROM wf_tasks t WHERE t.instance_id = l.process_instance_id AND t.status = 'pending'
        AND (t.assignee_user_id = ${user.userId} OR ${user.userId} = ANY(t.candidate_user_ids)))`
    : sql`l.user_id = ${user.userId}`;
  return sqlPage(db, sql`${select(user)} WHERE ${where} ORDER BY l.id DESC`, input.pageIndex, input.pageSize, recordOf);
}

/** The applicant, whoever has a task on it, and finance (payroll permission) may read a loan. */
export async function loanDetail(db: Db, user: Principal, id: number): Promise<LoanRecord> {
  const [r] = await queryRows<Row>(db, sql`${select(user)} WHERE l.id = ${id}`);
  if (!r) throw notFound('借款申请不存在');
  const rec = recordOf(r);
  if (rec.userId !== user.userId && !rec.taskId && !hasPermission(user, SALARY_PERM.list)) throw notFound('借款申请不存在');
  return rec;
}

export async function applyLoan(db: Db, user: Principal, input: LoanInput): Promise<number> {
  const v = input as { amount: number; installments: number; firstMonth: number; reason: string };
  const [emp] = await queryRows<{ id: number; salary: number | null; org_id: number | null }>(
    db,
    sql`SELECT e.id, e.salary_cents AS salary, u.org_id FROM employees e JOIN users u ON u.id = e.user_id
      WHERE e.user_id = ${user.userId} AND (e.leave_date IS NULL OR e.leave_date >= current_date) AND e.employ_state <> '005'`,
  );
  if (!emp) throw badRequest(LOAN_MSG.notEmployee);
  if (v.amount > Math.min(LOAN_MAX, 3 * n(emp.salary))) throw badRequest(LOAN_MSG.tooMuch);
  const [closed] = await queryRows<{ m: number | null }>(db, sql`SELECT max(month) AS m FROM pay_runs WHERE state = 'closed'`);
  if (v.firstMonth <= n(closed?.m)) throw badRequest(`${LOAN_MSG.firstMonth}（${n(closed?.m)}）`);
  const monthly = Math.floor(v.amount / v.installments);
  return db.transaction(async (tx) => {
    // One open or unpaid advance per person: checked under the person's row lock, so two applications at once make one.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${user.userId} FOR UPDATE`);
    const [open] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT l.id FROM pay_loans l WHERE l.user_id = ${user.userId} AND (l.state IN ('draft', 'approving', 'returned')
        OR (l.state = 'passed' AND ${monthIndex(n(closed?.m))}::int < (l.first_month / 100) * 12 + l.first_month % 100 - 1 + l.installments - 1))`,
    );
    if (open) throw conflict(LOAN_MSG.open);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO pay_loans (user_id, employee_id, org_id, amount, installments, monthly_repayment, first_month, reason, created_by, updated_by)
        VALUES (${user.userId}, ${emp.id}, ${emp.org_id}, ${v.amount}, ${v.installments}, ${monthly}, ${v.firstMonth}, ${v.reason.trim()}, ${user.userId}, ${user.userId})
        RETURNING id`,
    );
    const id = n(row?.id);
    await loanDocument.submit(tx, {
      id,
      userId: user.userId,
      title: `借款申请：${user.realName} ${(v.amount / 100).toFixed(2)}元`,
      vars: { amount: v.amount, orgId: emp.org_id },
    });
    return id;
  });
}

export function loanRoutes(platform: Platform): Route[] {
  const db = platform.db;
  return implement(loanCalls, {
    loanPage: (input, ctx) => loanPage(db, ctx.user, input),
    loanApply: async (input, ctx) => {
      const id = await applyLoan(db, ctx.user, input);
      ctx.audit({ recordId: id });
      return loanDetail(db, ctx.user, id);
    },
    loanDetail: (input, ctx) => loanDetail(db, ctx.user, input.id),
    loanPass: async (input, ctx) => {
      const { row } = await loanDocument.task(db, input.taskId);
      await loanDocument.pass(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      ctx.audit({ recordId: (row as { id: number }).id });
      return null;
    },
    loanReject: async (input, ctx) => {
      const { row } = await loanDocument.task(db, input.taskId);
      await loanDocument.reject(db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
      ctx.audit({ recordId: (row as { id: number }).id });
      return null;
    },
  });
}
