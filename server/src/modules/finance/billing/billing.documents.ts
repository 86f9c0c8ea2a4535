import { BILL_PROCESS, BILL_STATUS, FIN_PROCESS } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import type { BusinessDocument } from '../../../platform/document/business-document';
import { defineDocument } from '../../../platform/document/business-document';
import { conflict } from '../../../platform/errors';
import { sketchXml } from '../../../workflow/bpmn-builder';
import { registerClosureCheck } from '../project/closure-checks';
import { registerTaskDocument } from '../project/project.routes';
import { finBills, finCancellationBills } from './billing.schema';

function financeXml(key: string, name: string, task: string): string {
  return sketchXml({
    key,
    name,
    erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'FINANCE' },
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起申请' },
      { id: 'finance', type: 'userTask', name: task, erp: { assigneeType: 'role', assigneeValue: 'finance', mode: 'any' } },
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: [
      ['flow1', 'start', 'finance'],
      ['flow2', 'finance', 'end'],
    ],
  });
}

/** Default definitions, deployed at first start and by the upgrade path (billing.seed.ts). */
export const BILLING_PROCESS_XML: Record<string, string> = {
  [BILL_PROCESS]: financeXml(BILL_PROCESS, '结算单审批', '财务审批'),
  [FIN_PROCESS.cancellationBill]: financeXml(FIN_PROCESS.cancellationBill, '核销单审批', '财务审批'),
};

/** A settlement bill: the pass makes it "pending invoicing"; a rejection or revocation leaves it "pending push". */
export const billDocument = defineDocument({
  processKey: BILL_PROCESS,
  prefix: 'JS',
  name: '结算单',
  table: finBills,
  columns: { id: finBills.id, state: finBills.state, instanceId: finBills.processInstanceId, documentNo: finBills.billNo },
  defaultDefinitionXml: BILLING_PROCESS_XML[BILL_PROCESS],
  async onPassed(tx, bill, e) {
    await tx.update(finBills).set({ invoiceStatus: BILL_STATUS.pendingInvoice, updatedAt: new Date(), updatedBy: e.userId }).where(eq(finBills.id, bill.id));
  },
});

/** Write-off (核销单): the pass adds its amount to the bill's written-off amount (never above the collected). */
export const cancellationDocument = defineDocument({
  processKey: FIN_PROCESS.cancellationBill,
  prefix: 'HX',
  name: '核销单',
  table: finCancellationBills,
  columns: {
    id: finCancellationBills.id,
    state: finCancellationBills.state,
    instanceId: finCancellationBills.processInstanceId,
    documentNo: finCancellationBills.cancellationNo,
  },
  defaultDefinitionXml: BILLING_PROCESS_XML[FIN_PROCESS.cancellationBill],
  async onPassed(tx, doc, e) {
    const result = await tx.execute<{ id: number }>(sql`
      UPDATE fin_bills SET written_off_amount = written_off_amount + ${doc.amount},
        writeoff_status = CASE WHEN written_off_amount + ${doc.amount} >= amount_incl THEN ${BILL_STATUS.writtenOff} ELSE ${BILL_STATUS.partWrittenOff} END,
        updated_at = now(), updated_by = ${e.userId}
      WHERE id = ${doc.billId} AND written_off_amount + ${doc.amount} <= collected_amount
      RETURNING id`);
    if (!(result as unknown as { rows: unknown[] }).rows.length) throw conflict('核销金额超过已回款未核销金额');
  },
});

registerTaskDocument(FIN_PROCESS.cancellationBill, cancellationDocument as unknown as BusinessDocument<never>);

// A project with bills not fully settled cannot be closed.
registerClosureCheck({
  key: 'bills',
  async check(db, projectId) {
    const result = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM fin_bills
      WHERE project_id = ${projectId} AND deleted_at IS NULL AND state NOT IN ('rejected', 'revoked')
        AND (state <> 'passed' OR invoice_status <> ${BILL_STATUS.invoiced} OR collected_amount < amount_incl)`);
    const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    return n ? `存在${n}张未结清的结算单（未审批、未开票或未回款）` : null;
  },
});
