import { sql } from 'drizzle-orm';
import { registerHistoryKind } from '../../../platform/history/record-history';
import { deptInScope } from './dept-budget';

/**
 * A department's own budget in its 操作记录 (issue 34 §4): each line (subject and month) as finance
 * set, changed and removed it. The department's project budgets are in their projects' records.
 */
registerHistoryKind({
  kind: 'dept_budget',
  fields: {},
  parts: [
    {
      kind: 'dept_budget_line',
      label: '部门预算',
      title: ['subject_id', 'month'],
      titleAll: true,
      fields: {
        subject_id: { label: '预算科目', names: (ids) => sql`SELECT id, name FROM fin_budget_subjects WHERE id IN (${ids})` },
        month: { label: '月份', type: 'month' },
        amount: { label: '金额', type: 'money' },
      },
    },
  ],
  async access(db, user, id) {
    await deptInScope(db, user, id);
    return { sensitive: true };
  },
});
