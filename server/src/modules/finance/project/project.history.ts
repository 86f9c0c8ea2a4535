import { CLAIM_BUDGET_NAMES } from '@erp/contract';
import { registerHistoryKind } from '../../../platform/history/record-history';
import { readableProject } from './project.service';

/**
 * A project's 操作记录 (issue 34 §4): its terms, period, contract amount and states, and its budget
 * versions as they were drafted, proposed and took effect; readers of the project read it.
 */
registerHistoryKind({
  kind: 'project',
  fields: {
    project_no: { label: '项目编号' },
    name: { label: '项目名称' },
    project_type: { label: '项目类型', dict: 'FINPROJECTTYPE' },
    client_org_id: { label: '甲方', type: 'org' },
    settle_org_id: { label: '乙方', type: 'org' },
    dept_id: { label: '所属部门', type: 'org' },
    start_date: { label: '开始日期' },
    end_date: { label: '结束日期' },
    contract_amount: { label: '合同金额', type: 'money' },
    remark: { label: '备注' },
    state: { label: '审批状态', type: 'state' },
    phase: { label: '项目状态', dict: 'FINPROJECTPHASE' },
    version_no: { label: '版本' },
    claim_budget: { label: '报销超预算', values: CLAIM_BUDGET_NAMES },
    deleted_at: { label: '删除时间' },
  },
  parts: [
    {
      kind: 'budget_version',
      label: '预算版本',
      title: ['version_no'],
      fields: {
        version_no: { label: '版本' },
        status: { label: '版本状态', values: { draft: '草稿', proposed: '审批中', effective: '已生效', discarded: '已作废' } },
        effective_month: { label: '生效月份', type: 'month' },
        budget_total: { label: '预算合计', type: 'money' },
      },
    },
  ],
  async access(db, user, id) {
    await readableProject(db, user, id);
    return { sensitive: true };
  },
});
