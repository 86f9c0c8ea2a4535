import { z } from 'zod';
import { defineCall } from '../define';

/**
 * Company settings of the controls outside the approval engine (issue 34 §1, docs/domain/controls.md):
 * the four-eyes rule — who prepared a claim's payment or computed a payroll month does not also pay
 * or close it. On by default; an administrator turns it off for a company too small for a second
 * person, and the change is in the audit log.
 */

export const CONTROLS_PERM = {
  /** Reads and changes the control settings (administrators). */
  edit: 'base:controls:edit',
} as const;

export const ZControlSettings = z.object({
  fourEyes: z.boolean({ error: '请选择是否启用四眼原则' }),
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
    summary: 'Whether the four-eyes rule applies (claim payment, payroll close)',
  }),
  saveSettings: defineCall({
    ...own,
    path: C('saveSettings'),
    request: ZControlSettings,
    data: ZControlSettings,
    permission: CONTROLS_PERM.edit,
    write: true,
    summary: 'Turns the four-eyes rule on or off; applies to the next check',
  }),
};
