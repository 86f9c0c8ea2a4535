import { INVOICE_STATE, REIMBURSE_PROCESS } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { defineDocument, refuseCorrections } from '../../../platform/document/business-document';
import { sketchXml } from '../../../workflow/bpmn-builder';
import { checkClaimProject } from './reimburse.projects';
import { finExpenseClaims } from './reimburse.schema';

/**
 * The default approval of an expense claim: the claimant's direct manager (the leader of their unit,
 * or of the next unit up when that one has none or it is the claimant), then any finance user.
 * Seeded like the other documents (reimburse.seed.ts), so an administrator can change it in the designer.
 */
export const REIMBURSE_PROCESS_XML = sketchXml({
  key: REIMBURSE_PROCESS,
  name: '费用报销审批',
  erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'FINANCE' },
  nodes: [
    { id: 'start', type: 'startEvent', name: '提交报销' },
    { id: 'manager', type: 'userTask', name: '直属上级审批', erp: { assigneeType: 'superior' } },
    { id: 'finance', type: 'userTask', name: '财务审批', erp: { assigneeType: 'role', assigneeValue: 'finance', mode: 'any' } },
    { id: 'end', type: 'endEvent', name: '结束' },
  ],
  flows: [
    ['flow1', 'start', 'manager'],
    ['flow2', 'manager', 'finance'],
    ['flow3', 'finance', 'end'],
  ],
});

/** What a claim's approval routes by: the process variables of its submission, from the claim. */
export const claimVars = (claim: { total: number; orgId: number | null }) => ({ amount: claim.total, orgId: claim.orgId });

/**
 * An expense claim (报销单, BX…). The final pass leaves it waiting for payment (finance's 付款
 * action, reimburse.service.ts); a rejection or a withdrawal gives its invoices back to the folder.
 * A claim sent back may be saved with other lines (and another total) before it is resubmitted, by
 * its own call or the process centre's: either way the route reads the amount of the claim as it is.
 */
export const claimDocument = defineDocument({
  processKey: REIMBURSE_PROCESS,
  prefix: 'BX',
  name: '报销单',
  table: finExpenseClaims,
  columns: { id: finExpenseClaims.id, state: finExpenseClaims.state, instanceId: finExpenseClaims.processInstanceId, documentNo: finExpenseClaims.claimNo },
  defaultDefinitionXml: REIMBURSE_PROCESS_XML,
  routingVars: async (_tx, claim) => claimVars(claim),
  // A sent-back claim resubmitted from the process centre (not through the save call) is held to
  // the same project rule as a save: the claimant may have left the project's team meanwhile. It
  // takes no corrections there (they come through the save call).
  async onResubmit(tx, claim, form) {
    refuseCorrections(form);
    await checkClaimProject(tx, claim.userId, claim.projectId);
  },
  async onClosed(tx, claim, e) {
    await releaseInvoices(tx, claim.id, e.userId);
  },
});

/** The claim's invoices go back to "not claimed" (its lines still name them until another claim takes them). */
export async function releaseInvoices(tx: Db, claimId: number, userId: number | null): Promise<void> {
  await tx.execute(sql`
    UPDATE fin_expense_invoices SET claim_id = NULL, state = ${INVOICE_STATE.free}, updated_at = now(), updated_by = ${userId}
    WHERE claim_id = ${claimId}`);
}
