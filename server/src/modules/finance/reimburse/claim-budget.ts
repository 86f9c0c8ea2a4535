import { type ClaimBudgetMode, EXPENSE_BUDGET_SUBJECTS, formatFen, REIMBURSE_MSG } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { asClaimBudgetMode, claimBudgetMode } from '../../../platform/controls/claim-budget-mode';
import { type Db, queryRows } from '../../../platform/db';
import { refusedAt } from '../../../platform/errors';

/*
 * A claim within its project's budget (issue 34 §3, docs/domain/controls.md §3). Each expense category
 * is spent from a budget subject (EXPENSE_BUDGET_SUBJECTS); a subject's budget is what the project's
 * budget in force holds for it over all months, and what is used is the project's actuals for it plus
 * its other live claims (in approval, sent back or approved). A project without any budget is not
 * checked. The company chooses in 内控设置 whether an overrun is a notice (default) or a refusal; a
 * project may have its own setting.
 */

/** The overrun of each subject the claim's lines take past its budget, as the message says it; empty when within. */
async function overruns(db: Db, claimId: number): Promise<string[]> {
  const codes = [...new Set(Object.values(EXPENSE_BUDGET_SUBJECTS))];
  const mapping = sql.join(
    Object.entries(EXPENSE_BUDGET_SUBJECTS).map(([category, code]) => sql`(${category}, ${code})`),
    sql`, `,
  );
  const rows = await queryRows<{ subject: string; budget: string; used: string; claim: string }>(
    db,
    sql`WITH c AS (SELECT project_id FROM fin_expense_claims WHERE id = ${claimId} AND project_id IS NOT NULL),
      m(category, code) AS (VALUES ${mapping}),
      mine AS (SELECT m.code, sum(l.amount) AS amount FROM fin_expense_claim_lines l JOIN m ON m.category = l.category
        WHERE l.claim_id = ${claimId} GROUP BY m.code)
      SELECT s.name AS subject,
        (SELECT coalesce(sum(b.amount), 0) FROM fin_budget_in_force b WHERE b.project_id = c.project_id AND b.subject_id = s.id)::bigint AS budget,
        ((SELECT coalesce(sum(a.amount), 0) FROM fin_project_actuals a WHERE a.project_id = c.project_id AND a.subject_id = s.id)
          + (SELECT coalesce(sum(l.amount), 0) FROM fin_expense_claims o JOIN fin_expense_claim_lines l ON l.claim_id = o.id
              JOIN m ON m.category = l.category
              WHERE o.project_id = c.project_id AND o.id <> ${claimId} AND o.deleted_at IS NULL
                AND o.state IN ('approving', 'returned', 'passed') AND m.code = s.code))::bigint AS used,
        mine.amount::bigint AS claim
      FROM c JOIN mine ON true JOIN fin_budget_subjects s ON s.code = mine.code
      WHERE s.code IN (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})
        AND EXISTS (SELECT 1 FROM fin_budget_in_force b WHERE b.project_id = c.project_id)
      ORDER BY s.sort, s.code`,
  );
  return rows.flatMap((r) => {
    const [budget, used, claim] = [Number(r.budget), Number(r.used), Number(r.claim)];
    const over = used + claim - budget;
    return over > 0
      ? [REIMBURSE_MSG.overBudget({ subject: r.subject, budget: formatFen(budget), used: formatFen(used), claim: formatFen(claim), over: formatFen(over) })]
      : [];
  });
}

/** The control for a claim: its project's own setting (项目详情 → 项目预算), else the company's. */
async function modeFor(db: Db, claimId: number): Promise<ClaimBudgetMode> {
  const [own] = await queryRows<{ claim_budget: string | null }>(
    db,
    sql`SELECT p.claim_budget FROM fin_expense_claims c JOIN fin_projects p ON p.id = c.project_id WHERE c.id = ${claimId}`,
  );
  return asClaimBudgetMode(own?.claim_budget) ?? (await claimBudgetMode(db));
}

/** The notice a claim shows its claimant and approvers while the control is on; null when within budget. */
export async function claimBudgetNotice(db: Db, claimId: number): Promise<string | null> {
  if ((await modeFor(db, claimId)) === 'off') return null;
  const found = await overruns(db, claimId);
  return found.length ? found.join('；') : null;
}

/** At submission: refuses (409, under the project) a claim over budget when the company refuses overruns. */
export async function requireClaimWithinBudget(db: Db, claimId: number): Promise<void> {
  if ((await modeFor(db, claimId)) !== 'refuse') return;
  const found = await overruns(db, claimId);
  if (found.length) throw refusedAt(409, 'projectId', `${found.join('；')}${REIMBURSE_MSG.overBudgetRefused}`, 'budget');
}
