import { SALARY_PERM } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { hasPermission } from '../../platform/auth/principal';
import { queryRows } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { registerHistoryKind } from '../../platform/history/record-history';

/**
 * A payroll month's 操作记录 (issue 34 §4): each computation (who, when, and how the totals moved)
 * and its close. Its lines are rebuilt by every computation, so the month's totals carry their
 * history; holders of the payroll permission read it.
 */
registerHistoryKind({
  kind: 'payroll',
  fields: {
    state: { label: '状态', values: { open: '未关账', closed: '已关账' } },
    employee_count: { label: '人数' },
    gross_total: { label: '应发合计', type: 'money' },
    contribution_total: { label: '社保公积金', type: 'money' },
    employer_contribution_total: { label: '单位社保公积金', type: 'money' },
    tax_total: { label: '个税', type: 'money' },
    net_total: { label: '实发合计', type: 'money' },
    computed_at: { label: '核算时间', type: 'datetime' },
    closed_by: { label: '关账人', type: 'user' },
  },
  async access(db, user, id) {
    if (!hasPermission(user, SALARY_PERM.list)) throw notFound('工资表不存在');
    const [run] = await queryRows<{ id: number }>(db, sql`SELECT id FROM pay_runs WHERE id = ${id}`);
    if (!run) throw notFound('工资表不存在');
    return { sensitive: true };
  },
});
