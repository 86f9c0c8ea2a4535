import { z } from 'zod';
import { defineCall } from '../define';

/**
 * Company settings of the controls outside the approval engine (issue 34 §1, docs/domain/controls.md):
 * the four-eyes rule — who prepared a claim's payment or computed a payroll month does not also pay
 * or close it — and the claim budget control. Four-eyes is on by default; an administrator turns it off for a company too small for a second
 * person, and the change is in the audit log.
 */

export const CONTROLS_PERM = {
  /** Reads and changes the control settings (administrators). */
  edit: 'base:controls:edit',
} as const;

/**
 * How a claim on a project meets the project's budget (issue 34 §3): off, a warning on the claim for its
 * approvers (the default), or a refusal at submission.
 */
export const CLAIM_BUDGET_MODES = ['off', 'warn', 'refuse'] as const;
export type ClaimBudgetMode = (typeof CLAIM_BUDGET_MODES)[number];
/** How each mode reads (内控设置, a project's own setting, its history). */
export const CLAIM_BUDGET_NAMES: Record<ClaimBudgetMode, string> = { warn: '提醒', refuse: '禁止提交', off: '不控制' };

export const ZControlSettings = z.object({
  fourEyes: z.boolean({ error: '请选择是否启用四眼原则' }),
  claimBudget: z.enum(CLAIM_BUDGET_MODES, { error: '请选择报销超预算的处理方式' }),
});
export type ControlSettings = z.output<typeof ZControlSettings>;

const own = { method: 'POST', requestKind: 'json', fromSpec: false } as const;
const C = (n: string) => `/base_api/base/api/controls/${n}`;

export const controlsCalls = {
  settings: defineCall({
    ...own,
    path: C('settings'),
    request: z.object({}),
    data: ZControlSettings,
    permission: CONTROLS_PERM.edit,
    summary: 'Whether the four-eyes rule applies (claim payment, payroll close), and how a claim over its project budget is met',
  }),
  saveSettings: defineCall({
    ...own,
    path: C('saveSettings'),
    request: ZControlSettings,
    data: ZControlSettings,
    permission: CONTROLS_PERM.edit,
    write: true,
    summary: 'Turns the four-eyes rule on or off and sets the claim budget control; applies to the next check',
  }),
};
