import { registerHistoryKind } from '../../../platform/history/record-history';
import { readableSheet } from './hours.service';

/**
 * A timesheet's 操作记录 (issue 34 §4): its hours by kind, state and revisions (each with its reason),
 * merged with its approval steps; whoever may read the sheet reads it.
 */
registerHistoryKind({
  kind: 'timesheet',
  fields: {
    sheet_no: { label: '工时单号' },
    month: { label: '月份', type: 'month' },
    total_minutes: { label: '合计工时', type: 'minutes' },
    normal_minutes: { label: '正常工时', type: 'minutes' },
    ot_workday_minutes: { label: '工作日加班', type: 'minutes' },
    ot_restday_minutes: { label: '休息日加班', type: 'minutes' },
    ot_holiday_minutes: { label: '节假日加班', type: 'minutes' },
    state: { label: '审批状态', type: 'state' },
    revision: { label: '修订次数' },
    remark: { label: '备注' },
    deleted_at: { label: '删除时间' },
  },
  parts: [
    {
      kind: 'timesheet_revision',
      label: '工时修订',
      title: ['revision'],
      fields: { reason: { label: '修订原因' }, total_minutes: { label: '修订后工时', type: 'minutes' } },
    },
  ],
  async access(db, user, id) {
    await readableSheet(db, user, id);
    return { sensitive: true };
  },
});
