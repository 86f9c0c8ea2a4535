import {
  amountInWords,
  BILL_MSG,
  BILL_PERM,
  BILL_STATUS,
  type BillDetail,
  type BillInput,
  type BillRecord,
  type InvoiceRecord,
  lineAmounts,
  overContractMessage,
  PROJECT_PHASE,
  sumAmounts,
  type VoidRecord,
} from '@erp/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orgUnits, users } from '../../../db/schema';
import { hasPermission, type Principal } from '../../../platform/auth/principal';
import { type Db, queryRows } from '../../../platform/db';
import { nextDocumentNumber } from '../../../platform/document/document-number';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { isParticipant } from '../../bpm/bpm.repository';
import { requireOpenPeriod, requireOpenPeriodAt } from '../period/period.service';
import { finProjects } from '../project/project.schema';
import { billDocument, cancellationDocument } from './billing.documents';
import { billResource, cancellationResource, collectionResource, invoiceResource, voidResource } from './billing.resource';
import { finBillCollections, finBillLines, finBills, finCancellationBills, finCompanyBilling, finInvoices, finInvoiceVoids } from './billing.schema';

type Tx = Db;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || isUniqueViolation(e.cause);
}

/** Runs `work` in a savepoint and turns a unique violation (a racing duplicate) into a 409 with `message`. */
async function uniquely<T>(db: Db, message: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}

async function lockBill(tx: Db, id: number) {
  const [row] = await tx
    .select()
    .from(finBills)
    .where(and(eq(finBills.id, id), isNull(finBills.deletedAt)))
    .for('update');
  if (!row) throw notFound('结算单不存在');
  return row;
}

/** A bill the user may read: in the data scope, or a participant of its approval. */
export async function readableBill(db: Db, user: Principal, id: number): Promise<BillRecord> {
  try {
    return await billResource.detail(db, id, user);
  } catch (err) {
    const [row] = await db.select({ i: finBills.processInstanceId }).from(finBills).where(eq(finBills.id, id));
    if (row?.i && (await isParticipant(db, row.i, user.userId))) return billResource.detail(db, id, null);
    throw err;
  }
}

export async function billDetail(db: Db, record: BillRecord): Promise<BillDetail> {
  const [row] = await db
    .select({ remark: finBills.remark, overContractReason: finBills.overContractReason, overContractByName: users.realName })
    .from(finBills)
    .leftJoin(users, eq(users.id, finBills.overContractBy))
    .where(eq(finBills.id, record.id));
  const lines = await db.select().from(finBillLines).where(eq(finBillLines.billId, record.id)).orderBy(asc(finBillLines.lineNo));
  const invoices = await invoiceResource.list(db, { billId: record.id }, null, { limit: 100 });
  const collections = await collectionResource.list(db, { billId: record.id }, null, { limit: 500 });
  return {
    ...record,
    remark: row?.remark ?? null,
    overContractReason: row?.overContractReason ?? null,
    overContractByName: row?.overContractReason ? (row.overContractByName ?? null) : null,
    lines: lines.map(({ billId: _b, ...l }) => l),
    invoices,
    collections,
    amountInWords: amountInWords(record.amountIncl),
  };
}

/**
 * What a bill of `amount` would bill beyond its project's contract (issue 34 §3): the contract less
 * the project's other live bills — in approval or approved — or null when it fits (or the project
 * has no contract amount). Read under the project's row lock, so two bills cannot both take the rest.
 */
async function beyondContract(tx: Db, projectId: number, billId: number | null, amount: number) {
  const [row] = await queryRows<{ contract: number; billed: number }>(
    tx,
    sql`SELECT p.contract_amount::bigint AS contract,
        (SELECT coalesce(sum(b.amount_incl), 0)::bigint FROM fin_bills b
          WHERE b.project_id = p.id AND b.deleted_at IS NULL AND b.state IN ('approving', 'returned', 'passed') AND b.id <> ${billId ?? 0}) AS billed
      FROM fin_projects p WHERE p.id = ${projectId}`,
  );
  const contract = Number(row?.contract ?? 0);
  const billed = Number(row?.billed ?? 0);
  if (contract <= 0 || billed + amount <= contract) return null;
  return { contract, billed, amount };
}

/** Creates or updates a draft: a running project, a month of its period, amounts computed line by line. */
export async function saveBill(db: Db, user: Principal, input: BillInput & { lines: Array<{ quantityX100: number; unitPrice: number }> }): Promise<number> {
  const [p] = await db
    .select()
    .from(finProjects)
    .where(and(eq(finProjects.id, Number(input.projectId)), isNull(finProjects.deletedAt)));
  if (!p) throw notFound('项目不存在');
  if (p.phase !== PROJECT_PHASE.active) throw badRequest(BILL_MSG.projectNotActive);
  await billResource.assertOrgInScope(db, user, p.deptId);
  const month = Number(input.month);
  const from = Number((p.startDate ?? '').slice(0, 7).replace('-', ''));
  const to = Number((p.endDate ?? '').slice(0, 7).replace('-', ''));
  if (month < from || month > to) throw badRequest(BILL_MSG.monthOutside);
  const rate = Number(input.taxRateBp);
  const lines = input.lines.map((l, i) => ({
    lineNo: i + 1,
    userId: l.userId ? Number(l.userId) : null,
    personName: l.personName ?? null,
    description: l.description,
    quantityX100: Number(l.quantityX100),
    unitPrice: Number(l.unitPrice),
    taxRateBp: rate,
    ...lineAmounts(Number(l.quantityX100), Number(l.unitPrice), rate),
  }));
  const total = sumAmounts(lines);
  if (total.amountIncl > 1e13) throw badRequest('结算金额过大');
  return db.transaction(async (tx) => {
    // One live bill per project, month and type: a second one would bill the month twice.
    await tx.execute(sql`SELECT id FROM fin_projects WHERE id = ${p.id} FOR UPDATE`);
    await requireOpenPeriodAt(tx, 'month', month);
    // Beyond the contract only with the permission and a reason, both kept on the bill.
    const beyond = await beyondContract(tx, p.id, input.id ? Number(input.id) : null, total.amountIncl);
    const reason = input.overContractReason?.trim() || null;
    if (beyond && !(reason && hasPermission(user, BILL_PERM.overContract))) throw badRequest(overContractMessage(beyond));
    const overContract = beyond ? { overContractReason: reason, overContractBy: user.userId } : { overContractReason: null, overContractBy: null };
    const dup = await tx
      .select({ id: finBills.id })
      .from(finBills)
      .where(
        and(
          eq(finBills.projectId, p.id),
          eq(finBills.month, month),
          eq(finBills.billType, input.billType),
          isNull(finBills.deletedAt),
          sql`${finBills.state} NOT IN ('rejected', 'revoked')`,
          input.id ? sql`${finBills.id} <> ${Number(input.id)}` : undefined,
        ),
      )
      .limit(1);
    if (dup.length) throw conflict(BILL_MSG.duplicateMonth);
    const values = {
      billType: input.billType,
      settleMethod: input.settleMethod,
      projectId: p.id,
      clientOrgId: p.clientOrgId as number,
      settleOrgId: p.settleOrgId as number,
      deptId: p.deptId,
      managerUserId: p.managerUserId,
      month,
      taxRateBp: rate,
      ...total,
      remark: input.remark ?? null,
      ...overContract,
      updatedAt: new Date(),
      updatedBy: user.userId,
    };
    let id: number;
    if (input.id) {
      id = Number(input.id);
      const before = await lockBill(tx, id);
      await billResource.detail(tx, id, user);
      if (!['draft', 'rejected', 'revoked'].includes(before.state)) throw conflict(BILL_MSG.notEditable);
      await requireOpenPeriod(tx, before.month);
      await tx.update(finBills).set(values).where(eq(finBills.id, id));
      await tx.delete(finBillLines).where(eq(finBillLines.billId, id));
    } else {
      const [row] = await tx
        .insert(finBills)
        .values({ ...values, createdBy: user.userId })
        .returning({ id: finBills.id });
      id = (row as { id: number }).id;
    }
    for (let i = 0; i < lines.length; i += 1000) await tx.insert(finBillLines).values(lines.slice(i, i + 1000).map((l) => ({ ...l, billId: id })));
    return id;
  });
}

/** The next bill number of a settling company and year, in the caller's transaction (gap-free). */
export async function nextBillNumber(tx: Db, settleOrgId: number, year: number): Promise<string> {
  const [org] = await tx.select({ code: orgUnits.code }).from(orgUnits).where(eq(orgUnits.id, settleOrgId));
  const r = await tx.execute<{ last: number }>(sql`
    INSERT INTO fin_bill_sequences (settle_org_id, year, last) VALUES (${settleOrgId}, ${year}, 1)
    ON CONFLICT (settle_org_id, year) DO UPDATE SET last = fin_bill_sequences.last + 1
    RETURNING last`);
  const last = Number(rowsOf<{ last: number }>(r)[0]?.last);
  return `JS${(org?.code ?? 'X').replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}${year}${String(last).padStart(5, '0')}`;
}

export async function submitBill(db: Db, user: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The project first, then the bill: the order saveBill takes them in, so the two cannot deadlock.
    // Under the project's lock, others' bills cannot take the contract's rest meanwhile.
    await tx.execute(sql`SELECT id FROM fin_projects WHERE id = (SELECT project_id FROM fin_bills WHERE id = ${id}) FOR UPDATE`);
    const row = await lockBill(tx, id);
    await billResource.detail(tx, id, user);
    if (!['draft', 'rejected', 'revoked'].includes(row.state)) throw conflict(BILL_MSG.notEditable);
    await requireOpenPeriod(tx, row.month);
    const beyond = await beyondContract(tx, row.projectId, row.id, row.amountIncl);
    if (beyond && !row.overContractReason) throw badRequest(overContractMessage(beyond));
    if (!row.billNo) {
      const billNo = await nextBillNumber(tx, row.settleOrgId, Math.floor(row.month / 100));
      await tx.update(finBills).set({ billNo }).where(eq(finBills.id, id));
    }
    await billDocument.submit(tx, {
      id,
      userId: user.userId,
      title: `结算单：${row.month}`,
      vars: { deptId: row.deptId, billId: id, amountIncl: row.amountIncl },
    });
  });
}

export async function deleteBill(db: Db, user: Principal, id: number) {
  const before = await billResource.detail(db, id, user);
  await db.transaction(async (tx) => {
    await requireOpenPeriod(tx, before.month);
    const [done] = await tx
      .update(finBills)
      .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finBills.id, id), isNull(finBills.deletedAt), inArray(finBills.state, ['draft', 'rejected', 'revoked'])))
      .returning({ id: finBills.id });
    if (!done) throw conflict(BILL_MSG.notDeletable);
  });
  return before;
}

export async function applyInvoice(
  db: Db,
  user: Principal,
  input: {
    billId: number;
    invoiceType: string;
    buyerName: string;
    buyerTaxNo?: string | null;
    buyerAddress?: string | null;
    buyerBank?: string | null;
    remark?: string | null;
  },
): Promise<InvoiceRecord> {
  await billResource.detail(db, input.billId, user);
  const id = await uniquely(db, BILL_MSG.alreadyInvoiced, async (tx) => {
    const bill = await lockBill(tx, input.billId);
    if (bill.state !== 'passed') throw badRequest(BILL_MSG.notApproved);
    if (bill.invoiceStatus !== BILL_STATUS.pendingInvoice && bill.invoiceStatus !== BILL_STATUS.invoiceRejected) throw conflict(BILL_MSG.alreadyInvoiced);
    const [row] = await tx
      .insert(finInvoices)
      .values({
        billId: bill.id,
        applyNo: await nextDocumentNumber(tx, 'KP'),
        invoiceType: input.invoiceType,
        buyerName: input.buyerName,
        buyerTaxNo: input.buyerTaxNo ?? null,
        buyerAddress: input.buyerAddress ?? null,
        buyerBank: input.buyerBank ?? null,
        amountExcl: bill.amountExcl,
        taxAmount: bill.taxAmount,
        amountIncl: bill.amountIncl,
        remark: input.remark ?? null,
        appliedBy: user.userId,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: finInvoices.id });
    await tx.update(finBills).set({ invoiceStatus: BILL_STATUS.invoicing, updatedAt: new Date(), updatedBy: user.userId }).where(eq(finBills.id, bill.id));
    return (row as { id: number }).id;
  });
  return invoiceResource.detail(db, id, null);
}

async function creditDays(db: Db, clientOrgId: number): Promise<number> {
  const [row] = await db.select({ d: finCompanyBilling.creditDays }).from(finCompanyBilling).where(eq(finCompanyBilling.orgId, clientOrgId));
  return row?.d ?? 30;
}

/** Finance records the invoice: the application must still be open (a second click gets 409). */
export async function issueInvoice(db: Db, user: Principal, input: { invoiceId: number; invoiceNo: string; invoiceDate: string }): Promise<InvoiceRecord> {
  await invoiceResource.detail(db, input.invoiceId, user);
  await uniquely(db, BILL_MSG.invoiceNoTaken, async (tx) => {
    await requireOpenPeriodAt(tx, 'invoiceDate', input.invoiceDate);
    const [inv] = await tx
      .update(finInvoices)
      .set({
        state: 'issued',
        invoiceNo: input.invoiceNo,
        invoiceDate: input.invoiceDate,
        issuedBy: user.userId,
        issuedAt: new Date(),
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(and(eq(finInvoices.id, input.invoiceId), eq(finInvoices.state, 'applied')))
      .returning();
    if (!inv) throw conflict(BILL_MSG.notInvoicing);
    const bill = await lockBill(tx, inv.billId);
    const days = await creditDays(tx, bill.clientOrgId);
    await tx
      .update(finBills)
      .set({
        invoiceStatus: BILL_STATUS.invoiced,
        invoicedAmount: inv.amountIncl,
        invoiceDate: input.invoiceDate,
        dueDate: sql`${input.invoiceDate}::date + ${days}::int`,
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(eq(finBills.id, bill.id));
  });
  return invoiceResource.detail(db, input.invoiceId, null);
}

export async function refuseInvoice(db: Db, user: Principal, input: { invoiceId: number; reason: string }): Promise<InvoiceRecord> {
  await invoiceResource.detail(db, input.invoiceId, user);
  await db.transaction(async (tx) => {
    const [inv] = await tx
      .update(finInvoices)
      .set({ state: 'refused', refuseReason: input.reason, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finInvoices.id, input.invoiceId), eq(finInvoices.state, 'applied')))
      .returning();
    if (!inv) throw conflict(BILL_MSG.notInvoicing);
    await tx
      .update(finBills)
      .set({ invoiceStatus: BILL_STATUS.invoiceRejected, updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(finBills.id, inv.billId));
  });
  return invoiceResource.detail(db, input.invoiceId, null);
}

/** Adds `delta` to a locked bill's collected amount and sets its payment status. */
async function addCollected(tx: Db, billId: number, delta: number, userId: number) {
  await tx.execute(sql`
    UPDATE fin_bills SET collected_amount = collected_amount + ${delta},
      payment_status = CASE WHEN collected_amount + ${delta} >= invoiced_amount AND invoiced_amount > 0 THEN ${BILL_STATUS.paid} ELSE ${BILL_STATUS.unpaid} END,
      updated_at = now(), updated_by = ${userId}
    WHERE id = ${billId}`);
}

export interface CollectionInput {
  billId: number;
  amount: number;
  collectedOn: string;
  bankSerial: string;
  payerName?: string | null;
  payerAccount?: string | null;
  remark?: string | null;
}

/** One collection: the bill row is locked first, so two simultaneous ones cannot both pass the check. */
export async function saveCollection(db: Db, user: Principal, input: CollectionInput): Promise<number> {
  await billResource.detail(db, input.billId, user);
  return uniquely(db, BILL_MSG.serialTaken, async (tx) => {
    await requireOpenPeriodAt(tx, 'collectedOn', input.collectedOn);
    const bill = await lockBill(tx, input.billId);
    if (bill.invoiceStatus !== BILL_STATUS.invoiced || bill.invoicedAmount <= 0) throw badRequest(BILL_MSG.notInvoiced);
    if (bill.collectedAmount + input.amount > bill.invoicedAmount) throw badRequest(BILL_MSG.overCollect);
    const [taken] = await tx
      .select({ id: finBillCollections.id })
      .from(finBillCollections)
      .where(and(eq(finBillCollections.bankSerial, input.bankSerial), eq(finBillCollections.state, 'valid')));
    if (taken) throw conflict(BILL_MSG.serialTaken);
    const [row] = await tx
      .insert(finBillCollections)
      .values({
        billId: bill.id,
        amount: input.amount,
        collectedOn: input.collectedOn,
        bankSerial: input.bankSerial,
        payerName: input.payerName ?? null,
        payerAccount: input.payerAccount ?? null,
        remark: input.remark ?? null,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: finBillCollections.id });
    await addCollected(tx, bill.id, input.amount, user.userId);
    return (row as { id: number }).id;
  });
}

export async function refundCollection(db: Db, user: Principal, id: number, remark: string): Promise<number> {
  const c = await collectionResource.detail(db, id, user);
  await db.transaction(async (tx) => {
    await requireOpenPeriod(tx, c.collectedOn);
    const bill = await lockBill(tx, c.billId);
    const [done] = await tx
      .update(finBillCollections)
      .set({ state: 'refunded', remark, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finBillCollections.id, id), eq(finBillCollections.state, 'valid')))
      .returning({ amount: finBillCollections.amount });
    if (!done) throw conflict(BILL_MSG.collectionNotValid);
    if (bill.collectedAmount - done.amount < bill.writtenOffAmount) throw conflict('退款后回款金额将低于已核销金额');
    await addCollected(tx, bill.id, -done.amount, user.userId);
  });
  return c.billId;
}

/**
 * Moves a collection booked on the wrong bill (or on a bill whose invoice is to be voided) to another
 * invoiced bill of the same client: the old row stays as `moved` (pointing at the target) and a new
 * valid row with the same money, date and bank serial is booked on the target, both bills' sums follow,
 * in one transaction. Both bills are locked in id order, so two moves between them cannot deadlock.
 */
export async function moveCollection(db: Db, user: Principal, input: { id: number; toBillId: number; remark: string }): Promise<number> {
  const c = await collectionResource.detail(db, input.id, user);
  if (c.billId === input.toBillId) throw badRequest(BILL_MSG.moveSameBill);
  await billResource.detail(db, input.toBillId, user);
  await db.transaction(async (tx) => {
    await requireOpenPeriod(tx, c.collectedOn);
    const [first, second] = [c.billId, input.toBillId].sort((a, b) => a - b) as [number, number];
    const locked = new Map([
      [first, await lockBill(tx, first)],
      [second, await lockBill(tx, second)],
    ]);
    const from = locked.get(c.billId) as typeof finBills.$inferSelect;
    const to = locked.get(input.toBillId) as typeof finBills.$inferSelect;
    if (to.clientOrgId !== from.clientOrgId) throw badRequest(BILL_MSG.moveOtherClient);
    if (to.invoiceStatus !== BILL_STATUS.invoiced) throw badRequest(BILL_MSG.notInvoiced);
    const [row] = await tx
      .update(finBillCollections)
      .set({ state: 'moved', movedToBillId: to.id, remark: input.remark, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finBillCollections.id, input.id), eq(finBillCollections.state, 'valid')))
      .returning();
    if (!row) throw conflict(BILL_MSG.collectionNotValid);
    if (from.collectedAmount - row.amount < from.writtenOffAmount) throw conflict(BILL_MSG.moveBelowWrittenOff);
    if (to.collectedAmount + row.amount > to.invoicedAmount) throw badRequest(BILL_MSG.overCollect);
    await tx.insert(finBillCollections).values({
      billId: to.id,
      amount: row.amount,
      collectedOn: row.collectedOn,
      bankSerial: row.bankSerial,
      payerName: row.payerName,
      payerAccount: row.payerAccount,
      batchNo: row.batchNo,
      remark: `由 ${from.billNo ?? from.id} 转入：${input.remark}`.slice(0, 200),
      createdBy: user.userId,
      updatedBy: user.userId,
    });
    await addCollected(tx, from.id, -row.amount, user.userId);
    await addCollected(tx, to.id, row.amount, user.userId);
  });
  return input.toBillId;
}

/** Collects the open remainder of every bill chosen, in one savepoint: one refusal and nothing is stored. */
export async function oneClickPayment(
  db: Db,
  user: Principal,
  input: { billIds: number[]; collectedOn: string; bankSerial: string; remark?: string | null },
): Promise<{ batchNo: string; count: number; amount: number }> {
  const ids = [...new Set(input.billIds.map(Number))].sort((a, b) => a - b);
  const visible = await billResource.list(db, {}, user, { limit: ids.length, extra: inArray(finBills.id, ids) });
  if (visible.length !== ids.length) throw notFound('结算单不存在或无权操作');
  return uniquely(db, BILL_MSG.serialTaken, async (tx) => {
    await requireOpenPeriodAt(tx, 'collectedOn', input.collectedOn);
    // Locked in id order, so two batches sharing bills wait for each other instead of deadlocking.
    const bills = await tx.select().from(finBills).where(inArray(finBills.id, ids)).orderBy(asc(finBills.id)).for('update');
    const batchNo = await nextDocumentNumber(tx, 'HK');
    let amount = 0;
    for (const [i, bill] of bills.entries()) {
      const open = bill.invoicedAmount - bill.collectedAmount;
      if (bill.invoiceStatus !== BILL_STATUS.invoiced || open <= 0) throw badRequest(`${bill.billNo ?? bill.id}：${BILL_MSG.nothingOpen}`);
      await tx.insert(finBillCollections).values({
        billId: bill.id,
        amount: open,
        collectedOn: input.collectedOn,
        bankSerial: ids.length > 1 ? `${input.bankSerial}#${i + 1}` : input.bankSerial,
        batchNo,
        remark: input.remark ?? null,
        createdBy: user.userId,
        updatedBy: user.userId,
      });
      await addCollected(tx, bill.id, open, user.userId);
      amount += open;
    }
    return { batchNo, count: bills.length, amount };
  });
}

/** A cancellation bill (核销单) for the collected, not yet written-off amount, submitted. */
export async function pushCancellation(
  db: Db,
  user: Principal,
  input: { billId: number; amount?: number; reason?: string | null; fileId?: string | null },
): Promise<{ cancellationId: number; cancellationNo: string | null }> {
  await billResource.detail(db, input.billId, user);
  return db.transaction(async (tx) => {
    const bill = await lockBill(tx, input.billId);
    await requireOpenPeriod(tx, bill.month);
    const [open] = await tx
      .select({ id: finCancellationBills.id })
      .from(finCancellationBills)
      .where(
        and(
          eq(finCancellationBills.billId, bill.id),
          isNull(finCancellationBills.deletedAt),
          inArray(finCancellationBills.state, ['draft', 'approving', 'returned']),
        ),
      );
    if (open) throw conflict('该结算单已有进行中的核销单');
    const available = bill.collectedAmount - bill.writtenOffAmount;
    const amount = input.amount ?? available;
    if (available <= 0) throw badRequest('结算单没有可核销的回款');
    if (amount <= 0 || amount > available) throw badRequest('核销金额必须大于0且不超过已回款未核销金额');
    const [row] = await tx
      .insert(finCancellationBills)
      .values({ billId: bill.id, amount, reason: input.reason || '回款核销', fileId: input.fileId ?? null, createdBy: user.userId, updatedBy: user.userId })
      .returning({ id: finCancellationBills.id });
    const id = (row as { id: number }).id;
    const { documentNo } = await cancellationDocument.submit(tx, {
      id,
      userId: user.userId,
      title: `核销单：${bill.billNo ?? bill.id}`,
      vars: { deptId: bill.deptId, billId: bill.id, amount },
    });
    return { cancellationId: id, cancellationNo: documentNo };
  });
}

// ---- Invoice voiding ----------------------------------------------------------------------------

async function validCollections(tx: Db, billId: number): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fin_bill_collections WHERE bill_id = ${billId} AND state = 'valid'`);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}

export async function applyVoid(db: Db, user: Principal, input: { invoiceId: number; reason: string }): Promise<VoidRecord> {
  const inv = await invoiceResource.detail(db, input.invoiceId, user);
  const id = await uniquely(db, BILL_MSG.voidOpen, async (tx) => {
    await lockBill(tx, inv.billId);
    const [current] = await tx.select().from(finInvoices).where(eq(finInvoices.id, input.invoiceId));
    if (current?.state !== 'issued') throw badRequest(BILL_MSG.invoiceNotIssued);
    await requireOpenPeriod(tx, current.invoiceDate);
    if (await validCollections(tx, inv.billId)) throw badRequest(BILL_MSG.collectionsFirst);
    const [open] = await tx
      .select({ id: finInvoiceVoids.id })
      .from(finInvoiceVoids)
      .where(and(eq(finInvoiceVoids.invoiceId, input.invoiceId), eq(finInvoiceVoids.state, 'applied')));
    if (open) throw conflict(BILL_MSG.voidOpen);
    const [row] = await tx
      .insert(finInvoiceVoids)
      .values({
        voidNo: await nextDocumentNumber(tx, 'FPZF'),
        invoiceId: input.invoiceId,
        billId: inv.billId,
        reason: input.reason,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning({ id: finInvoiceVoids.id });
    return (row as { id: number }).id;
  });
  return voidResource.detail(db, id, null);
}

/** Passes a void: the invoice is voided and the bill goes back to pending invoicing (still no collections). */
export async function passVoid(db: Db, user: Principal, input: { id: number; message?: string | null }): Promise<VoidRecord> {
  const v = await voidResource.detail(db, input.id, user);
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, v.billId);
    const [done] = await tx
      .update(finInvoiceVoids)
      .set({ state: 'passed', decidedBy: user.userId, decidedAt: new Date(), message: input.message ?? null, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finInvoiceVoids.id, input.id), eq(finInvoiceVoids.state, 'applied')))
      .returning();
    if (!done) throw conflict(BILL_MSG.voidNotOpen);
    if (await validCollections(tx, bill.id)) throw badRequest(BILL_MSG.collectionsFirst);
    await requireOpenPeriod(tx, bill.invoiceDate);
    await tx
      .update(finInvoices)
      .set({ state: 'voided', updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(finInvoices.id, done.invoiceId), eq(finInvoices.state, 'issued')));
    await tx
      .update(finBills)
      .set({
        invoiceStatus: BILL_STATUS.pendingInvoice,
        invoicedAmount: 0,
        paymentStatus: BILL_STATUS.unpaid,
        invoiceDate: null,
        dueDate: null,
        updatedAt: new Date(),
        updatedBy: user.userId,
      })
      .where(eq(finBills.id, bill.id));
  });
  return voidResource.detail(db, input.id, null);
}

export async function refuseVoid(db: Db, user: Principal, input: { id: number; message: string }): Promise<VoidRecord> {
  await voidResource.detail(db, input.id, user);
  const [done] = await db
    .update(finInvoiceVoids)
    .set({ state: 'refused', decidedBy: user.userId, decidedAt: new Date(), message: input.message, updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finInvoiceVoids.id, input.id), eq(finInvoiceVoids.state, 'applied')))
    .returning();
  if (!done) throw conflict(BILL_MSG.voidNotOpen);
  return voidResource.detail(db, input.id, null);
}

/** The applicant withdraws an open application. */
export async function removeVoid(db: Db, user: Principal, id: number): Promise<VoidRecord> {
  const v = await voidResource.detail(db, id, user);
  if (v.createdBy !== user.userId) throw notFound('作废申请不存在');
  const [done] = await db
    .update(finInvoiceVoids)
    .set({ state: 'removed', updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finInvoiceVoids.id, id), eq(finInvoiceVoids.state, 'applied')))
    .returning();
  if (!done) throw conflict(BILL_MSG.voidNotOpen);
  return v;
}

// ---- Reconciliation -----------------------------------------------------------------------------

export interface ReconciliationRow {
  billId: number;
  billNo: string | null;
  projectName: string | null;
  amountIncl: number;
  linesIncl: number;
  invoicedAmount: number;
  invoicesIssued: number;
  collectedAmount: number;
  collectionsValid: number;
  writtenOffAmount: number;
  problems: string[];
}

/**
 * Bills whose stored amounts disagree with the rows they sum or with each other (rules 1–6 of
 * docs/domain/finance-billing.md). The sums of the rows are the bill's kept totals (lines_excl …
 * passed_written_off, kept by triggers on the rows in the writing transaction); `disagrees` is
 * BILL_DISAGREES stored, so the report reads the partial index of disagreeing bills — empty on a
 * healthy database — whatever the number of bills in the window.
 */
export async function reconciliation(db: Db, user: Principal, input: { monthFrom?: number; monthTo?: number; limit: number }): Promise<ReconciliationRow[]> {
  const where = billResource.conditions({ monthFrom: input.monthFrom, monthTo: input.monthTo }, user, sql`${finBills.state} = 'passed'`);
  const r = await db.execute<Record<string, string | number | null>>(sql`
    WITH agg AS (
      SELECT fin_bills.id, fin_bills.bill_no, fb_project.name AS project_name, fin_bills.amount_excl, fin_bills.tax_amount, fin_bills.amount_incl,
        fin_bills.invoiced_amount, fin_bills.collected_amount, fin_bills.written_off_amount,
        fin_bills.lines_incl, fin_bills.lines_excl, fin_bills.lines_tax, fin_bills.issued_incl AS invoices_issued,
        fin_bills.valid_collected AS collections_valid, fin_bills.passed_written_off AS written_off_rows
      FROM fin_bills
      LEFT JOIN fin_projects fb_project ON fb_project.id = fin_bills.project_id
      LEFT JOIN org_units fb_client ON fb_client.id = fin_bills.client_org_id
      LEFT JOIN org_units fb_settle ON fb_settle.id = fin_bills.settle_org_id
      LEFT JOIN org_units fb_dept ON fb_dept.id = fin_bills.dept_id
      WHERE fin_bills.disagrees AND ${where ?? sql`true`}
    )
    SELECT * FROM agg
    ORDER BY id
    LIMIT ${input.limit}`);
  return rowsOf<Record<string, string | number | null>>(r).map((x) => {
    const n = (k: string) => Number(x[k] ?? 0);
    const problems: string[] = [];
    if (n('amount_incl') !== n('lines_incl') || n('amount_excl') !== n('lines_excl') || n('tax_amount') !== n('lines_tax')) problems.push('金额与明细合计不符');
    if (n('amount_excl') + n('tax_amount') !== n('amount_incl')) problems.push('不含税金额加税额不等于含税金额');
    if (n('invoiced_amount') !== n('invoices_issued')) problems.push('已开票金额与发票不符');
    if (n('collected_amount') !== n('collections_valid')) problems.push('已回款金额与回款记录不符');
    if (n('collected_amount') > n('invoiced_amount')) problems.push('回款超过开票金额');
    if (n('written_off_amount') !== n('written_off_rows')) problems.push('已核销金额与核销单不符');
    if (n('written_off_amount') > n('collected_amount')) problems.push('核销超过回款金额');
    return {
      billId: n('id'),
      billNo: (x.bill_no as string | null) ?? null,
      projectName: (x.project_name as string | null) ?? null,
      amountIncl: n('amount_incl'),
      linesIncl: n('lines_incl'),
      invoicedAmount: n('invoiced_amount'),
      invoicesIssued: n('invoices_issued'),
      collectedAmount: n('collected_amount'),
      collectionsValid: n('collections_valid'),
      writtenOffAmount: n('written_off_amount'),
      problems,
    };
  });
}

/** A cancellation bill the user may read: in the data scope of its bill, or a participant of its approval. */
export async function readableCancellation(db: Db, user: Principal, id: number) {
  try {
    return await cancellationResource.detail(db, id, user);
  } catch (err) {
    const [row] = await db.select({ i: finCancellationBills.processInstanceId }).from(finCancellationBills).where(eq(finCancellationBills.id, id));
    if (row?.i && (await isParticipant(db, row.i, user.userId))) return cancellationResource.detail(db, id, null);
    throw err;
  }
}

export async function deleteCancellation(db: Db, user: Principal, id: number) {
  const before = await cancellationResource.detail(db, id, user);
  const [done] = await db
    .update(finCancellationBills)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(finCancellationBills.id, id), isNull(finCancellationBills.deletedAt), inArray(finCancellationBills.state, ['draft', 'rejected', 'revoked'])))
    .returning({ id: finCancellationBills.id });
  if (!done) throw conflict('只有草稿、已驳回或已撤回的核销单可以删除');
  return before;
}

export async function updateCancellationFile(db: Db, user: Principal, id: number, fileId: string) {
  await cancellationResource.detail(db, id, user);
  await db.update(finCancellationBills).set({ fileId, updatedAt: new Date(), updatedBy: user.userId }).where(eq(finCancellationBills.id, id));
  return cancellationResource.detail(db, id, null);
}
