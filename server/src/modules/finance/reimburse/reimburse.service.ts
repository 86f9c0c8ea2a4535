import {
  CLAIM_STATE,
  type ClaimDetail,
  type ClaimLine,
  type ClaimRecord,
  EXPENSE_CATEGORIES,
  type ExpenseInvoice,
  type FileEntry,
  INVOICE_REQUIRED_CATEGORIES,
  INVOICE_STATE,
  type Page,
  REIMBURSE_MAX,
  REIMBURSE_MSG,
  REIMBURSE_PERM,
  type ZClaimFilters,
  type ZClaimInput,
  type ZInvoiceFilters,
  type ZInvoiceInput,
} from '@erp/contract';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { files } from '../../../db/schema';
import { hasPermission, type Principal } from '../../../platform/auth/principal';
import { requireSecondPerson } from '../../../platform/controls/four-eyes';
import { type Db, queryRows } from '../../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors';
import * as engine from '../../../workflow/engine';
import { toEntry } from '../../file/file.service';
import { requireOpenPeriodAt } from '../period/period.service';
import { claimBudgetNotice, requireClaimWithinBudget } from './claim-budget';
import { claimDocument, claimVars, releaseInvoices } from './reimburse.documents';
import { checkClaimProject } from './reimburse.projects';

type Row = Record<string, unknown>;
type InvoiceInput = z.output<typeof ZInvoiceInput>;
type ClaimInput = z.output<typeof ZClaimInput>;
type InvoiceFilters = { [K in keyof typeof ZInvoiceFilters]?: z.output<(typeof ZInvoiceFilters)[K]> };
type ClaimFilters = { [K in keyof typeof ZClaimFilters]?: z.output<(typeof ZClaimFilters)[K]> };

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** What decides the dates a claim or invoice may carry: today in the business zone (YYYY-MM-DD). */
export interface ReimburseContext {
  today(): string;
}

// ---- Invoices ----------------------------------------------------------------------------------------

const INVOICE_SELECT = sql`SELECT i.id, i.kind, i.invoice_code AS "invoiceCode", i.invoice_no AS "invoiceNo",
    to_char(i.invoice_date, 'YYYY-MM-DD') AS "invoiceDate", i.seller, i.amount_excl_tax AS "amountExclTax", i.tax, i.total,
    i.file_group_id AS "fileId", i.remark, i.state, i.claim_id AS "claimId", i.claim_line_id AS "claimLineId", c.claim_no AS "claimNo",
    i.user_id AS "userId", ${iso('i.created_at')} AS "createdAt", count(*) OVER () AS "rowCount"
  FROM fin_expense_invoices i LEFT JOIN fin_expense_claims c ON c.id = i.claim_id`;

async function filesOf(db: Db, groups: Array<string | null>): Promise<Map<string, FileEntry[]>> {
  const wanted = [...new Set(groups.filter((g): g is string => !!g))];
  const out = new Map<string, FileEntry[]>();
  if (!wanted.length) return out;
  const rows = await db
    .select()
    .from(files)
    .where(and(inArray(files.groupId, wanted), isNull(files.deletedAt)))
    .orderBy(files.id);
  for (const r of rows) out.set(r.groupId, [...(out.get(r.groupId) ?? []), toEntry(r)]);
  return out;
}

async function invoiceRecords(db: Db, rows: Row[]): Promise<Array<ExpenseInvoice & { claimLineId: number | null; userId: number }>> {
  const byGroup = await filesOf(
    db,
    rows.map((r) => s(r.fileId)),
  );
  return rows.map((r) => ({
    id: n(r.id),
    kind: String(r.kind),
    invoiceCode: s(r.invoiceCode),
    invoiceNo: String(r.invoiceNo),
    invoiceDate: String(r.invoiceDate),
    seller: String(r.seller),
    amountExclTax: n(r.amountExclTax),
    tax: n(r.tax),
    total: n(r.total),
    fileId: s(r.fileId),
    files: byGroup.get(String(r.fileId)) ?? [],
    remark: s(r.remark),
    state: String(r.state),
    claimId: nn(r.claimId),
    claimNo: s(r.claimNo),
    createdAt: String(r.createdAt),
    claimLineId: nn(r.claimLineId),
    userId: n(r.userId),
  }));
}

const publicInvoice = ({ claimLineId: _l, userId: _u, ...rest }: ExpenseInvoice & { claimLineId: number | null; userId: number }): ExpenseInvoice => rest;

/** My invoices: only the owner sees them (an approver sees them on the claim). */
export async function invoicePage(db: Db, user: Principal, input: InvoiceFilters & { pageIndex: number; pageSize: number }): Promise<Page<ExpenseInvoice>> {
  const where: SQL[] = [sql`i.deleted_at IS NULL`, sql`i.user_id = ${user.userId}`];
  if (input.available) {
    // The picker of a claim: free invoices, and those already on the claim being edited.
    where.push(input.forClaimId ? sql`(i.claim_id IS NULL OR i.claim_id = ${input.forClaimId})` : sql`i.claim_id IS NULL`);
  }
  if (input.state) where.push(sql`i.state = ${input.state}`);
  if (input.kind) where.push(sql`i.kind = ${input.kind}`);
  if (input.invoiceDateFrom) where.push(sql`i.invoice_date >= ${input.invoiceDateFrom}::date`);
  if (input.invoiceDateTo) where.push(sql`i.invoice_date <= ${input.invoiceDateTo}::date`);
  if (input.keyword) {
    const k = like(input.keyword);
    where.push(sql`(i.invoice_no ILIKE ${k} OR i.invoice_code ILIKE ${k} OR i.seller ILIKE ${k} OR i.remark ILIKE ${k})`);
  }
  const rows = await queryRows<Row>(
    db,
    sql`${INVOICE_SELECT} WHERE ${sql.join(where, sql` AND `)} ORDER BY i.invoice_date DESC, i.id DESC
      LIMIT ${input.pageSize} OFFSET ${(input.pageIndex - 1) * input.pageSize}`,
  );
  return { records: (await invoiceRecords(db, rows)).map(publicInvoice), total: n(rows[0]?.rowCount), pageIndex: input.pageIndex, pageSize: input.pageSize };
}

/** One of my invoices; another user's answers 404, as a missing one does. */
export async function myInvoice(db: Db, user: Principal, id: number, lock = false) {
  // Locked on its own: FOR UPDATE is not allowed beside the select's window function.
  if (lock) await db.execute(sql`SELECT id FROM fin_expense_invoices WHERE id = ${id} AND user_id = ${user.userId} FOR UPDATE`);
  const rows = await queryRows<Row>(db, sql`${INVOICE_SELECT} WHERE i.id = ${id} AND i.deleted_at IS NULL AND i.user_id = ${user.userId}`);
  const [rec] = await invoiceRecords(db, rows);
  if (!rec) throw notFound(REIMBURSE_MSG.invoiceMissing);
  return rec;
}

async function checkInvoice(db: Db, user: Principal, ctx: ReimburseContext, input: InvoiceInput, id: number | null): Promise<void> {
  if (input.invoiceDate > ctx.today()) throw badRequest(`开票日期${REIMBURSE_MSG.future}`);
  const owners = await queryRows<{ owner: number }>(db, sql`SELECT owner_id AS owner FROM files WHERE group_id = ${input.fileId} AND deleted_at IS NULL`);
  if (!owners.length || owners.some((o) => n(o.owner) !== user.userId)) throw badRequest(REIMBURSE_MSG.fileNotOwn);
  // The same code and number once in the company (a unique index holds it against races too).
  const [dup] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM fin_expense_invoices WHERE deleted_at IS NULL AND coalesce(invoice_code, '') = ${input.invoiceCode ?? ''}
      AND invoice_no = ${input.invoiceNo} AND id <> ${id ?? 0} LIMIT 1`,
  );
  if (dup) throw conflict(REIMBURSE_MSG.duplicate);
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && typeof e === 'object' && (e.code === '23505' || isUniqueViolation(e.cause));
};

async function uniquely<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    // A savepoint, so a lost race on the unique index leaves the call's transaction usable for the refusal.
    return await db.transaction((tx) => write(tx as unknown as Db));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REIMBURSE_MSG.duplicate);
    throw err;
  }
}

const invoiceValues = (input: InvoiceInput) => ({
  kind: input.kind,
  invoiceCode: input.invoiceCode ?? null,
  invoiceNo: input.invoiceNo.toUpperCase(),
  invoiceDate: input.invoiceDate,
  seller: input.seller,
  amountExclTax: input.amountExclTax,
  tax: input.tax,
  total: input.total,
  fileGroupId: input.fileId,
  remark: input.remark || null,
});

export async function addInvoice(db: Db, user: Principal, ctx: ReimburseContext, input: InvoiceInput): Promise<ExpenseInvoice> {
  const values = invoiceValues(input);
  await checkInvoice(db, user, ctx, { ...input, invoiceNo: values.invoiceNo }, null);
  const id = await uniquely(db, async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO fin_expense_invoices (user_id, kind, invoice_code, invoice_no, invoice_date, seller, amount_excl_tax, tax, total, file_group_id, remark, created_by, updated_by)
        VALUES (${user.userId}, ${values.kind}, ${values.invoiceCode}, ${values.invoiceNo}, ${values.invoiceDate}, ${values.seller}, ${values.amountExclTax},
          ${values.tax}, ${values.total}, ${values.fileGroupId}, ${values.remark}, ${user.userId}, ${user.userId}) RETURNING id`,
    );
    return n(row?.id);
  });
  return publicInvoice(await myInvoice(db, user, id));
}

export async function updateInvoice(
  db: Db,
  user: Principal,
  ctx: ReimburseContext,
  id: number,
  input: InvoiceInput,
): Promise<{ before: ExpenseInvoice; after: ExpenseInvoice }> {
  const before = await myInvoice(db, user, id, true);
  if (before.claimId || before.state !== INVOICE_STATE.free) throw conflict(REIMBURSE_MSG.invoiceLocked);
  const values = invoiceValues(input);
  await checkInvoice(db, user, ctx, { ...input, invoiceNo: values.invoiceNo }, id);
  await uniquely(db, (tx) =>
    tx.execute(sql`UPDATE fin_expense_invoices SET kind = ${values.kind}, invoice_code = ${values.invoiceCode}, invoice_no = ${values.invoiceNo},
      invoice_date = ${values.invoiceDate}, seller = ${values.seller}, amount_excl_tax = ${values.amountExclTax}, tax = ${values.tax}, total = ${values.total},
      file_group_id = ${values.fileGroupId}, remark = ${values.remark}, updated_at = now(), updated_by = ${user.userId}
      WHERE id = ${id} AND claim_id IS NULL`),
  );
  return { before: publicInvoice(before), after: publicInvoice(await myInvoice(db, user, id)) };
}

export async function deleteInvoice(db: Db, user: Principal, id: number): Promise<ExpenseInvoice> {
  const before = await myInvoice(db, user, id, true);
  if (before.claimId || before.state !== INVOICE_STATE.free) throw conflict(REIMBURSE_MSG.invoiceLocked);
  await db.execute(
    sql`UPDATE fin_expense_invoices SET deleted_at = now(), updated_at = now(), updated_by = ${user.userId} WHERE id = ${id} AND claim_id IS NULL`,
  );
  return publicInvoice(before);
}

// ---- Claims ------------------------------------------------------------------------------------------

/** The state users see: a passed claim is "to be paid" until finance pays it. */
const CLAIM_STATE_SQL = sql.raw(`(CASE c.state WHEN 'draft' THEN '${CLAIM_STATE.draft}' WHEN 'approving' THEN '${CLAIM_STATE.approving}'
  WHEN 'returned' THEN '${CLAIM_STATE.returned}' WHEN 'rejected' THEN '${CLAIM_STATE.rejected}' WHEN 'revoked' THEN '${CLAIM_STATE.revoked}'
  WHEN 'passed' THEN CASE WHEN c.paid_date IS NULL THEN '${CLAIM_STATE.toPay}' ELSE '${CLAIM_STATE.paid}' END ELSE '${CLAIM_STATE.draft}' END)`);

function claimSelect(user: Principal): SQL {
  return sql`SELECT c.id, c.claim_no AS "claimNo", c.user_id AS "userId", u.user_code AS "userCode", u.real_name AS "realName", o.name AS "orgName",
      c.project_id AS "projectId", p.name AS "projectName", c.reason, c.total, c.state, ${CLAIM_STATE_SQL} AS "claimState",
      to_char(c.paid_date, 'YYYY-MM-DD') AS "paidDate", c.process_instance_id AS "processInstanceId", c.pay_remark AS "payRemark", pu.real_name AS "paidByName",
      (SELECT count(*) FROM fin_expense_claim_lines l WHERE l.claim_id = c.id) AS "lineCount",
      (SELECT count(*) FROM fin_expense_invoices i JOIN fin_expense_claim_lines l ON l.id = i.claim_line_id WHERE l.claim_id = c.id AND i.deleted_at IS NULL) AS "invoiceCount",
      (SELECT t.id FROM wf_tasks t WHERE t.instance_id = c.process_instance_id AND t.status = 'pending'
         AND (t.assignee_user_id = ${user.userId} OR ${user.userId} = ANY(t.candidate_user_ids)) ORDER BY t.id LIMIT 1) AS "taskId",
      ${iso('c.created_at')} AS "createdAt", count(*) OVER () AS "rowCount"
    FROM fin_expense_claims c JOIN users u ON u.id = c.user_id LEFT JOIN org_units o ON o.id = c.org_id
      LEFT JOIN fin_projects p ON p.id = c.project_id LEFT JOIN users pu ON pu.id = c.paid_by`;
}

const claimRecord = (r: Row): ClaimRecord => ({
  id: n(r.id),
  claimNo: s(r.claimNo),
  userId: n(r.userId),
  userCode: String(r.userCode),
  realName: String(r.realName),
  orgName: s(r.orgName),
  projectId: nn(r.projectId),
  projectName: s(r.projectName),
  reason: String(r.reason),
  total: n(r.total),
  lineCount: n(r.lineCount),
  invoiceCount: n(r.invoiceCount),
  state: String(r.state),
  claimState: String(r.claimState),
  paidDate: s(r.paidDate),
  processInstanceId: nn(r.processInstanceId),
  taskId: nn(r.taskId),
  createdAt: String(r.createdAt),
});

function claimWhere(user: Principal, input: ClaimFilters): SQL {
  const where: SQL[] = [sql`c.deleted_at IS NULL`];
  if (input.scope === 'all') {
    if (!hasPermission(user, REIMBURSE_PERM.pay)) throw forbidden('没有权限查看全部报销单');
    // Finance works on what was submitted; drafts stay the claimant's own.
    where.push(sql`c.state <> 'draft'`);
  } else where.push(sql`c.user_id = ${user.userId}`);
  if (input.claimState) where.push(sql`${CLAIM_STATE_SQL} = ${input.claimState}`);
  if (input.keyword) {
    const k = like(input.keyword);
    where.push(sql`(c.claim_no ILIKE ${k} OR c.reason ILIKE ${k} OR u.real_name ILIKE ${k} OR u.user_code ILIKE ${k} OR p.name ILIKE ${k})`);
  }
  if (input.createdAtFrom) where.push(sql`c.created_at >= ${input.createdAtFrom}::timestamptz`);
  if (input.createdAtTo) where.push(sql`c.created_at <= ${input.createdAtTo}::timestamptz`);
  return sql.join(where, sql` AND `);
}

export async function claimPage(db: Db, user: Principal, input: ClaimFilters & { pageIndex: number; pageSize: number }): Promise<Page<ClaimRecord>> {
  const rows = await queryRows<Row>(
    db,
    sql`${claimSelect(user)} WHERE ${claimWhere(user, input)} ORDER BY c.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageIndex - 1) * input.pageSize}`,
  );
  return { records: rows.map(claimRecord), total: n(rows[0]?.rowCount), pageIndex: input.pageIndex, pageSize: input.pageSize };
}

/** The export's rows, 1,000 at a time (keyset on id, so each batch reads only its own rows). */
export async function* claimBatches(db: Db, user: Principal, input: ClaimFilters): AsyncIterable<ClaimRecord[]> {
  const where = claimWhere(user, input);
  let after: number | null = null;
  for (;;) {
    const below: SQL = after === null ? sql`` : sql` AND c.id < ${after}`;
    const rows: ClaimRecord[] = (await queryRows<Row>(db, sql`${claimSelect(user)} WHERE ${where}${below} ORDER BY c.id DESC LIMIT 1000`)).map(claimRecord);
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)?.id ?? 0;
    if (rows.length < 1000) return;
  }
}

/**
 * Who may read a claim: the claimant, finance (once submitted), and whoever holds or held one of
 * its approval tasks. Anyone else gets 404, as for a missing claim, so ids cannot be probed.
 */
async function canRead(db: Db, user: Principal, rec: ClaimRecord): Promise<boolean> {
  if (rec.userId === user.userId || user.isAdmin) return true;
  if (!rec.processInstanceId) return false;
  if (hasPermission(user, REIMBURSE_PERM.pay)) return true;
  if (rec.taskId) return true;
  const [t] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM wf_tasks WHERE instance_id = ${rec.processInstanceId}
      AND (assignee_user_id = ${user.userId} OR ${user.userId} = ANY(candidate_user_ids)) LIMIT 1`,
  );
  return !!t;
}

export async function claimDetail(db: Db, user: Principal, key: { id?: number; instanceId?: number }): Promise<ClaimDetail> {
  const where = key.id ? sql`c.id = ${key.id}` : sql`c.process_instance_id = ${key.instanceId ?? 0}`;
  const [r] = await queryRows<Row>(db, sql`${claimSelect(user)} WHERE ${where} AND c.deleted_at IS NULL`);
  if (!r) throw notFound(REIMBURSE_MSG.claimMissing);
  const rec = claimRecord(r);
  if (!(await canRead(db, user, rec))) throw notFound(REIMBURSE_MSG.claimMissing);
  const lines = await queryRows<Row>(
    db,
    sql`SELECT id, category, to_char(expense_date, 'YYYY-MM-DD') AS "expenseDate", amount, description FROM fin_expense_claim_lines
      WHERE claim_id = ${rec.id} ORDER BY line_no`,
  );
  const invoiceRows = lines.length
    ? await queryRows<Row>(
        db,
        sql`${INVOICE_SELECT} WHERE i.deleted_at IS NULL AND i.claim_line_id = ANY(${sql.raw(`ARRAY[${lines.map((l) => n(l.id)).join(',')}]::int[]`)}) ORDER BY i.id`,
      )
    : [];
  const invoices = await invoiceRecords(db, invoiceRows);
  const out: ClaimLine[] = lines.map((l) => ({
    id: n(l.id),
    category: String(l.category),
    expenseDate: String(l.expenseDate),
    amount: n(l.amount),
    description: String(l.description),
    invoices: invoices.filter((i) => i.claimLineId === n(l.id)).map(publicInvoice),
  }));
  return {
    ...rec,
    lines: out,
    paidByName: s(r.paidByName),
    payRemark: s(r.payRemark),
    budgetNotice: await claimBudgetNotice(db, rec.id),
    canPay: rec.state === 'passed' && !rec.paidDate && hasPermission(user, REIMBURSE_PERM.pay),
  };
}

/** A file of the folder may be read by whoever may read a claim it is on (approvers, finance). */
export async function canReadInvoiceFile(db: Db, user: Principal, groupId: string): Promise<boolean> {
  const rows = await queryRows<{ claimId: number }>(
    db,
    sql`SELECT l.claim_id AS "claimId" FROM fin_expense_invoices i JOIN fin_expense_claim_lines l ON l.id = i.claim_line_id
      WHERE i.file_group_id = ${groupId} AND i.deleted_at IS NULL LIMIT 5`,
  );
  for (const row of rows) {
    try {
      await claimDetail(db, user, { id: n(row.claimId) });
      return true;
    } catch {
      // Not this claim; try the next one.
    }
  }
  return false;
}

/** The claimant's own claim, locked for the change. */
async function ownClaim(db: Db, user: Principal, id: number) {
  const [row] = await queryRows<{
    id: number;
    userId: number;
    state: string;
    processInstanceId: number | null;
    claimNo: string | null;
    total: number;
    orgId: number | null;
    reason: string;
    projectId: number | null;
  }>(
    db,
    sql`SELECT id, user_id AS "userId", state, process_instance_id AS "processInstanceId", claim_no AS "claimNo", total, org_id AS "orgId", reason,
        project_id AS "projectId"
      FROM fin_expense_claims WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row || n(row.userId) !== user.userId) throw notFound(REIMBURSE_MSG.claimMissing);
  return row;
}

/**
 * Checks a claim's lines against the rules (docs/domain/hours-pay.md): dates not in the future,
 * categories that need an invoice have one, each invoice once, mine and free (or already on this
 * claim), and a line never claims more than its invoices' totals.
 */
async function checkLines(db: Db, user: Principal, ctx: ReimburseContext, claimId: number | null, input: ClaimInput): Promise<Map<number, { total: number }>> {
  const today = ctx.today();
  const ids = input.lines.flatMap((l) => l.invoiceIds);
  if (new Set(ids).size !== ids.length) throw badRequest(REIMBURSE_MSG.invoiceTwice);
  for (const [i, line] of input.lines.entries()) {
    if (line.expenseDate > today) throw badRequest(`第${i + 1}条费用明细：费用日期${REIMBURSE_MSG.future}`);
    if (!line.invoiceIds.length && INVOICE_REQUIRED_CATEGORIES.includes(line.category))
      throw badRequest(`第${i + 1}条费用明细：${REIMBURSE_MSG.invoiceNeeded(EXPENSE_CATEGORIES[line.category]?.zh ?? line.category)}`);
  }
  const found = ids.length
    ? await queryRows<{ id: number; total: number }>(
        db,
        sql`SELECT id, total FROM fin_expense_invoices WHERE id = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) AND deleted_at IS NULL
          AND user_id = ${user.userId} AND (claim_id IS NULL OR claim_id = ${claimId ?? 0})`,
      )
    : [];
  if (found.length !== ids.length) throw conflict(REIMBURSE_MSG.invoiceTaken);
  const totals = new Map(found.map((f) => [n(f.id), { total: n(f.total) }]));
  for (const [i, line] of input.lines.entries()) {
    if (!line.invoiceIds.length) continue;
    const sum = line.invoiceIds.reduce((acc, id) => acc + (totals.get(Number(id))?.total ?? 0), 0);
    if (line.amount > sum) throw badRequest(`第${i + 1}条费用明细：${REIMBURSE_MSG.overInvoices}（${(sum / 100).toFixed(2)}元）`);
  }
  const total = input.lines.reduce((acc, l) => acc + l.amount, 0);
  if (total > REIMBURSE_MAX) throw badRequest(REIMBURSE_MSG.totalTooLarge);
  await checkClaimProject(db, user.userId, input.projectId);
  return totals;
}

const titleOf = (user: Principal, total: number, reason: string) => `费用报销：${user.realName} ${(total / 100).toFixed(2)}元（${reason.slice(0, 40)}）`;

/** Starts the approval of a draft, or resubmits a sent-back claim (the claimant's resubmit task). */
async function submitClaim(
  tx: Db,
  user: Principal,
  claim: { id: number; state: string; processInstanceId: number | null; orgId: number | null },
  total: number,
  reason: string,
) {
  await requireClaimWithinBudget(tx, claim.id);
  const vars = claimVars({ total, orgId: claim.orgId });
  if (claim.state === 'returned') {
    const task = claim.processInstanceId ? await engine.resubmitTaskOf(tx, claim.processInstanceId) : undefined;
    if (!task) throw conflict('该报销单不在退回状态');
    if (task.assigneeUserId !== user.userId) throw forbidden('只有报销人可以重新提交');
    await claimDocument.resubmit(tx, { taskId: task.id, userId: user.userId, vars });
  } else {
    await claimDocument.submit(tx, { id: claim.id, userId: user.userId, title: titleOf(user, total, reason), vars });
  }
}

export async function saveClaim(db: Db, user: Principal, ctx: ReimburseContext, input: ClaimInput): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    let claim: { id: number; state: string; processInstanceId: number | null; orgId: number | null };
    if (input.id) {
      const own = await ownClaim(tx, user, input.id);
      if (own.state !== 'draft' && own.state !== 'returned') throw conflict(REIMBURSE_MSG.notEditable);
      claim = { id: n(own.id), state: own.state, processInstanceId: nn(own.processInstanceId), orgId: nn(own.orgId) };
    } else {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO fin_expense_claims (user_id, org_id, reason, total, created_by, updated_by)
          VALUES (${user.userId}, ${user.orgId}, ${input.reason}, 0, ${user.userId}, ${user.userId}) RETURNING id`,
      );
      claim = { id: n(row?.id), state: 'draft', processInstanceId: null, orgId: user.orgId };
    }
    await checkLines(tx, user, ctx, claim.id, input);
    const total = input.lines.reduce((acc, l) => acc + l.amount, 0);
    // The lines are the form: replaced as a whole; invoices no longer on it go back to the folder.
    await releaseInvoices(tx, claim.id, user.userId);
    await tx.execute(sql`DELETE FROM fin_expense_claim_lines WHERE claim_id = ${claim.id}`);
    for (const [i, line] of input.lines.entries()) {
      const [l] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO fin_expense_claim_lines (claim_id, line_no, category, expense_date, amount, description, created_by, updated_by)
          VALUES (${claim.id}, ${i + 1}, ${line.category}, ${line.expenseDate}, ${line.amount}, ${line.description}, ${user.userId}, ${user.userId}) RETURNING id`,
      );
      if (!line.invoiceIds.length) continue;
      // Conditional: an invoice another claim took meanwhile is not taken again.
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE fin_expense_invoices SET claim_id = ${claim.id}, claim_line_id = ${n(l?.id)}, state = ${INVOICE_STATE.claiming}, updated_at = now(), updated_by = ${user.userId}
          WHERE id = ANY(${sql.raw(`ARRAY[${line.invoiceIds.map(Number).join(',')}]::int[]`)}) AND user_id = ${user.userId} AND deleted_at IS NULL AND claim_id IS NULL
          RETURNING id`,
      );
      if (taken.length !== line.invoiceIds.length) throw conflict(REIMBURSE_MSG.invoiceTaken);
    }
    await tx.execute(sql`UPDATE fin_expense_claims SET reason = ${input.reason}, project_id = ${input.projectId ?? null}, total = ${total},
      updated_at = now(), updated_by = ${user.userId} WHERE id = ${claim.id}`);
    if (input.submit) await submitClaim(tx, user, claim, total, input.reason);
    return claim.id;
  });
}

/** Submits a draft (or resubmits a sent-back claim); a claim already in approval or beyond is answered as it is. */
export async function submitOwnClaim(db: Db, user: Principal, id: number): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const own = await ownClaim(tx, user, id);
    if (own.state !== 'draft' && own.state !== 'returned') {
      if (own.state === 'rejected' || own.state === 'revoked') throw conflict('该报销单已结束，请新建报销单');
      return; // Idempotent: a second click or a retried request starts nothing.
    }
    const [lines] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM fin_expense_claim_lines WHERE claim_id = ${id}`);
    if (!n(lines?.n)) throw badRequest('请至少添加一条费用明细');
    // The claimant may have left the project's team since the draft was saved.
    await checkClaimProject(tx, user.userId, nn(own.projectId));
    await submitClaim(
      tx,
      user,
      { id: n(own.id), state: own.state, processInstanceId: nn(own.processInstanceId), orgId: nn(own.orgId) },
      n(own.total),
      own.reason,
    );
  });
}

export async function revokeOwnClaim(db: Db, user: Principal, id: number): Promise<void> {
  const own = await ownClaim(db, user, id);
  if (own.state !== 'approving' && own.state !== 'returned') throw conflict(REIMBURSE_MSG.notRevocable);
  await claimDocument.revoke(db, id, user.userId);
}

export async function deleteOwnClaim(db: Db, user: Principal, id: number): Promise<void> {
  const own = await ownClaim(db, user, id);
  if (own.state !== 'draft') throw conflict(REIMBURSE_MSG.notDeletable);
  await releaseInvoices(db, id, user.userId);
  await db.execute(sql`UPDATE fin_expense_claims SET deleted_at = now(), updated_at = now(), updated_by = ${user.userId} WHERE id = ${id}`);
}

/** Finance pays an approved claim: its invoices become claimed for good. */
export async function payClaim(db: Db, user: Principal, ctx: ReimburseContext, input: { id: number; paidDate: string; remark?: string | null }): Promise<void> {
  if (input.paidDate > ctx.today()) throw badRequest(`付款日期${REIMBURSE_MSG.future}`);
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ state: string; paidDate: string | null; created: string; userId: number; createdBy: number | null }>(
      tx,
      sql`SELECT state, to_char(paid_date, 'YYYY-MM-DD') AS "paidDate", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created,
          user_id AS "userId", created_by AS "createdBy"
        FROM fin_expense_claims WHERE id = ${input.id} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!row) throw notFound(REIMBURSE_MSG.claimMissing);
    await requireSecondPerson(tx, user.userId, [row.userId, row.createdBy], REIMBURSE_MSG.payOwn);
    if (row.paidDate) throw conflict(REIMBURSE_MSG.alreadyPaid);
    if (row.state !== 'passed') throw conflict(REIMBURSE_MSG.notPayable);
    // A payment is a fact of its day: not in a closed accounting period (issue 34 §2).
    await requireOpenPeriodAt(tx, 'paidDate', input.paidDate);
    if (input.paidDate < row.created) throw badRequest(REIMBURSE_MSG.payBeforeApproval);
    await tx.execute(sql`UPDATE fin_expense_claims SET paid_date = ${input.paidDate}, paid_by = ${user.userId}, pay_remark = ${input.remark || null},
      updated_at = now(), updated_by = ${user.userId} WHERE id = ${input.id} AND paid_date IS NULL`);
    await tx.execute(
      sql`UPDATE fin_expense_invoices SET state = ${INVOICE_STATE.claimed}, updated_at = now(), updated_by = ${user.userId} WHERE claim_id = ${input.id}`,
    );
  });
}
